package org.cbec.platform.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

class BeijingTimeTest {

    /** 2026-11-26 09:00 in Beijing. */
    private static final OffsetDateTime NOW = OffsetDateTime.parse("2026-11-26T01:00:00Z");

    @Test
    void aBillDateIsADayOfTheLastDaysTheCompaniesKeepUpToToday() {
        assertEquals(LocalDate.of(2026, 11, 26), BeijingTime.billDate("billDate", "2026-11-26", NOW), "today has begun");
        LocalDate oldest = LocalDate.of(2026, 11, 26).minusDays(BeijingTime.BILL_DAYS_KEPT - 1);
        assertEquals(oldest, BeijingTime.billDate("billDate", oldest.toString(), NOW), "the oldest day kept");
        for (String day : new String[] {oldest.minusDays(1).toString(), "0001-01-01", "2000-01-01", "2026-11-27", "2026-02-30", "20261125"}) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> BeijingTime.billDate("billDate", day, NOW), day);
            assertEquals("billDate", e.field(), day);
        }
        assertEquals("billDate 0001-01-01 is before the last " + BeijingTime.BILL_DAYS_KEPT + " days, whose bills the companies keep",
                assertThrows(InvalidRequestException.class, () -> BeijingTime.billDate("billDate", "0001-01-01", NOW)).getMessage());
    }
}
