package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AnswerLimitTest {

    @Test
    void anAnswerUpToTheLimitIsReadWhole() throws Exception {
        assertEquals("{\"a\":1}", CompanyTransport.readBounded(in("{\"a\":1}"), 7, null));
        assertEquals("支付", CompanyTransport.readBounded(in("支付"), 6, "UTF-8"));
    }

    @Test
    void aLargerAnswerIsNotReadBeyondOneBytePastTheLimit() throws Exception {
        byte[] huge = new byte[10_000_000];
        InputStream stream = new ByteArrayInputStream(huge);
        assertNull(CompanyTransport.readBounded(stream, 1024, null));
        assertEquals(10_000_000 - 1025, stream.available(), "the rest is left unread");
    }

    @Test
    void anUnknownCharsetIsReadAsUtf8() throws Exception {
        assertEquals("成功", CompanyTransport.readBounded(in("成功"), 100, "no-such-charset"));
    }

    private static InputStream in(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }
}
