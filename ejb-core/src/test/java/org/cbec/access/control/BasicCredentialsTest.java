package org.cbec.access.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class BasicCredentialsTest {

    private static String basic(String userColonPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userColonPassword.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void parsesUserAndPasswordWithColonsInThePassword() {
        BasicCredentials c = BasicCredentials.parse(basic("admin:pa:ss")).orElseThrow();
        assertEquals("admin", c.user());
        assertEquals("pa:ss", c.password());
    }

    @Test
    void schemeIsCaseInsensitive() {
        assertTrue(BasicCredentials.parse(basic("admin:x").replace("Basic", "bAsIc")).isPresent());
    }

    @Test
    void refusesOtherSchemesBadBase64AndMissingColon() {
        assertFalse(BasicCredentials.parse(null).isPresent());
        assertFalse(BasicCredentials.parse("Bearer abc").isPresent());
        assertFalse(BasicCredentials.parse("Basic !!!").isPresent());
        assertFalse(BasicCredentials.parse(basic("adminonly")).isPresent());
    }

    @Test
    void toStringNeverShowsThePassword() {
        assertFalse(BasicCredentials.parse(basic("admin:s3cret")).orElseThrow().toString().contains("s3cret"));
    }
}
