package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LogSecretsTest {

    private static final String KEY = "cbk_" + "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg";

    @Test
    void findsKeysPasswordsPrivateKeysAndIdentityNumbersWithoutRepeatingThem() {
        String log = "INFO Payment created\nFINE key " + KEY + " used\n-----BEGIN PRIVATE KEY-----\n"
                + "declared for 11010519491231002X today\nadmin password s3cret-admin\n"
                + "secret whsec_Y2JlYy13ZWJob29rLXRlc3Qta2V5LTAxMjM0NTY3ODk= issued\n";
        List<String> found = LogSecrets.findings(log, "server.log", List.of("s3cret-admin"));
        assertEquals(5, found.size(), found::toString);
        assertTrue(found.stream().anyMatch(f -> f.startsWith("a webhook secret")));
        assertTrue(found.stream().anyMatch(f -> f.startsWith("an API key")));
        assertTrue(found.stream().anyMatch(f -> f.startsWith("a private key")));
        assertTrue(found.stream().anyMatch(f -> f.startsWith("a resident identity number")));
        assertTrue(found.stream().anyMatch(f -> f.startsWith("known secret")));
        assertFalse(found.toString().contains(KEY) || found.toString().contains("11010519491231002X") || found.toString().contains("s3cret")
                || found.toString().contains("whsec_"),
                "findings never repeat the secret");
    }

    @Test
    void identityNumbersAreRecognisedByTheirOwnCheckCharacterRule() {
        // Known answers (worked out by hand from GB 11643): the right check character is found, a wrong one is not an ID.
        for (String id : List.of("11010519491231002X", "440304198802141236", "650102199001013453", "11010519900307101x")) {
            assertTrue(LogSecrets.checkCharacterFits(id), id);
            assertEquals(1, LogSecrets.findings("id " + id + " seen", "server.log", List.of()).size(), id);
        }
        for (String notAnId : List.of("110105194912310021", "440304198802141235", "650102199001013450")) {
            assertFalse(LogSecrets.checkCharacterFits(notAnId), notAnId);
        }
    }

    @Test
    void aCleanLogHasNoFindings() {
        String log = "key key_0a1b2c3d4e5f60718293 revoked; masked 110***********2X; [timeMillis: 1795300059700]"
                + " order 20261121223001123456789 cbk_wrong 110105194912310021x9";
        assertEquals(List.of(), LogSecrets.findings(log, "server.log", List.of("not-in-the-log")));
    }
}
