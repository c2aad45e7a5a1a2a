package org.cbec.platform.text;

import org.cbec.platform.error.InvalidRequestException;

/**
 * Text a caller may choose freely (names, labels, descriptions): it is stored and sent on as it
 * is, so it only has to fit and be text. A control character other than tab and line breaks is
 * never meaningful in it, and PostgreSQL refuses a NUL in text outright, which would fail the
 * insert instead of refusing the request (found on PostgreSQL by BadInputIT).
 */
public final class FreeText {

    private FreeText() {
    }

    /** Refuses a value longer than {@code max} or holding control characters, naming {@code field}; null passes. */
    public static void check(String field, String value, int max) {
        if (value == null) {
            return;
        }
        if (value.length() > max) {
            throw new InvalidRequestException(field, field + " must be at most " + max + " characters");
        }
        if (hasControlCharacters(value)) {
            throw new InvalidRequestException(field, field + " must not contain control characters");
        }
    }

    public static boolean hasControlCharacters(String value) {
        return value.chars().anyMatch(ch -> ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r' || ch == 0x7f);
    }
}
