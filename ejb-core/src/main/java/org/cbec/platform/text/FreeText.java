package org.cbec.platform.text;

import java.util.Optional;
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
        problem(value, max).ifPresent(problem -> {
            throw new InvalidRequestException(field, field + " " + problem);
        });
    }

    /** What is wrong with {@code value} (the words after the field's name), or empty; null passes. */
    public static Optional<String> problem(String value, int max) {
        if (value == null) {
            return Optional.empty();
        }
        if (value.length() > max) {
            return Optional.of("must be at most " + max + " characters");
        }
        if (hasControlCharacters(value)) {
            return Optional.of("must not contain control characters");
        }
        return Optional.empty();
    }

    public static boolean hasControlCharacters(String value) {
        return value.chars().anyMatch(ch -> ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r' || ch == 0x7f);
    }
}
