package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the transport stores of an answer: a message as its call makes it, a downloaded file as its name and size only. */
class StoredAnswerTest {

    @Test
    void aFileIsStoredAsItsNameAndSizeNeverItsContent() {
        byte[] zip = "PK\u0003\u0004 the bill's lines".getBytes(StandardCharsets.ISO_8859_1);
        HttpCall call = HttpCall.download("bill-download", "https://betapay.test/bill?token=t", Map.of(), "GET https://betapay.test/bill",
                "statement");
        HttpExchange answer = new HttpExchange(200, Map.of("content-type", "application/zip"), "ignored text", 1, zip);
        String stored = CompanyTransport.storedAnswer(call, answer);
        assertEquals("statement (21 bytes, application/zip)", stored);
        assertFalse(stored.contains("bill's lines"));
    }

    @Test
    void aMessageIsStoredAsItsCallMakesIt() {
        HttpCall call = new HttpCall("query", "POST", "https://betapay.test/gateway.do", Map.of(), "a=1", "application/x-www-form-urlencoded",
                "POST …", body -> body.replace("secret", "***"));
        assertEquals("{\"x\":\"***\"}", CompanyTransport.storedAnswer(call, new HttpExchange(200, Map.of(), "{\"x\":\"secret\"}", 1)));
    }
}
