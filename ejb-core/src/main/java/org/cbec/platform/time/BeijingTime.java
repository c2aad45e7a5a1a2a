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

    /** Beijing time (no daylight saving): the zone of a bill's day. */
    public static final ZoneOffset ZONE = BEIJING;

    private BeijingTime() {
    }

    /**
     * Every time an answer or an event carries: {@code yyyy-MM-ddTHH:mm:ss+08:00}, whole seconds,
     * so that one instant reads the same wherever it is shown (a time kept to the microsecond by
     * one database and to the nanosecond by the clock that made it, or read back from a list).
     */
    public static String format(OffsetDateTime t) {
        // ISO_OFFSET_DATE_TIME always prints the seconds; OffsetDateTime.toString leaves out ":00".
        return t == null ? null : DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                t.withOffsetSameInstant(BEIJING).truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }

    /** The Beijing day of an instant. */
    public static java.time.LocalDate day(OffsetDateTime t) {
        return t.atZoneSameInstant(BEIJING).toLocalDate();
    }

    /**
     * The days whose bills the companies keep, today included: alphapay, as WeChat Pay v3, serves a
     * day's bills for three months, and the broker asks neither company for an older day (a bill
     * date before them is refused before any statement is prepared or any company asked).
     */
    public static final int BILL_DAYS_KEPT = 90;

    /**
     * A client's day ({@code yyyy-MM-dd}, a day in Beijing time) that has begun by {@code now} and
     * is one of the last {@link #BILL_DAYS_KEPT} days.
     *
     * @throws org.cbec.platform.error.InvalidRequestException naming {@code field} otherwise
     */
    public static java.time.LocalDate billDate(String field, String text, OffsetDateTime now) {
        java.time.LocalDate d;
        try {
            d = text == null || text.length() != 10 ? null
                    : java.time.LocalDate.parse(text, DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(java.time.format.ResolverStyle.STRICT));
        } catch (java.time.format.DateTimeParseException e) {
            d = null;
        }
        if (d == null) {
            throw new org.cbec.platform.error.InvalidRequestException(field, field + " must be a day written yyyy-MM-dd");
        }
        if (d.isAfter(day(now))) {
            throw new org.cbec.platform.error.InvalidRequestException(field, field + " " + text + " has not begun in Beijing time");
        }
        if (d.isBefore(day(now).minusDays(BILL_DAYS_KEPT - 1L))) {
            throw new org.cbec.platform.error.InvalidRequestException(field, field + " " + text + " is before the last " + BILL_DAYS_KEPT
                    + " days, whose bills the companies keep");
        }
        return d;
    }
}
