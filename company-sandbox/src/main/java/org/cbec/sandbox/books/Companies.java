package org.cbec.sandbox.books;

import java.security.SecureRandom;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Set;

/** The two companies, and how each numbers the things it hands out. */
public final class Companies {

    public static final String ALPHAPAY = "alphapay";
    public static final String BETAPAY = "betapay";
    public static final Set<String> ALL = Set.of(ALPHAPAY, BETAPAY);
    /** The companies' time zone: China Standard Time, UTC+8 all year. */
    public static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);
    /** The sandbox converts GBP at a fixed rate, so that tests can compute what the payer paid in CNY. */
    public static final long GBP_IN_CNY = 9;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final HexFormat HEX = HexFormat.of();
    private static final String LETTERS_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private Companies() {
    }

    /** alphapay {@code 19} + 8 digits, betapay {@code 20} + 8 digits. */
    static String newCompanyMerchantId(String paymentMethod) {
        return (ALPHAPAY.equals(paymentMethod) ? "19" : "20") + digits(8);
    }

    static String appId(String paymentMethod, String companyMerchantId) {
        return paymentMethod + "-app-" + companyMerchantId;
    }

    /** What the payer pays (or gets back) in CNY: the amount itself, or a GBP amount at the fixed 9.00. */
    public static long inCny(long amount, String currency) {
        return "GBP".equals(currency) ? Math.multiplyExact(amount, GBP_IN_CNY) : amount;
    }

    /** The company's code at customs, as its payment documents and the orders declared against them name it. */
    public static String customsCode(String paymentMethod) {
        return ALPHAPAY.equals(paymentMethod) ? "4403169D3W" : "31222699S7";
    }

    /** 16 upper-case hex digits, like a certificate serial number. */
    static String newKeySerial() {
        return hex(8).toUpperCase(java.util.Locale.ROOT);
    }

    /** The serial of the company's own key, sent as Alphapay-Serial. */
    static String companyKeySerial(String paymentMethod) {
        return "SANDBOX-" + paymentMethod.toUpperCase(java.util.Locale.ROOT) + "-1";
    }

    /** alphapay's prepay id ({@code wx} + 32 hex), betapay's trade number ({@code 20} + 30 hex). */
    static String newReference(String paymentMethod) {
        return ALPHAPAY.equals(paymentMethod) ? "wx" + hex(16) : "20" + hex(15);
    }

    /**
     * alphapay numbers the transaction when it is paid ({@code 4200} + 24 digits); betapay's trade
     * already has its number from the create, and that is the one it reports once paid.
     */
    static String transactionId(String paymentMethod, String reference) {
        return ALPHAPAY.equals(paymentMethod) ? "4200" + digits(24) : reference;
    }

    /** alphapay's refund id ({@code 50} + 27 digits); betapay keeps one ({@code 21} + 30 hex) that it never shows. */
    static String newRefundId(String paymentMethod) {
        return ALPHAPAY.equals(paymentMethod) ? "50" + digits(27) : "21" + hex(15);
    }

    /** alphapay's split order id ({@code 30} + 26 digits), betapay's settle number ({@code 22} + 26 digits). */
    static String newSplitId(String paymentMethod) {
        return (ALPHAPAY.equals(paymentMethod) ? "30" : "22") + digits(26);
    }

    /** alphapay's payout id ({@code 31} + 26 digits), betapay's ({@code 23} + 26 digits). */
    static String newPayoutId(String paymentMethod) {
        return (ALPHAPAY.equals(paymentMethod) ? "31" : "23") + digits(26);
    }

    /** alphapay's API v3 key: 32 letters and digits, used as the 32 bytes of an AES-256 key. */
    static String newApiV3Key() {
        return lettersAndDigits(32);
    }

    /** {@code n} random letters (either case) and digits. */
    public static String lettersAndDigits(int n) {
        StringBuilder s = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            s.append(LETTERS_AND_DIGITS.charAt(RANDOM.nextInt(LETTERS_AND_DIGITS.length())));
        }
        return s.toString();
    }

    static String newSubOrderId() {
        return "SUB" + hex(10).toUpperCase(java.util.Locale.ROOT);
    }

    static String newVerifyTradeId() {
        return "CUS" + digits(20);
    }

    /** Now, to the millisecond: both databases keep microseconds, and an answer shows seconds. */
    public static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
    }

    /** Today in Beijing, the companies' day (a rate of the day is for it). */
    public static LocalDate today() {
        return now().atZoneSameInstant(BEIJING).toLocalDate();
    }

    private static String digits(int n) {
        StringBuilder s = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            s.append((char) ('0' + RANDOM.nextInt(10)));
        }
        return s.toString();
    }

    private static String hex(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HEX.formatHex(b);
    }
}
