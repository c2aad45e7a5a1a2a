package org.cbec.company.alphapay;

import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.cbec.company.BillLine;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.HttpExchange;
import org.cbec.company.Json;

/**
 * alphapay's daily bills, as WeChat Pay v3's (docs/companies/alphapay.md, Bills): the paths and
 * queries of the three bills, the answer that offers a file (its SHA-1 and download URL), the
 * check of a downloaded file against that hash, and the reading of the files into the broker's
 * {@link BillLine}s. Kept apart from the HTTP flow in {@link AlphapayCompany}, as
 * {@link AlphapayPayouts} is, so that the vectors test the wire without a company.
 *
 * <p>A file is CSV in UTF-8: a header row, one row per line, then a summary header and one summary
 * row. Every field of a line and of the summary row is prefixed with a backtick (which WeChat adds so
 * that spreadsheets keep numbers as text); amounts are yuan with at most two places, read exactly into
 * fen; times are {@code yyyy-MM-dd HH:mm:ss} in Beijing time. A file whose summary does not add up
 * to its lines, or that cannot be read, is unusable: no answer.
 */
final class AlphapayBills {

    static final String CONTENT_TYPE = "text/csv; charset=UTF-8";
    static final String HASH_TYPE = "SHA1";
    /** The uncompressed file is read up to this size; a larger one is unusable (a gzip expands without bound). */
    static final int MAX_FILE_BYTES = 64 * 1024 * 1024;

    static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final Pattern YUAN = Pattern.compile("-?[0-9]{1,15}(\\.[0-9]{1,2})?");
    private static final Pattern COUNT = Pattern.compile("[0-9]{1,9}");
    /** A payout's remark in the fund-flow bill, this project's convention: its state and its fee. */
    private static final Pattern PAYOUT_REMARK = Pattern.compile("(ACCEPTED|PAID|FAILED)/(" + YUAN.pattern() + ")");

    /** The fund-flow bill's business type of a payout abroad (this project's convention). */
    static final String PAYOUT_BUSINESS = "境外付款";
    static final String SPLIT_BUSINESS = "分账";
    static final String RELEASE_BUSINESS = "解冻给分账方";

    /** The three bills, each with its path and query (always gzip), its file's name, and its columns. */
    enum Bill {
        TRADEBILL("tradebill", "/v3/bill/tradebill?bill_date=%s&bill_type=ALL&tar_type=GZIP", 27, 7),
        FUNDFLOWBILL("fundflowbill", "/v3/bill/fundflowbill?bill_date=%s&account_type=BASIC&tar_type=GZIP", 11, 5),
        PROFITSHARING("profitsharing", "/v3/profitsharing/bills?bill_date=%s&tar_type=GZIP", 13, 3);

        final String fileName;
        private final String path;
        final int columns;
        final int summaryColumns;

        Bill(String fileName, String path, int columns, int summaryColumns) {
            this.fileName = fileName;
            this.path = path;
            this.columns = columns;
            this.summaryColumns = summaryColumns;
        }

        String path(LocalDate billDate) {
            return String.format(Locale.ROOT, path, billDate);
        }
    }

    /** What the company's signed answer says of a bill's file. */
    record Offer(String hashType, String hashValue, String downloadUrl) {
    }

    private AlphapayBills() {
    }

    /**
     * The answer to a bill's ask: {@code hash_type} {@code SHA1}, {@code hash_value} 40 hex digits,
     * {@code download_url}.
     *
     * @throws CompanyUnavailable when a member is missing or not so
     */
    static Offer offer(String body) {
        JsonObject o = Json.object(body);
        String type = Json.string(o, "hash_type");
        String value = Json.string(o, "hash_value");
        String url = Json.string(o, "download_url");
        if (!HASH_TYPE.equals(type) || value == null || !value.matches("[0-9a-fA-F]{40}") || url == null) {
            throw new CompanyUnavailable("the company's bill answer lacked a SHA1 hash_value or a download_url");
        }
        return new Offer(type, value.toLowerCase(Locale.ROOT), url);
    }

