package org.cbec.platform.text;

import java.util.Optional;
import org.cbec.platform.error.InvalidRequestException;

/**
 * Text a caller may choose freely (names, labels, descriptions): it is stored and sent on as it
 * is, so it only has to fit and be text. A control character is never meaningful in it:
 * PostgreSQL refuses a NUL in text outright, which would fail the insert instead of refusing the
 * request (found on PostgreSQL by BadInputIT), and the payment companies refuse a tab, a line break
 * or a C1 control (U+0080 to U+009F) in the texts they are sent, which would turn the client's
 * mistake into a failed call that uses up its reference. So text is one line without any control
 * character by default; only a text that is stored and never sent on, and documented as several
 * lines, may hold line breaks and tabs ({@link #checkLines}).
 */
public final class FreeText {

    private FreeText() {
    }

    /** Refuses a value longer than {@code max} or holding control characters (tab and line breaks too), naming {@code field}; null passes. */
    public static void check(String field, String value, int max) {
        refuse(field, problem(value, max));
    }

    /** As {@link #check}, but line breaks (CR, LF) and tabs are allowed: several lines of text, never sent to a company. */
    public static void checkLines(String field, String value, int max) {
        refuse(field, problem(value, max, true));
    }

    /** What is wrong with one line of {@code value} (the words after the field's name), or empty; null passes. */
    /** {@code value}, required: not blank, at most {@code max} characters, no control character; else a 422 naming {@code field}. */
    public static String required(String field, String value, int max) {
        if (value == null || value.isBlank() || value.length() > max) {
            throw new InvalidRequestException(field, field + " is required, at most " + max + " characters");
        }
        check(field, value, max);
        return value;
    }

    /** As {@link #required}, line breaks allowed (a PEM key). */
    public static String requiredLines(String field, String value, int max) {
        if (value == null || value.isBlank() || value.length() > max) {
            throw new InvalidRequestException(field, field + " is required, at most " + max + " characters");
        }
        checkLines(field, value, max);
        return value;
    }

    public static Optional<String> problem(String value, int max) {
        return problem(value, max, false);
    }

    /** What is wrong with {@code value} (the words after the field's name), or empty; null passes. */
    public static Optional<String> problem(String value, int max, boolean lineBreaks) {
        if (value == null) {
            return Optional.empty();
        }
        if (value.length() > max) {
            return Optional.of("must be at most " + max + " characters");
        }
        if (hasControlCharacters(value, lineBreaks)) {
            return Optional.of("must not contain control characters");
        }
        return Optional.empty();
    }

    /** A control character: C0 (tab and line breaks included), DEL or C1. */
    public static boolean hasControlCharacters(String value) {
        return hasControlCharacters(value, false);
    }

    private static boolean hasControlCharacters(String value, boolean lineBreaks) {
        return value.chars().anyMatch(ch -> isControl(ch) && !(lineBreaks && (ch == '\n' || ch == '\r' || ch == '\t')));
    }

    private static boolean isControl(int ch) {
        return ch < 0x20 || ch >= 0x7f && ch <= 0x9f;
    }

    private static void refuse(String field, Optional<String> problem) {
        problem.ifPresent(p -> {
            throw new InvalidRequestException(field, field + " " + p);
        });
    }
}
