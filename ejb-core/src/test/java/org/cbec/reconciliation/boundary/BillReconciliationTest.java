package org.cbec.reconciliation.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.cbec.payment.entity.ReconciliationDay;
import org.junit.jupiter.api.Test;

class BillReconciliationTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 20);
    private static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);

    private static BillReconciliation job() {
        BillReconciliation job = new BillReconciliation();
        job.dueHour = 10;
        return job;
    }

    @Test
    void aDayIsPublishedFromTheDueHourOfTheNextDayInBeijingTime() {
        assertFalse(job().published(DAY, DAY.plusDays(1).atTime(9, 59, 59).atOffset(BEIJING)));
        assertTrue(job().published(DAY, DAY.plusDays(1).atTime(10, 0).atOffset(BEIJING)));
        assertTrue(job().published(DAY, OffsetDateTime.of(2026, 11, 21, 2, 0, 0, 0, ZoneOffset.UTC)), "10:00 Beijing is 02:00 UTC");
    }

    @Test
    void aDayIsRunUntilDoneOrFailedAndAnAwaitingOneOnlyOnceTheNextDaysBillIsOut() {
        OffsetDateTime nextMorning = DAY.plusDays(1).atTime(11, 0).atOffset(BEIJING);
        OffsetDateTime dayAfter = DAY.plusDays(2).atTime(11, 0).atOffset(BEIJING);
        assertTrue(job().due(null, DAY, nextMorning), "never run");
        assertTrue(job().due(ReconciliationDay.State.DUE, DAY, nextMorning), "its bills not had yet");
        assertFalse(job().due(ReconciliationDay.State.DONE, DAY, dayAfter));
        assertFalse(job().due(ReconciliationDay.State.FAILED, DAY, dayAfter));
        assertFalse(job().due(ReconciliationDay.State.AWAITING, DAY, nextMorning), "the next day's bill is not out yet");
        assertTrue(job().due(ReconciliationDay.State.AWAITING, DAY, dayAfter));
    }
}