    /**
     * Whether {@code url} is an absolute URL on the company's API base: the same scheme, host and
     * port (a port left out is the scheme's). Anything else is not fetched: the file is checked only
     * by a hash, and a URL elsewhere would send the merchant's signed request to whoever it names.
     */
    static boolean onCompanyHost(String url, String endpoint) {
        try {
            URI u = new URI(url);
            URI base = new URI(endpoint);
            return u.isAbsolute() && u.getHost() != null && u.getRawUserInfo() == null
                    && u.getScheme().equalsIgnoreCase(base.getScheme())
                    && u.getHost().equalsIgnoreCase(base.getHost())
                    && port(u) == port(base);
        } catch (URISyntaxException | NullPointerException e) {
            return false;
        }
    }

    private static int port(URI u) {
        if (u.getPort() != -1) {
            return u.getPort();
        }
        return "https".equalsIgnoreCase(u.getScheme()) ? 443 : "http".equalsIgnoreCase(u.getScheme()) ? 80 : -1;
    }

    /**
     * The check a download passes instead of a signature. A file (a 2xx) is the one answer alphapay
     * does not sign: it is accepted when it is a gzip whose content has the SHA-1 that the company's
     * signed answer gave, and then kept here as {@link #file}; a refusal (a 4xx) carries the company's
     * signature as every answer does, and is checked by {@code signed}.
     */
    static final class FileCheck implements Predicate<HttpExchange> {

        private final String sha1;
        private final Predicate<HttpExchange> signed;
        byte[] file;
        boolean fileUnmatched;

        FileCheck(String sha1, Predicate<HttpExchange> signed) {
            this.sha1 = sha1;
            this.signed = signed;
        }

        @Override
        public boolean test(HttpExchange answer) {
            if (answer.status() >= 300) {
                return signed.test(answer);
            }
            byte[] content = gunzip(answer.bytes());
            if (content == null || !MessageDigest.isEqual(sha1Hex(content).getBytes(StandardCharsets.US_ASCII),
                    sha1.getBytes(StandardCharsets.US_ASCII))) {
                fileUnmatched = true;
                return false;
            }
            file = content;
            return true;
        }
    }

    /** What is recorded of a download instead of the file: its name, its sizes and the SHA-1 of its content. */
    static String summary(Bill bill, byte[] received) {
        byte[] content = gunzip(received);
        if (content == null) {
            return bill.fileName + ": " + received.length + " bytes received, not a readable gzip";
        }
        return bill.fileName + ": " + received.length + " bytes received (gzip), " + content.length + " bytes, SHA1 " + sha1Hex(content);
    }

