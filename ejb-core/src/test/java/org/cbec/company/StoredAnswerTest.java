package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the transport stores of an answer: the body, or for a call summarised as a file, a summary of a successful answer's bytes. */
class StoredAnswerTest {

    private static final HttpCall CALL = new HttpCall("file", "GET", "https://company.example/file", Map.of(), null, null, "GET /file",
            body -> body.replace("secret", "******"));

    @Test
    void anAnswerIsStoredAsTheCallsStoredAnswerMakesIt() {
        assertEquals("{\"a\":\"******\"}", CALL.stored(new HttpExchange(200, Map.of(), "{\"a\":\"secret\"}", 1)));
    }

    @Test
    void aSummarisedCallsSuccessfulAnswerIsStoredAsTheSummaryOfItsBytesNotItsBody() {
        HttpCall file = CALL.summarisedAs(bytes -> "file: " + bytes.length + " bytes");
        byte[] gzip = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
        assertEquals("file: 10 bytes", file.stored(new HttpExchange(200, Map.of(), new String(gzip, StandardCharsets.UTF_8), 1, gzip)));
    }

    @Test
    void aSummarisedCallsRefusalIsStillStoredAsItsBody() {
        HttpCall file = CALL.summarisedAs(bytes -> "file: " + bytes.length + " bytes");
        assertEquals("{\"code\":\"NO\",\"message\":\"******\"}",
                file.stored(new HttpExchange(400, Map.of(), "{\"code\":\"NO\",\"message\":\"secret\"}", 1)));
    }
}
