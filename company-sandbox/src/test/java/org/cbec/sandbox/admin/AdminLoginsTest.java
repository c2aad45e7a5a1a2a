package org.cbec.sandbox.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AdminLoginsTest {

    private final AdminLogins logins = new AdminLogins();

    @BeforeEach
    void configure() {
        logins.maxFailures = 5;
        logins.maxFailuresPerUser = 20;
        logins.lockSeconds = 1;
        logins.init();
    }

    @Test
    void fiveFailuresFromOneAddressLockItForEveryUserAndNoOtherAddress() {
        for (int i = 0; i < 5; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        assertTrue(logins.retryAfterSeconds("203.0.113.9", "admin").isPresent());
        assertTrue(logins.retryAfterSeconds("203.0.113.9", null).isPresent(), "without credentials too");
        assertTrue(logins.retryAfterSeconds("203.0.113.9", "ops").isPresent());
        assertFalse(logins.retryAfterSeconds("198.51.100.7", "admin").isPresent());
    }

    @Test
    void guessesForOneUserSpreadOverManyAddressesLockThatUser() {
        for (int i = 0; i < 20; i++) {
            logins.failed("203.0.113." + i, "admin");
        }
        assertTrue(logins.retryAfterSeconds("198.51.100.7", "admin").isPresent());
        assertFalse(logins.retryAfterSeconds("198.51.100.7", "ops").isPresent());
        assertFalse(logins.retryAfterSeconds("198.51.100.7", null).isPresent());
    }

    @Test
    void aSuccessForgetsTheAddressAndTheUser() {
        for (int i = 0; i < 4; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        logins.succeeded("203.0.113.9", "admin");
        logins.failed("203.0.113.9", "admin");
        assertFalse(logins.retryAfterSeconds("203.0.113.9", "admin").isPresent());
    }

    @Test
    void theFirstLockIsTheConfiguredOneAndNoneLastsPastThirtySeconds() {
        logins.lockSeconds = 3;
        logins.init();
        for (int i = 0; i < 5; i++) {
            logins.failed("203.0.113.9", "x" + i);
        }
        assertEquals(3, logins.retryAfterSeconds("203.0.113.9", null).getAsLong());
        logins.lockSeconds = 600;
        logins.init();
        for (int i = 0; i < 5; i++) {
            logins.failed("203.0.113.9", "x" + i);
        }
        assertEquals(30, logins.retryAfterSeconds("203.0.113.9", null).getAsLong());
    }

    @Test
    void aUserNameIsLoggedWithoutControlCharactersAndCut() {
        assertEquals("a?b", AdminLogins.printable("a\nb"));
        assertEquals(65, AdminLogins.printable("u".repeat(200)).length());
    }
}
