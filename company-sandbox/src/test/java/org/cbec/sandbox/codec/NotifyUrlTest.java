package org.cbec.sandbox.codec;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NotifyUrlTest {

    @Test
    void absoluteHttpAndHttpsUrlsWithAHostAreTaken() {
        for (String url : new String[] {"https://merchant.example/notify", "http://127.0.0.1:8080/cb?x=1", "HTTPS://m.example",
            "https://m.example/" + "a".repeat(230)}) {
            assertTrue(NotifyUrl.isValid(url), url);
        }
    }

    @Test
    void anythingElseIsRefused() {
        for (String url : new String[] {null, "", "/notify", "merchant.example/notify", "ftp://m.example/n", "javascript:alert(1)",
            "http:/nohost", "http://", "https://m.example/a b", "https://m.example/\u0000", "mailto:a@b.example",
            "https://m.example/" + "a".repeat(240)}) {
            assertFalse(NotifyUrl.isValid(url), String.valueOf(url));
        }
    }
}
