package org.cbec.sandbox.admin;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class AdminCredentialsTest {

    static String basic(String userAndPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void acceptsAdminWithThePassword() {
        assertTrue(AdminCredentials.accepts(basic("admin:s3cret:with:colons"), "s3cret:with:colons"));
        assertTrue(AdminCredentials.accepts("basic " + basic("admin:pw").substring(6), "pw"));
    }

    @Test
    void refusesEverythingWhenNoPasswordIsConfigured() {
        assertFalse(AdminCredentials.accepts(basic("admin:"), null));
        assertFalse(AdminCredentials.accepts(basic("admin:null"), null));
    }

    @Test
    void refusesWrongUsersPasswordsSchemesAndJunk() {
        assertFalse(AdminCredentials.accepts(basic("admin:wrong"), "pw"));
        assertFalse(AdminCredentials.accepts(basic("root:pw"), "pw"));
        assertFalse(AdminCredentials.accepts(basic("adminpw"), "pw"));
        assertFalse(AdminCredentials.accepts("Bearer pw", "pw"));
        assertFalse(AdminCredentials.accepts("Basic !!!", "pw"));
        assertFalse(AdminCredentials.accepts("Basic", "pw"));
        assertFalse(AdminCredentials.accepts(null, "pw"));
    }

    @Test
    void theUserIsReadFromBasicCredentialsOnly() {
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Optional.of("root"), AdminCredentials.user(basic("root:pw:x")));
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Optional.of(""), AdminCredentials.user(basic(":pw")));
        assertTrue(AdminCredentials.user("Bearer pw").isEmpty());
        assertTrue(AdminCredentials.user(basic("nocolon")).isEmpty());
        assertTrue(AdminCredentials.user(null).isEmpty());
    }
}
