package org.cbec.platform.identity;

import java.util.regex.Pattern;

/**
 * Mainland mobile numbers and postcodes, as customs and the logistics companies accept them.
 * Both are checked strictly: a number that only looks plausible fails at the courier, after the
 * parcel has already left the bonded warehouse.
 */
public final class ChinaContact {

    private static final int MOBILE_DIGITS = 11;

    // The country code may be written with or without "+", but a space is accepted only after
    // "+86": that is how phones display it, whereas "86 138..." is more likely a typing slip.
    // The second digit is 3 to 9 because 10, 11 and 12 are not mobile number ranges.
    private static final Pattern MOBILE = Pattern.compile("(?:\\+86 ?|86)?1[3-9][0-9]{9}");

    // Chinese postcodes run from 0 to 8 in their first digit; 9 is not assigned.
    private static final Pattern POSTCODE = Pattern.compile("[0-8][0-9]{5}");

    private ChinaContact() {
    }

    /** Whether {@code s} is a mainland mobile number, with an optional "+86", "86" or "+86 " prefix. */
    public static boolean isMobile(String s) {
        return s != null && MOBILE.matcher(s).matches();
    }

    /**
     * The 11-digit form of a mainland mobile number, the only form customs accepts.
     *
     * @throws IllegalArgumentException if {@link #isMobile(String)} refuses it
     */
    public static String normaliseMobile(String s) {
        if (!isMobile(s)) {
            // The value is not echoed: a phone number is personal data.
            throw new IllegalArgumentException("not a mainland mobile number");
        }
        return s.substring(s.length() - MOBILE_DIGITS);
    }

    /** Whether {@code s} is a six-digit Chinese postcode. */
    public static boolean isPostcode(String s) {
        return s != null && POSTCODE.matcher(s).matches();
    }
}
