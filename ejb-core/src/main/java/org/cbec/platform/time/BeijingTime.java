package org.cbec.platform.time;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * How the broker writes a time for its clients: ISO 8601 in Beijing time (+08:00, the zone of the
 * payers, the companies and customs; the spec gives {@code modifyTime} in GMT+8), always with
 * seconds. The stored instant keeps microseconds; the offset a company wrote is not kept (PostgreSQL
 * stores the instant), so every time is answered in this one zone whatever the database.
 */
public final class BeijingTime {

    private static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);

    private BeijingTime() {
    }

    public static String format(OffsetDateTime t) {
        // ISO_OFFSET_DATE_TIME always prints the seconds; OffsetDateTime.toString leaves out ":00".
        return t == null ? null : DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t.withOffsetSameInstant(BEIJING));
    }
}
