package org.cbec.company.alphapay;

import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.function.Consumer;
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
 * row, read row by row as a stream (a real merchant's day is hundreds of thousands of rows). Every field of a line and of the summary row is prefixed with a backtick (which WeChat adds so
 * that spreadsheets keep numbers as text); amounts are yuan with at most two places, read exactly into
 * fen; times are {@code yyyy-MM-dd HH:mm:ss} in Beijing time. A file whose summary does not add up
 * to its lines, or that cannot be read, is unusable: no answer.
 */
final class AlphapayBills {

    /** How a bill's file is kept: as downloaded, a gzip of a UTF-8 CSV. */
    static final String CONTENT_TYPE = "application/gzip";
    static final String HASH_TYPE = "SHA1";
    /** The uncompressed file is read up to this size; a larger one is unusable (a gzip expands without bound). */
    static final long MAX_FILE_BYTES = 16L * 1024 * 1024 * 1024;

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
     * does not sign: it is accepted when the downloaded {@code file} is a gzip whose content has the
     * SHA-1 that the company's signed answer gave (read as a stream, never held in memory); a refusal
     * (a 4xx) carries the company's signature as every answer does, and is checked by {@code signed}.
     */
    static final class FileCheck implements Predicate<HttpExchange> {

        private final String sha1;
        private final Predicate<HttpExchange> signed;
        private final Path file;
        boolean fileUnmatched;

        FileCheck(String sha1, Predicate<HttpExchange> signed, Path file) {
            this.sha1 = sha1;
            this.signed = signed;
            this.file = file;
        }

        @Override
        public boolean test(HttpExchange answer) {
            if (answer.status() >= 300) {
                return signed.test(answer);
            }
            Content content = content(file);
            if (content == null || !MessageDigest.isEqual(content.sha1().getBytes(StandardCharsets.US_ASCII),
                    sha1.getBytes(StandardCharsets.US_ASCII))) {
                fileUnmatched = true;
                return false;
            }
            return true;
        }
    }

    /** A downloaded gzip's content: its size and SHA-1. */
    record Content(long size, String sha1) {
    }

