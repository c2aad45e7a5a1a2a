package org.cbec.platform.identity;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.Optional;
import java.util.Set;

/**
 * The 18-character mainland resident identity card number (GB 11643-1999). Customs refuses a
 * declaration whose buyer number is malformed, so it is checked before anything is sent; the
 * checks catch typing slips (a wrong digit, a swapped date) without claiming the number exists.
 *
 * <p>Reasons never contain the number: they end up in responses and logs, and the number is
 * personal data. Use {@link #mask(String)} when a number has to be shown at all.
 */
public final class ResidentId {

    static final String WRONG_LENGTH = "must be 18 characters";
    static final String WRONG_CHARACTERS = "must be 17 digits followed by a digit or an upper-case X";
    static final String UNKNOWN_REGION = "has an unknown region code";
    static final String IMPOSSIBLE_BIRTH_DATE = "has an impossible birth date";
    static final String WRONG_CHECK_CHARACTER = "has a wrong check character";

    private static final int LENGTH = 18;
    private static final int BODY_LENGTH = 17;

    /**
     * Province-level codes of GB/T 2260, plus 81, 82 and 83: the Hong Kong, Macao and Taiwan
     * residence permits issued on the mainland carry numbers in the same format.
     */
    private static final Set<String> PROVINCES = Set.of(
            "11", "12", "13", "14", "15",
            "21", "22", "23",
            "31", "32", "33", "34", "35", "36", "37",
            "41", "42", "43", "44", "45", "46",
            "50", "51", "52", "53", "54",
            "61", "62", "63", "64", "65",
            "71", "81", "82", "83");

    /**
     * The residence permits use the whole province as their address code (810000, 820000,
     * 830000), so for them "0000" is the only value that occurs rather than a sign of a slip.
     */
    private static final Set<String> WITHOUT_SUBDIVISIONS = Set.of("81", "82", "83");

    private static final LocalDate EARLIEST_BIRTH = LocalDate.of(1900, 1, 1);

    // STRICT so that 19990229 is refused instead of being quietly resolved to 28 February;
    // "uuuu" rather than "yyyy" because STRICT needs a proleptic year, not a year of era.
    private static final DateTimeFormatter BIRTH_DATE =
            DateTimeFormatter.ofPattern("uuuuMMdd").withResolverStyle(ResolverStyle.STRICT);

    private static final int[] WEIGHTS = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
    private static final String CHECK_CHARACTERS = "10X98765432";

    // Births are registered in Beijing time; with the server's zone a child born just after
    // midnight in China could be refused for a few hours as "born tomorrow".
    private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");

    private ResidentId() {
    }

    /** Empty when the number is valid, otherwise a short English reason that does not contain it. */
    public static Optional<String> problem(String id) {
        return problem(id, Clock.system(CHINA));
    }

    /** As {@link #problem(String)}, with "today" taken from {@code clock} so tests do not age. */
    static Optional<String> problem(String id, Clock clock) {
        if (id == null || id.length() != LENGTH) {
            return Optional.of(WRONG_LENGTH);
        }
        if (!allDigits(id, BODY_LENGTH) || !isCheckCharacterShape(id.charAt(BODY_LENGTH))) {
            return Optional.of(WRONG_CHARACTERS);
        }
        if (!knownRegion(id)) {
            return Optional.of(UNKNOWN_REGION);
        }
        if (!possibleBirthDate(id.substring(6, 14), LocalDate.now(clock))) {
            return Optional.of(IMPOSSIBLE_BIRTH_DATE);
        }
        if (checkCharacter(id.substring(0, BODY_LENGTH)) != id.charAt(BODY_LENGTH)) {
            return Optional.of(WRONG_CHECK_CHARACTER);
        }
        return Optional.empty();
    }

    public static boolean valid(String id) {
        return problem(id).isEmpty();
    }

    /**
     * The number as it may appear in logs and messages: the first 3 and last 2 characters kept,
     * the rest replaced with {@code *}. Values shorter than 6 are starred out entirely, because
     * keeping 5 characters of them would show most or all of the value.
     */
    public static String mask(String id) {
        if (id == null) {
            return "null";
        }
        // Code points, so that a malformed value never yields half a surrogate pair.
        int[] codePoints = id.codePoints().toArray();
        int length = codePoints.length;
        if (length < 6) {
            return "*".repeat(length);
        }
        StringBuilder masked = new StringBuilder(length);
        masked.appendCodePoint(codePoints[0]).appendCodePoint(codePoints[1]).appendCodePoint(codePoints[2]);
        masked.append("*".repeat(length - 5));
        masked.appendCodePoint(codePoints[length - 2]).appendCodePoint(codePoints[length - 1]);
        return masked.toString();
    }

    /**
     * The ISO 7064 MOD 11-2 check character for the first 17 digits of a number: a digit or
     * {@code X} (which stands for 10).
     *
     * @throws IllegalArgumentException if {@code first17} is not exactly 17 ASCII digits
     */
    public static char checkCharacter(String first17) {
        if (first17 == null || first17.length() != BODY_LENGTH || !allDigits(first17, BODY_LENGTH)) {
            // The argument is not echoed: it is most of an identity number.
            throw new IllegalArgumentException("the check character needs exactly 17 digits");
        }
        int sum = 0;
        for (int i = 0; i < BODY_LENGTH; i++) {
            sum += (first17.charAt(i) - '0') * WEIGHTS[i];
        }
        return CHECK_CHARACTERS.charAt(sum % 11);
    }

    private static boolean allDigits(String s, int count) {
        for (int i = 0; i < count; i++) {
            // Not Character.isDigit: that accepts full-width and other scripts' digits.
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isCheckCharacterShape(char c) {
        // Lower-case x is refused: the standard prints upper case and customs compares exactly.
        return (c >= '0' && c <= '9') || c == 'X';
    }

    private static boolean knownRegion(String id) {
        String province = id.substring(0, 2);
        if (!PROVINCES.contains(province)) {
            return false;
        }
        // A mainland number always names a prefecture and county; "0000" there is a slip.
        return WITHOUT_SUBDIVISIONS.contains(province) || !"0000".equals(id.substring(2, 6));
    }

    private static boolean possibleBirthDate(String yyyyMMdd, LocalDate today) {
        LocalDate birth;
        try {
            birth = LocalDate.parse(yyyyMMdd, BIRTH_DATE);
        } catch (DateTimeException e) {
            return false;
        }
        return !birth.isBefore(EARLIEST_BIRTH) && !birth.isAfter(today);
    }
}
