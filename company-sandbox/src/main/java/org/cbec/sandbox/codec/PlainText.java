package org.cbec.sandbox.codec;

/**
 * Text that may be stored and looked up: no control characters (PostgreSQL refuses NUL in text,
 * which turned a bad request into a 500 in the broker) and no lone surrogates, within a length.
 */
public final class PlainText {

    private PlainText() {
    }

    public static boolean isPlain(String text, int maxLength) {
        if (text == null || text.isEmpty() || text.length() > maxLength) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c)) {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** The text if it is plain within {@code maxLength}, else null: for values only recorded, never refused. */
    public static String orNull(String text, int maxLength) {
        return isPlain(text, maxLength) ? text : null;
    }
}