    /** The gzip's content's size and SHA-1, read as a stream; null when it is not a gzip or larger than {@link #MAX_FILE_BYTES}. */
    static Content content(Path gzip) {
        MessageDigest digest = sha1();
        byte[] buffer = new byte[64 * 1024];
        long size = 0;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gzip), 64 * 1024)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                size += n;
                if (size > MAX_FILE_BYTES) {
                    return null;
                }
                digest.update(buffer, 0, n);
            }
        } catch (IOException e) {
            return null;
        }
        return new Content(size, HexFormat.of().formatHex(digest.digest()));
    }

    /** What is recorded of a download instead of the file: its name, its sizes and the SHA-1 of its content. */
    static String summary(Bill bill, Path received) {
        long bytes;
        try {
            bytes = Files.size(received);
        } catch (IOException e) {
            bytes = -1;
        }
        Content content = content(received);
        if (content == null) {
            return bill.fileName + ": " + bytes + " bytes received, not a readable gzip";
        }
        return bill.fileName + ": " + bytes + " bytes received (gzip), " + content.size() + " bytes, SHA1 " + content.sha1();
    }

    static String sha1Hex(byte[] bytes) {
        return HexFormat.of().formatHex(sha1().digest(bytes));
    }

    private static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is not available", e);
        }
    }

    // ---- reading the files ----------------------------------------------------------------------

    /**
     * The lines of a downloaded bill (a gzip), read as a stream and given to {@code each} in turn;
     * how many there were.
     *
     * @throws CompanyUnavailable when the file is unusable (see {@link #read(Bill, LocalDate, InputStream, Consumer)})
     */
    static long read(Bill bill, LocalDate billDate, Path gzip, Consumer<BillLine> each) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gzip), 64 * 1024)) {
            return read(bill, billDate, in, each);
        } catch (IOException e) {
            throw unusable(bill, billDate, "it is not a readable gzip");
        }
    }

    /**
     * The lines of a bill's working file again, for the orders {@code orderWanted} takes: a row of
     * another order is left unread past its fields (a part of a large day reads its own rows
     * only), a row of no order (a payout) is read. The summary is not checked again: the file is the
     * one {@link #read(Bill, LocalDate, Path, Consumer)} read whole when it was downloaded.
     */
    static void lines(Bill bill, LocalDate billDate, Path gzip, Predicate<String> orderWanted, Consumer<BillLine> each) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gzip), 64 * 1024)) {
            read(bill, billDate, in, orderWanted, each);
        } catch (IOException e) {
            throw unusable(bill, billDate, "it is not a readable gzip");
        }
    }

    /** Every line of an uncompressed file, at once: for the tests' small files. */
    static List<BillLine> read(Bill bill, LocalDate billDate, byte[] file) {
        List<BillLine> lines = new ArrayList<>();
        read(bill, billDate, new ByteArrayInputStream(file), lines::add);
        return lines;
    }

    /**
     * The lines of a bill's uncompressed file, read row by row: every line of the trade and
     * profit-sharing bills, the payouts of the fund-flow bill (the broker reads no other money
     * movement from it). A trade or profit-sharing row of a kind the broker does not read (a
     * {@code REVOKED} trade, another business type) is a line of kind {@link BillLine.Kind#OTHER},
     * counted in the summary as the company counts it.
     *
     * @throws CompanyUnavailable when the file is unusable: not UTF-8, not in the bill's columns, a
     *         field unreadable, or its summary not what its lines add up to; the message names the
     *         bill and the row, never a field's content
     */
    static long read(Bill bill, LocalDate billDate, InputStream content, Consumer<BillLine> each) {
        return read(bill, billDate, content, null, each);
    }

    /** As {@link #read(Bill, LocalDate, InputStream, Consumer)}; with {@code orderWanted}, as {@link #lines}. */
    private static long read(Bill bill, LocalDate billDate, InputStream content, Predicate<String> orderWanted, Consumer<BillLine> each) {
        Rows rows = switch (bill) {
            case TRADEBILL -> new Trade(bill, billDate);
            case FUNDFLOWBILL -> new FundFlow(bill, billDate);
            case PROFITSHARING -> new ProfitSharing(bill, billDate);
        };
        BufferedReader in = new BufferedReader(new InputStreamReader(content, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 64 * 1024);
        try {
            String header = in.readLine();
            if (header != null && header.startsWith("\uFEFF")) {
                header = header.substring(1);
            }
            // header, lines (each starting with a backtick), summary header, summary row: nothing else.
            if (header == null || header.startsWith("`") || header.split(",", -1).length != bill.columns) {
                throw rows.unusable("it does not start with the bill's header");
            }
            int row = 1;
            long lines = 0;
            String text = in.readLine();
            for (; text != null && text.startsWith("`"); text = in.readLine()) {
                row++;
                lines++;
                String[] f = fields(rows, text, bill.columns, row);
                if (orderWanted != null && !rows.wanted(f, orderWanted)) {
                    continue;
                }
                BillLine line = rows.line(f, text, row);
                if (line != null) {
                    each.accept(line);
                }
            }
            if (orderWanted != null) {
                return rows.read;
            }
            if (text == null || text.split(",", -1).length != bill.summaryColumns) {
                throw rows.unusable(text == null ? "it has no summary" : "row " + (row + 1) + " is not a line");
            }
            row += 2;
            String summary = in.readLine();
            if (summary == null) {
                throw rows.unusable("it has no summary row");
            }
            for (String after = in.readLine(); after != null; after = in.readLine()) {
                if (!after.isEmpty()) {
                    throw rows.unusable("it has rows after its summary");
                }
            }
            if (!rows.summary(fields(rows, summary, bill.summaryColumns, row), row, lines)) {
                throw rows.unusable("its summary is not what its lines add up to");
            }
            return rows.read;
        } catch (CharacterCodingException e) {
            throw rows.unusable("it is not UTF-8");
        } catch (IOException e) {
            throw rows.unusable("it could not be read");
        }
    }

    /** One bill's reading: each row in turn, then the summary against what the rows added up to. */
    private abstract static class Rows {

        final Bill bill;
        final LocalDate billDate;
        /** The lines given. */
        long read;

        Rows(Bill bill, LocalDate billDate) {
            this.bill = bill;
            this.billDate = billDate;
        }

        /** The row's line, or null when the broker reads nothing of it. */
        abstract BillLine line(String[] f, String raw, int row);

        /** Whether the summary row is what the {@code rows} rows added up to. */
        abstract boolean summary(String[] s, int row, long rows);

        /** Whether a row may give a line of an order {@code orderWanted} takes (or a line of no order). */
        abstract boolean wanted(String[] f, Predicate<String> orderWanted);

        BillLine given(BillLine line) {
            read++;
            return line;
        }

        CompanyUnavailable unusable(String why) {
            return AlphapayBills.unusable(bill, billDate, why);
        }

        long yuan(String text, int row) {
            try {
                return AlphapayBills.yuan(text);
            } catch (NumberFormatException | ArithmeticException e) {
                throw unusable("row " + row + " has an amount that is not yuan");
            }
        }

        long count(String text, int row) {
            if (!COUNT.matcher(text).matches()) {
                throw unusable("row " + row + " has a count that is not one");
            }
            return Long.parseLong(text);
        }

        java.time.OffsetDateTime time(String text, int row) {
            try {
                return LocalDateTime.parse(text, TIME).atOffset(BEIJING);
            } catch (DateTimeParseException e) {
                throw unusable("row " + row + " has a time that is not yyyy-MM-dd HH:mm:ss");
            }
        }
    }

    /** A row's fields, each without its backtick; a field cannot hold {@code ,`}. */
    private static String[] fields(Rows rows, String row, int columns, int rowNumber) {
        if (!row.startsWith("`")) {
            throw rows.unusable("row " + rowNumber + " is not backtick-prefixed");
        }
        // Cut by hand: String.split takes a two-character separator as a regular expression, which
        // was half the time of reading a large bill.
        String[] fields = new String[columns];
        int n = 0;
        int from = 1;
        while (true) {
            int at = row.indexOf(",`", from);
            if (n == columns) {
                throw rows.unusable("row " + rowNumber + " has more than " + columns + " fields");
            }
            fields[n++] = row.substring(from, at < 0 ? row.length() : at);
            if (at < 0) {
                break;
            }
            from = at + 2;
        }
        if (n != columns) {
            throw rows.unusable("row " + rowNumber + " has " + n + " fields, not " + columns);
        }
        return fields;
    }

    /**
     * The trade bill's lines: a {@code SUCCESS} row is a payment (the order amount 订单金额, which
     * the broker's payment holds, not the settlement amount 应结订单金额, which is net of the
     * company's coupons; the fee), a {@code REFUND} row a refund (the refund asked for 申请退款金额,
     * not the refund amount net of coupons; the fee given back, written negative, read as the
     * positive fen given back; its refund state); a row in any other trade state is a line
     * of kind {@code OTHER} (its order amount and fee, the trade state as written).
     */
    private static final class Trade extends Rows {

        private long settled;
        private long refunded;
        private long rechargeRefunded;
        private long fees;
        private long ordered;
        private long asked;

        Trade(Bill bill, LocalDate billDate) {
            super(bill, billDate);
        }

        @Override
        boolean wanted(String[] f, Predicate<String> orderWanted) {
            return orderWanted.test(f[6]);
        }

        @Override
        BillLine line(String[] f, String raw, int row) {
            long settlement = yuan(f[12], row);
            long refund = yuan(f[16], row);
            long fee = yuan(f[22], row);
            long order = yuan(f[24], row);
            settled += settlement;
            refunded += refund;
            rechargeRefunded += yuan(f[17], row);
            fees += fee;
            ordered += order;
            var time = time(f[0], row);
            // The order amount and the refund asked for, as the broker's records hold them: the settlement amount
            // (应结订单金额) and the refund amount (退款金额) are net of the company's coupons.
            long asks = yuan(f[25], row);
            asked += asks;
            return given(switch (f[9]) {
                case "SUCCESS" -> new BillLine(BillLine.Kind.PAYMENT, f[6], null, f[5], null, order, fee, f[11], "SUCCESS", time, raw);
                case "REFUND" -> new BillLine(BillLine.Kind.REFUND, f[6], f[15], f[14], null, asks, -fee, f[11], f[19], time, raw);
                default -> new BillLine(BillLine.Kind.OTHER, f[6], null, f[5], null, order, fee, f[11], f[9], time, raw);
            });
        }

        @Override
        boolean summary(String[] s, int row, long rows) {
            return count(s[0], row) == rows && yuan(s[1], row) == settled && yuan(s[2], row) == refunded
                    && yuan(s[3], row) == rechargeRefunded && yuan(s[4], row) == fees && yuan(s[5], row) == ordered
                    && yuan(s[6], row) == asked;
        }
    }

    /**
     * The fund-flow bill's payouts: rows of business type {@value #PAYOUT_BUSINESS}, whose remark
     * carries the payout's state and fee ({@code PAID/15.00}, this project's convention). Every row
     * counts towards the summary (incomes {@code 收入}, expenses {@code 支出}).
     */
    private static final class FundFlow extends Rows {

        private long incomes;
        private long income;
        private long expenses;
        private long expense;

        FundFlow(Bill bill, LocalDate billDate) {
            super(bill, billDate);
        }

        /** Only a payout is a line, and a payout has no order. */
        @Override
        boolean wanted(String[] f, Predicate<String> orderWanted) {
            return PAYOUT_BUSINESS.equals(f[4]);
        }

        @Override
        BillLine line(String[] f, String raw, int row) {
            long amount = yuan(f[6], row);
            var time = time(f[0], row);
            switch (f[5]) {
                case "收入" -> {
                    incomes++;
                    income += amount;
                }
                case "支出" -> {
                    expenses++;
                    expense += amount;
                }
                default -> throw unusable("row " + row + " is neither income nor expense");
            }
            if (!PAYOUT_BUSINESS.equals(f[4])) {
                return null;
            }
            Matcher remark = PAYOUT_REMARK.matcher(f[9]);
            if (!remark.matches()) {
                throw unusable("row " + row + " is a payout without its state and fee in the remark");
            }
            return given(new BillLine(BillLine.Kind.PAYOUT, null, f[10], f[1], null, amount, yuan(remark.group(2), row), "CNY",
                    remark.group(1), time, raw));
        }

        @Override
        boolean summary(String[] s, int row, long rows) {
            return count(s[0], row) == rows && count(s[1], row) == incomes && yuan(s[2], row) == income
                    && count(s[3], row) == expenses && yuan(s[4], row) == expense;
        }
    }

    /**
     * The profit-sharing bill: a {@value #SPLIT_BUSINESS} row is a receiver's part, a
     * {@value #RELEASE_BUSINESS} row a release to the merchant, any other business type a line of
     * kind {@code OTHER} (counted among the rows, its amount in neither sum of the summary).
     */
    private static final class ProfitSharing extends Rows {

        private long split;
        private long released;

        ProfitSharing(Bill bill, LocalDate billDate) {
            super(bill, billDate);
        }

        @Override
        boolean wanted(String[] f, Predicate<String> orderWanted) {
            return orderWanted.test(f[2]);
        }

        @Override
        BillLine line(String[] f, String raw, int row) {
            long amount = yuan(f[8], row);
            var time = time(f[0], row);
            if (SPLIT_BUSINESS.equals(f[10])) {
                split += amount;
                return given(new BillLine(BillLine.Kind.SPLIT, f[2], f[4], f[3], f[7], amount, 0, f[9], f[11], time, raw));
            }
            if (RELEASE_BUSINESS.equals(f[10])) {
                released += amount;
                return given(new BillLine(BillLine.Kind.RELEASE, f[2], f[4], f[3], null, amount, 0, f[9], f[11], time, raw));
            }
            return given(new BillLine(BillLine.Kind.OTHER, f[2], f[4], f[3], null, amount, 0, f[9], f[10], time, raw));
        }

        @Override
        boolean summary(String[] s, int row, long rows) {
            return count(s[0], row) == rows && yuan(s[1], row) == split && yuan(s[2], row) == released;
        }
    }

    /** Yuan with at most two places, exactly into fen: {@code 25.99} is 2599, {@code -0.06} is -6. */
    static long yuan(String text) {
        if (!YUAN.matcher(text).matches()) {
            throw new NumberFormatException("not yuan with at most two places");
        }
        return new BigDecimal(text).movePointRight(2).longValueExact();
    }

    private static CompanyUnavailable unusable(Bill bill, LocalDate billDate, String why) {
        return new CompanyUnavailable("the alphapay " + bill.fileName + " of " + billDate + " is unusable: " + why);
    }
}
