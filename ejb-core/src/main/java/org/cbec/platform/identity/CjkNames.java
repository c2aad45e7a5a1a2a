package org.cbec.platform.identity;

/**
 * The customs specification's patterns for names and street addresses written in Chinese.
 * Customs matches the buyer's name against the payer's name held by the payment company, so a
 * name in Latin letters, or with stray punctuation, is refused here rather than at customs days
 * later.
 *
 * <p>The specification allows CJK characters in U+2E80–U+2FD5, U+3190–U+319F, U+3400–U+4DBF,
 * U+4E00–U+9FCC and U+F900–U+FAAD, and spaces. The middle dot U+00B7 is accepted as well because
 * minority and transliterated names need it (阿依古丽·买买提); the katakana middle dot U+30FB is
 * accepted as the same thing, since several Chinese input methods type it for U+00B7.
 *
 * <p>"Space" means U+0020 only: the specification's pattern has a plain space, and the
 * ideographic space U+3000 would let two names that look alike differ.
 */
public final class CjkNames {

    private static final int MAX_NAME = 64;
    private static final int MAX_ADDRESS = 200;

    private static final int SPACE = ' ';
    private static final int MIDDLE_DOT = 0x00B7;
    private static final int KATAKANA_MIDDLE_DOT = 0x30FB;
    private static final int IDEOGRAPHIC_SPACE = 0x3000;

    /** Punctuation that house numbers and room numbers need, allowed after the first character. */
    private static final String ADDRESS_PUNCTUATION = "-#,.，（）－＃";

    private CjkNames() {
    }

    /**
     * Whether {@code s} is a name the specification accepts: 1 to 64 code points, starting with a
     * CJK character, then CJK characters, single spaces and middle dots, ending with neither a
     * space nor a dot, with no two dots next to each other (even with spaces between them).
     * Nothing is trimmed: a value with stray spaces is refused so that the caller notices.
     */
    public static boolean isName(String s) {
        return matches(s, MAX_NAME, false);
    }

    /**
     * Whether {@code s} is street-address text: the name rule, with ASCII letters and digits also
     * allowed (first character included), the characters {@code - # , .} and their full-width
     * forms {@code ， （ ） － ＃} allowed after the first character, and up to 200 code points.
     */
    public static boolean isAddressText(String s) {
        return matches(s, MAX_ADDRESS, true);
    }

    /**
     * Whether two names are the same person's name as customs compares them: spaces do not count,
     * and the katakana middle dot is the same as U+00B7. Nothing else is folded, so a different
     * character is a different name. A missing name is never the same as anything.
     */
    public static boolean sameName(String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        return comparable(a).equals(comparable(b));
    }

    private static String comparable(String name) {
        StringBuilder folded = new StringBuilder(name.length());
        name.codePoints().forEach(cp -> {
            // The ideographic space is dropped too: the payer's name comes from another system,
            // which may have stored a full-width space where the buyer typed a plain one.
            if (cp == SPACE || cp == IDEOGRAPHIC_SPACE) {
                return;
            }
            folded.appendCodePoint(cp == KATAKANA_MIDDLE_DOT ? MIDDLE_DOT : cp);
        });
        return folded.toString();
    }

    private static boolean matches(String s, int maxCodePoints, boolean address) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        int count = 0;
        int previous = -1;
        // The last character that was not a space: two dots separated only by spaces would
        // become adjacent once sameName drops the spaces.
        int previousVisible = -1;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            count++;
            if (count > maxCodePoints) {
                return false;
            }
            boolean first = count == 1;
            if (first) {
                if (!(isCjk(cp) || (address && isAsciiLetterOrDigit(cp)))) {
                    return false;
                }
            } else if (cp == SPACE) {
                if (previous == SPACE) {
                    return false;
                }
            } else if (isMiddleDot(cp)) {
                if (isMiddleDot(previousVisible)) {
                    return false;
                }
            } else if (!(isCjk(cp) || (address && isAddressCharacter(cp)))) {
                return false;
            }
            previous = cp;
            if (cp != SPACE) {
                previousVisible = cp;
            }
        }
        return previous != SPACE && !isMiddleDot(previous);
    }

    private static boolean isCjk(int cp) {
        return (cp >= 0x2E80 && cp <= 0x2FD5)
                || (cp >= 0x3190 && cp <= 0x319F)
                || (cp >= 0x3400 && cp <= 0x4DBF)
                || (cp >= 0x4E00 && cp <= 0x9FCC)
                || (cp >= 0xF900 && cp <= 0xFAAD);
    }

    private static boolean isMiddleDot(int cp) {
        return cp == MIDDLE_DOT || cp == KATAKANA_MIDDLE_DOT;
    }

    private static boolean isAsciiLetterOrDigit(int cp) {
        // Not Character.isLetterOrDigit: that would let in every script's letters and digits.
        return (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9');
    }

    private static boolean isAddressCharacter(int cp) {
        return isAsciiLetterOrDigit(cp) || ADDRESS_PUNCTUATION.indexOf(cp) >= 0;
    }
}
