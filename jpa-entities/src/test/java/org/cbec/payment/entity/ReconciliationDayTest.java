package org.cbec.payment.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ReconciliationDayTest {

    private static final OffsetDateTime T = OffsetDateTime.of(2026, 11, 21, 2, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void aDayWhoseBillsCannotBeHadStaysDueUntilItsFirstAttemptIsTheAllowedDaysOldThenIsReported() {
        ReconciliationDay d = new ReconciliationDay("m", "alphapay", LocalDate.of(2026, 11, 20), T);
        d.failed("the tradebill does not match the SHA-1 the company gave for it", 3, "node", T);
        assertEquals(ReconciliationDay.State.DUE, d.getState());
        d.failed("again", 3, "node", T.plusDays(3).minusSeconds(1));
        assertEquals(ReconciliationDay.State.DUE, d.getState(), "not yet three days after the first attempt");
        d.failed("again", 3, "node", T.plusDays(3));
        assertEquals(ReconciliationDay.State.FAILED, d.getState(), "three days after the first attempt: reported");
        assertEquals(3, d.getAttempts());
        assertEquals("again", d.getLastError());
    }

    @Test
    void aComparisonClearsTheErrorAndAwaitsTheNextDaysBillWhenALineWaitsForIt() {
        ReconciliationDay d = new ReconciliationDay("m", "alphapay", LocalDate.of(2026, 11, 20), T);
        d.failed("no answer", 3, "node", T);
        d.compared(3, 3, 3, 0, 0, true, "node", T.plusHours(1));
        assertEquals(ReconciliationDay.State.DONE, d.getState());
        assertNull(d.getLastError());
        d.compared(3, 2, 2, 0, 1, true, "node", T.plusHours(2));
        assertEquals(ReconciliationDay.State.AWAITING, d.getState());
        assertEquals(3, d.getAttempts());
        d.compared(3, 3, 3, 0, 0, false, "node", T.plusHours(3));
        assertEquals(ReconciliationDay.State.AWAITING, d.getState(), "a day not over yet is compared again once it is");
    }

    @Test
    void aFailedRunLaterKeepsTheComparisonMadeBefore() {
        ReconciliationDay d = new ReconciliationDay("m", "alphapay", LocalDate.of(2026, 11, 20), T);
        d.compared(3, 3, 3, 0, 0, true, "node", T);
        d.failed("no answer", 3, "operator", T.plusDays(5));
        assertEquals(ReconciliationDay.State.DONE, d.getState());
        assertEquals("no answer", d.getLastError());
        assertEquals(3, d.getMatched());
    }
}