    /** The gzip's content, or null when it is not a gzip or larger than {@link #MAX_FILE_BYTES}. */
    static byte[] gunzip(byte[] gzip) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            byte[] content = in.readNBytes(MAX_FILE_BYTES + 1);
            return content.length > MAX_FILE_BYTES ? null : content;
        } catch (IOException e) {
            return null;
        }
    }

    static String sha1Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is not available", e);
        }
    }

    // ---- reading the files ----------------------------------------------------------------------

    /**
     * The lines of a bill's file: every line of the trade and profit-sharing bills, the payouts of
     * the fund-flow bill (the broker reads no other money movement from it).
     *
     * @throws CompanyUnavailable when the file is unusable: not UTF-8, not in the bill's columns, a
     *         field unreadable, or its summary not what its lines add up to; the message names the
     *         bill and the row, never a field's content
     */
    static List<BillLine> read(Bill bill, LocalDate billDate, byte[] file) {
        Rows rows = rows(bill, billDate, file);
        return switch (bill) {
            case TRADEBILL -> trade(rows);
            case FUNDFLOWBILL -> fundFlow(rows);
            case PROFITSHARING -> profitSharing(rows);
        };
    }

    /** A file's rows: each line's fields and its text, then the summary row's fields. */
    private record Rows(Bill bill, LocalDate billDate, List<String[]> lines, List<String> raw, String[] summary) {

        CompanyUnavailable unusable(String why) {
            return AlphapayBills.unusable(bill, billDate, why);
        }
    }

    private static Rows rows(Bill bill, LocalDate billDate, byte[] file) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(file)).toString();
        } catch (CharacterCodingException e) {
            throw unusable(bill, billDate, "it is not UTF-8");
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        List<String> all = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        if (!all.isEmpty() && all.get(all.size() - 1).isEmpty()) {
            all.remove(all.size() - 1);
        }
        // header, lines (each starting with a backtick), summary header, summary row: nothing else.
        if (all.size() < 3 || all.get(0).startsWith("`") || all.get(0).split(",", -1).length != bill.columns) {
            throw unusable(bill, billDate, "it does not start with the bill's header");
        }
        int summaryHeader = all.size() - 2;
        for (int i = 1; i < summaryHeader; i++) {
            if (!all.get(i).startsWith("`")) {
                throw unusable(bill, billDate, "row " + (i + 1) + " is not a line");
            }
        }
        if (all.get(summaryHeader).startsWith("`") || all.get(summaryHeader).split(",", -1).length != bill.summaryColumns) {
            throw unusable(bill, billDate, "it has no summary header");
        }
        List<String[]> lines = new ArrayList<>();
        List<String> raw = new ArrayList<>();
        for (int i = 1; i < summaryHeader; i++) {
            lines.add(fields(bill, billDate, all.get(i), bill.columns, i + 1));
            raw.add(all.get(i));
        }
        String[] summary = fields(bill, billDate, all.get(all.size() - 1), bill.summaryColumns, all.size());
        return new Rows(bill, billDate, lines, raw, summary);
    }

    /** A row's fields, each without its backtick; a field cannot hold {@code ,`}. */
    private static String[] fields(Bill bill, LocalDate billDate, String row, int columns, int rowNumber) {
        if (!row.startsWith("`")) {
            throw unusable(bill, billDate, "row " + rowNumber + " is not backtick-prefixed");
        }
        String[] fields = row.substring(1).split(",`", -1);
        if (fields.length != columns) {
            throw unusable(bill, billDate, "row " + rowNumber + " has " + fields.length + " fields, not " + columns);
        }
        return fields;
    }

    /**
     * The trade bill's lines: a {@code SUCCESS} row is a payment (the settlement amount, the fee),
     * a {@code REFUND} row a refund (the refund amount, the fee given back, written negative, read
     * as the positive fen given back; its refund state); any other trade state makes it unusable.
     */
    private static List<BillLine> trade(Rows rows) {
        List<BillLine> lines = new ArrayList<>();
        long settled = 0;
        long refunded = 0;
        long rechargeRefunded = 0;
        long fees = 0;
        long ordered = 0;
        long asked = 0;
        for (int i = 0; i < rows.lines().size(); i++) {
            String[] f = rows.lines().get(i);
            int row = i + 2;
            long settlement = yuan(rows, f[12], row);
            long refund = yuan(rows, f[16], row);
            long fee = yuan(rows, f[22], row);
            settled += settlement;
            refunded += refund;
            rechargeRefunded += yuan(rows, f[17], row);
            fees += fee;
            ordered += yuan(rows, f[24], row);
            asked += yuan(rows, f[25], row);
            var time = time(rows, f[0], row);
            lines.add(switch (f[9]) {
                case "SUCCESS" -> new BillLine(BillLine.Kind.PAYMENT, f[6], null, f[5], null, settlement, fee, f[11], "SUCCESS", time,
                        rows.raw().get(i));
                case "REFUND" -> new BillLine(BillLine.Kind.REFUND, f[6], f[15], f[14], null, refund, -fee, f[11], f[19], time,
                        rows.raw().get(i));
                default -> throw rows.unusable("row " + row + " has a trade state the broker does not read");
            });
        }
        String[] s = rows.summary();
        int row = rows.lines().size() + 3;
        check(rows, count(rows, s[0], row) == lines.size() && yuan(rows, s[1], row) == settled && yuan(rows, s[2], row) == refunded
                && yuan(rows, s[3], row) == rechargeRefunded && yuan(rows, s[4], row) == fees && yuan(rows, s[5], row) == ordered
                && yuan(rows, s[6], row) == asked);
        return lines;
    }

    /**
     * The fund-flow bill's payouts: rows of business type {@value #PAYOUT_BUSINESS}, whose remark
     * carries the payout's state and fee ({@code PAID/15.00}, this project's convention). Every row
     * counts towards the summary (incomes {@code 收入}, expenses {@code 支出}).
     */
    private static List<BillLine> fundFlow(Rows rows) {
        List<BillLine> lines = new ArrayList<>();
        long incomes = 0;
        long income = 0;
        long expenses = 0;
        long expense = 0;
        for (int i = 0; i < rows.lines().size(); i++) {
            String[] f = rows.lines().get(i);
            int row = i + 2;
            long amount = yuan(rows, f[6], row);
            var time = time(rows, f[0], row);
            switch (f[5]) {
                case "收入" -> {
                    incomes++;
                    income += amount;
                }
                case "支出" -> {
                    expenses++;
                    expense += amount;
                }
                default -> throw rows.unusable("row " + row + " is neither income nor expense");
            }
            if (PAYOUT_BUSINESS.equals(f[4])) {
                Matcher remark = PAYOUT_REMARK.matcher(f[9]);
                if (!remark.matches()) {
                    throw rows.unusable("row " + row + " is a payout without its state and fee in the remark");
                }
                lines.add(new BillLine(BillLine.Kind.PAYOUT, null, f[10], f[1], null, amount, yuan(rows, remark.group(2), row), "CNY",
                        remark.group(1), time, rows.raw().get(i)));
            }
        }
        String[] s = rows.summary();
        int row = rows.lines().size() + 3;
        check(rows, count(rows, s[0], row) == rows.lines().size() && count(rows, s[1], row) == incomes && yuan(rows, s[2], row) == income
                && count(rows, s[3], row) == expenses && yuan(rows, s[4], row) == expense);
        return lines;
    }

    /** The profit-sharing bill: a {@value #SPLIT_BUSINESS} row is a receiver's part, a {@value #RELEASE_BUSINESS} row a release to the merchant. */
    private static List<BillLine> profitSharing(Rows rows) {
        List<BillLine> lines = new ArrayList<>();
        long split = 0;
        long released = 0;
        for (int i = 0; i < rows.lines().size(); i++) {
            String[] f = rows.lines().get(i);
            int row = i + 2;
            long amount = yuan(rows, f[8], row);
            var time = time(rows, f[0], row);
            if (SPLIT_BUSINESS.equals(f[10])) {
                split += amount;
                lines.add(new BillLine(BillLine.Kind.SPLIT, f[2], f[4], f[3], f[7], amount, 0, f[9], f[11], time, rows.raw().get(i)));
            } else if (RELEASE_BUSINESS.equals(f[10])) {
                released += amount;
                lines.add(new BillLine(BillLine.Kind.RELEASE, f[2], f[4], f[3], null, amount, 0, f[9], f[11], time, rows.raw().get(i)));
            } else {
                throw rows.unusable("row " + row + " has a business type the broker does not read");
            }
        }
        String[] s = rows.summary();
        int row = rows.lines().size() + 3;
        check(rows, count(rows, s[0], row) == lines.size() && yuan(rows, s[1], row) == split && yuan(rows, s[2], row) == released);
        return lines;
    }

    private static void check(Rows rows, boolean summaryAddsUp) {
        if (!summaryAddsUp) {
            throw rows.unusable("its summary is not what its lines add up to");
        }
    }

    /** Yuan with at most two places, exactly into fen: {@code 25.99} is 2599, {@code -0.06} is -6. */
    static long yuan(String text) {
        if (!YUAN.matcher(text).matches()) {
            throw new NumberFormatException("not yuan with at most two places");
        }
        return new BigDecimal(text).movePointRight(2).longValueExact();
    }

    private static long yuan(Rows rows, String text, int row) {
        try {
            return yuan(text);
        } catch (NumberFormatException | ArithmeticException e) {
            throw rows.unusable("row " + row + " has an amount that is not yuan");
        }
    }

    private static long count(Rows rows, String text, int row) {
        if (!COUNT.matcher(text).matches()) {
            throw rows.unusable("row " + row + " has a count that is not one");
        }
        return Long.parseLong(text);
    }

    private static java.time.OffsetDateTime time(Rows rows, String text, int row) {
        try {
            return LocalDateTime.parse(text, TIME).atOffset(BEIJING);
        } catch (DateTimeParseException e) {
            throw rows.unusable("row " + row + " has a time that is not yyyy-MM-dd HH:mm:ss");
        }
    }

    private static CompanyUnavailable unusable(Bill bill, LocalDate billDate, String why) {
        return new CompanyUnavailable("the alphapay " + bill.fileName + " of " + billDate + " is unusable: " + why);
    }
}
