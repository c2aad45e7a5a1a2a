package org.cbec.access.control;

import java.util.regex.Pattern;
import org.cbec.platform.error.InvalidRequestException;

/**
 * The identifiers of merchants, enterprises and platform merchants: they appear in URL paths, so
 * they are kept to letters, digits and {@code _ . -}, starting with a letter or digit, at most 64.
 */
public final class SubjectNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

    private SubjectNames() {
    }

    public static boolean valid(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** Returns the name, or refuses the request naming {@code field}. */
    public static String require(String field, String name) {
        if (name == null || name.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
        if (!valid(name)) {
            throw new InvalidRequestException(field,
                    field + " must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit");
        }
        return name;
    }
}
