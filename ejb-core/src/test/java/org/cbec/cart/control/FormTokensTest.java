package org.cbec.cart.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FormTokensTest {

    private static final byte[] SECRET = "a-secret-of-the-server-0123456789".getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    @Test
    void aTokenOpensItsCartUntilItExpires() {
        String token = FormTokens.issue("ct_1", NOW.plusSeconds(1800), SECRET);
        assertTrue(FormTokens.valid("ct_1", token, NOW, SECRET));
        assertTrue(FormTokens.valid("ct_1", token, NOW.plusSeconds(1799), SECRET));
        assertFalse(FormTokens.valid("ct_1", token, NOW.plusSeconds(1800), SECRET));
    }

    @Test
    void aTokenDoesNotOpenAnotherCartOrALaterTimeOrUnderAnotherSecret() {
        String token = FormTokens.issue("ct_1", NOW.plusSeconds(1800), SECRET);
        assertFalse(FormTokens.valid("ct_2", token, NOW, SECRET));
        String later = (NOW.plusSeconds(99_999).getEpochSecond()) + token.substring(token.indexOf('.'));
        assertFalse(FormTokens.valid("ct_1", later, NOW, SECRET));
        assertFalse(FormTokens.valid("ct_1", token, NOW, "another-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void garbageIsNotAToken() {
        assertFalse(FormTokens.valid("ct_1", null, NOW, SECRET));
        assertFalse(FormTokens.valid("ct_1", "", NOW, SECRET));
        assertFalse(FormTokens.valid("ct_1", "abc.def", NOW, SECRET));
        assertFalse(FormTokens.valid("ct_1", "9999999999", NOW, SECRET));
        assertFalse(FormTokens.valid("ct_1", "x".repeat(200), NOW, SECRET));
    }
}
