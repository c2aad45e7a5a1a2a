package org.cbec.access.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.cbec.access.control.MemoryLoginLedger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AdminLoginsTest {

    private final MemoryLoginLedger ledger = new MemoryLoginLedger();
    private final AdminLogins logins = new AdminLogins();
    private final List<LogRecord> logged = new ArrayList<>();
    private final Logger log = Logger.getLogger(AdminLogins.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void configure() {
        logins.maxFailures = 5;
        logins.maxFailuresPerUser = 20;
        logins.lockSeconds = 1;
        logins.maxLockSeconds = 300; // asked for more than the cap
        logins.adminPort = Optional.empty();
        logins.ledger = ledger;
        logins.init();
        log.addHandler(capture);
    }

    @AfterEach
    void detach() {
        log.removeHandler(capture);
    }

    @Test
    void aLockedAddressDoesNotLockTheSameUserFromAnotherAddressNorAnotherUser() {
        for (int i = 0; i < 5; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        assertTrue(logins.retryAfterSeconds("203.0.113.9", "admin").isPresent());
        assertTrue(logins.retryAfterSeconds("203.0.113.9", "ops").isPresent(), "the address is locked for every user");
        assertFalse(logins.retryAfterSeconds("198.51.100.7", "admin").isPresent());
        assertFalse(logins.retryAfterSeconds("198.51.100.7", "ops").isPresent());
    }

    @Test
    void guessesForOneUserSpreadOverManyAddressesLockThatUser() {
        for (int i = 0; i < 20; i++) {
            logins.failed("203.0.113." + i, "admin");
        }
        assertTrue(logins.retryAfterSeconds("198.51.100.7", "admin").isPresent());
        assertFalse(logins.retryAfterSeconds("198.51.100.7", "ops").isPresent());
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
    void oneWarningWhenALockStartsAndNoneForTheAttemptsBeforeIt() {
        for (int i = 0; i < 5; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        assertEquals(1, logged.size(), () -> logged.stream().map(LogRecord::getMessage).toList().toString());
        assertEquals(Level.WARNING, logged.get(0).getLevel());
        assertTrue(logged.get(0).getMessage().contains("203.0.113.9"));
    }

    @Test
    void noLockIsLongerThanThirtySeconds() {
        for (int i = 0; i < 40; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        assertTrue(logins.retryAfterSeconds("203.0.113.9", "admin").getAsLong() <= 30);
    }

    @Test
    void aUserNameIsLoggedOnOneLineAndCut() {
        assertEquals("ad?min", AdminLogins.printable("ad\nmin"));
        assertEquals(65, AdminLogins.printable("x".repeat(500)).length());
    }

    @Test
    void withAnAdminPortLoginsAreTakenThereOnly() {
        logins.adminPort = Optional.of(9090);
        assertTrue(logins.onAdminPort(9090));
        assertFalse(logins.onAdminPort(8080));
    }

    /** The other service's copy of this bean (the checkout's beside the broker's), on the same table. */
    private AdminLogins otherService() {
        AdminLogins other = new AdminLogins();
        other.maxFailures = 5;
        other.maxFailuresPerUser = 20;
        other.lockSeconds = 1;
        other.maxLockSeconds = 30;
        other.adminPort = Optional.empty();
        other.ledger = ledger;
        other.init();
        return other;
    }

    @Test
    void failuresAtOneServiceCountAtTheOtherAndItsLockStopsBoth() {
        AdminLogins checkout = otherService();
        for (int i = 0; i < 4; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        assertFalse(checkout.retryAfterSeconds("203.0.113.9", "admin").isPresent());
        checkout.failed("203.0.113.9", "admin");
        assertTrue(checkout.retryAfterSeconds("203.0.113.9", "admin").isPresent(), "the fifth in a row, whichever service saw it");
        assertTrue(logins.retryAfterSeconds("203.0.113.9", "admin").isPresent(), "locked at the first service too");
    }

    @Test
    void aSuccessAtOneServiceForgetsTheFailuresAtTheOther() {
        AdminLogins checkout = otherService();
        for (int i = 0; i < 4; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        checkout.succeeded("203.0.113.9", "admin");
        logins.failed("203.0.113.9", "admin");
        assertFalse(logins.retryAfterSeconds("203.0.113.9", "admin").isPresent());
    }

    @Test
    void theLockIsKeptInWallClockTimeSoThatEveryNodeReadsItAlike() {
        long[] now = {1_800_000_000_000L};
        logins.clock = () -> now[0];
        for (int i = 0; i < 5; i++) {
            logins.failed("203.0.113.9", "admin");
        }
        assertEquals(now[0] + 1000, ledger.rows.get("address:203.0.113.9").lockedUntilMillis());
        now[0] += 1000;
        assertFalse(logins.retryAfterSeconds("203.0.113.9", "admin").isPresent());
    }

    @Test
    void keysQuietForFifteenMinutesAreDeletedByTheNextFailure() {
        long[] now = {1_800_000_000_000L};
        logins.clock = () -> now[0];
        logins.failed("203.0.113.9", "admin");
        now[0] += 15 * 60_000 + 1;
        logins.failed("198.51.100.7", "ops");
        assertEquals(Set.of("address:198.51.100.7", "user:ops"), ledger.rows.keySet());
    }

    @Test
    void whenTheFailuresCannotBeReadTheLoginIsRefusedAsLockedNotLetThrough() {
        ledger.down = true;
        assertEquals(java.util.OptionalLong.of(1), logins.retryAfterSeconds("203.0.113.9", "admin"));
        logins.failed("203.0.113.9", "admin"); // not counted, no exception
        logins.succeeded("203.0.113.9", "admin");
    }
}
