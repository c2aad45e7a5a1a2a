package org.cbec.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class AdminListenerTest {

    private static final OptionalInt ADMIN_PORT = OptionalInt.of(9090);

    @Test
    void withoutAnAdminPortEveryPortServesEverything() {
        assertTrue(AdminListener.serves(OptionalInt.empty(), 8080, true));
        assertTrue(AdminListener.serves(OptionalInt.empty(), 8080, false));
    }

    @Test
    void adminPathsAreServedOnTheAdminPortOnly() {
        assertTrue(AdminListener.serves(ADMIN_PORT, 9090, true));
        assertFalse(AdminListener.serves(ADMIN_PORT, 8080, true));
        assertFalse(AdminListener.serves(ADMIN_PORT, 8443, true));
    }

    @Test
    void thePublicApiIsNotServedOnTheAdminPort() {
        assertFalse(AdminListener.serves(ADMIN_PORT, 9090, false));
        assertTrue(AdminListener.serves(ADMIN_PORT, 8080, false));
    }

    @Test
    void adminPathsAreTheAdminTreeWhateverTheServletMapping() {
        assertTrue(AdminListener.adminPath("", "/admin/keys"));
        assertTrue(AdminListener.adminPath("/admin", null));
        assertTrue(AdminListener.adminPath("", "//admin/keys"));
        assertFalse(AdminListener.adminPath("", "/administrators"));
        assertFalse(AdminListener.adminPath("", "/v1/merchant/admin"));
        assertFalse(AdminListener.adminPath("", null));
    }
}
