package org.cbec.company.betapay;

import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.cbec.company.BillLine;
import org.cbec.company.Json;
import org.cbec.company.UnverifiedAnswer;
import org.cbec.plumbing.json.Jsonp;

/**
 * betapay's daily bill (docs/companies/betapay.md, "Daily bills"), in the style of Alipay's
 * {@code alipay.data.dataservice.bill.downloadurl.query}: the query's biz_content, the link it answers
 * and where that link may point, and the ZIP it downloads: two GBK-encoded CSVs, the detail
 * {@code <id>_<yyyyMMdd>_业务明细.csv} read into {@link BillLine}s and its summary
 * {@code <id>_<yyyyMMdd>_业务明细(汇总).csv}, which must agree with the detail, per currency, in counts
 * and sums, read as a stream. A file that does not read exactly so is unusable: nothing of it is taken.
 */
final class BetapayBills {

    static final String QUERY = "betapay.data.bill.downloadurl.query";
    /** The company has no bill for the day (no lines): an empty bill, not a refusal. */
    static final String BILL_NOT_EXIST = "isp.bill_not_exist";
    /** The {@code BillFile} name and type of the downloaded ZIP. */
    static final String FILE = "statement";
    static final String CONTENT_TYPE = "application/zip";

    /** The summary is a few lines; a larger one is not read on. */
    static final int MAX_SUMMARY_BYTES = 1024 * 1024;
    /** The detail is read as a stream up to this size (a ZIP expands without bound); a larger one is unusable. */
    static final long MAX_DETAIL_BYTES = 16L * 1024 * 1024 * 1024;

    private static final Charset GBK = Charset.forName("GBK");
    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter COMPACT_DAY = DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT);
    private static final DateTimeFormatter LINE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final Pattern SIGNED_YUAN = Pattern.compile("-?(0|[1-9][0-9]{0,12})\\.[0-9]{2}");
    private static final Pattern COUNT = Pattern.compile("0|[1-9][0-9]{0,9}");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

    // The columns read, by name (Alipay warns that its column order may change).
    private static final String TRADE_NO = "betapay交易号";
    private static final String ORDER_NO = "商户订单号";
    private static final String TYPE = "业务类型";
    private static final String FINISHED = "完成时间";
    private static final String COUNTERPARTY = "对方账户";
    private static final String AMOUNT = "订单金额（元）";
    private static final String RECEIVED = "商家实收（元）";
    private static final String REQUEST_NO = "退款批次号/请求号";
    private static final String FEE = "服务费（元）";
    private static final String CURRENCY_COLUMN = "币种";
    private static final String STATE = "状态";
    private static final String COMPANY_NO = "业务流水号";
    private static final String PAYMENTS = "交易订单总笔数";
    private static final String REFUNDS = "退款订单总笔数";
    private static final String NET = "实收净额（元）";
    private static final String SPLITS = "分账总笔数";
    private static final String RELEASES = "解冻总笔数";
    private static final String PAYOUTS = "境外付款总笔数";

    private static final Map<String, BillLine.Kind> KINDS = Map.of("交易", BillLine.Kind.PAYMENT, "退款", BillLine.Kind.REFUND,
            "分账", BillLine.Kind.SPLIT, "解冻", BillLine.Kind.RELEASE, "境外付款", BillLine.Kind.PAYOUT);
    private static final Map<BillLine.Kind, Set<String>> STATES = Map.of(
            BillLine.Kind.PAYMENT, Set.of("SUCCESS"),
            BillLine.Kind.REFUND, Set.of("SUCCESS", "PROCESSING", "CLOSED", "ABNORMAL"),
            BillLine.Kind.SPLIT, Set.of("SUCCESS", "CLOSED"),
            BillLine.Kind.RELEASE, Set.of("SUCCESS", "CLOSED"),
            BillLine.Kind.PAYOUT, Set.of("ACCEPTED", "PAID", "FAILED"));

    private BetapayBills() {
    }

    /** The query's biz_content: the trade bill of one Beijing day. */
    static String queryBiz(LocalDate day) {
        return Jsonp.object().add("bill_type", "trade").add("bill_date", day.toString()).build().toString();
    }

    /** The link of the query's answer, or null when it has none. */
    static String downloadUrl(JsonObject node) {
        return Json.string(node, "bill_download_url");
    }

    /**
     * The link, if it is on the company's own host: the scheme, host and port of the configured
     * gateway. The file it answers carries no signature (betapay gives no hash either), so where it
     * comes from is all that vouches for it; a link elsewhere is not called at all.
     *
     * @throws UnverifiedAnswer when the link is malformed, or on another scheme, host or port, or names a user
     */
    static URI onCompanyHost(String link, String gateway) {
        URI url;
        URI base;
        try {
            url = new URI(link == null ? "" : link);
            base = new URI(gateway);
        } catch (URISyntaxException e) {
            throw new UnverifiedAnswer("the company's bill link is not a URL");
        }
        if (!url.isAbsolute() || url.getRawUserInfo() != null || url.getHost() == null
                || !url.getScheme().equalsIgnoreCase(base.getScheme()) || !url.getHost().equalsIgnoreCase(base.getHost())
                || port(url) != port(base)) {
            throw new UnverifiedAnswer("the company's bill link is not on the company's host; not downloaded");
        }
        return url;
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : "http".equalsIgnoreCase(uri.getScheme()) ? 80 : -1;
    }

    /** The link as it is stored: its {@code token} (a credential for 30 seconds) masked. */
    static String redacted(URI url) {
        String query = url.getRawQuery();
        if (query == null) {
            return url.toString();
        }
        StringJoiner stored = new StringJoiner("&");
        for (String pair : query.split("&", -1)) {
            stored.add(pair.startsWith("token=") ? "token=***" : pair);
        }
        String text = url.toString();
        return text.substring(0, text.indexOf('?') + 1) + stored;
    }

    static String detailName(String companyMerchantId, LocalDate day) {
        return companyMerchantId + "_" + day.format(COMPACT_DAY) + "_业务明细.csv";
    }

    static String summaryName(String companyMerchantId, LocalDate day) {
        return companyMerchantId + "_" + day.format(COMPACT_DAY) + "_业务明细(汇总).csv";
    }

    /**
     * Every line of the account's bill of {@code day} at once, from the ZIP's bytes: for the tests'
     * small files ({@link #read(InputStream, String, LocalDate, Consumer)} reads a day's).
     *
     * @throws IllegalArgumentException when the file is unusable (the message names what, never a value)
     */
    static List<BillLine> read(byte[] zip, String companyMerchantId, LocalDate day) {
        List<BillLine> lines = new ArrayList<>();
        read(new ByteArrayInputStream(zip), companyMerchantId, day, lines::add);
        return List.copyOf(lines);
    }

    /**
     * The lines of the account's bill of {@code day}, read from the ZIP as a stream, row by row, each
     * given to {@code each} in turn; the summary is then found to agree with them (a caller that
     * keeps the lines reads the whole file before it trusts them). A detail row of a kind or state
     * betapay's documents do not name is a line of kind {@link BillLine.Kind#OTHER}, counted in the
     * summary's sums as written. Returns how many lines there were.
     *
     * @throws IllegalArgumentException when the file is unusable (the message names what, never a value)
     */
    static long read(InputStream zip, String companyMerchantId, LocalDate day, Consumer<BillLine> each) {
        String detailName = detailName(companyMerchantId, day);
        String summaryName = summaryName(companyMerchantId, day);
        Totals totals = null;
        String summary = null;
        int entries = 0;
        try (ZipInputStream in = new ZipInputStream(zip, GBK)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (++entries > 2) {
                    throw new IllegalArgumentException("the ZIP holds more than the detail and the summary");
                }
                if (entry.getName().equals(detailName) && totals == null) {
                    totals = detail(in, each);
                } else if (entry.getName().equals(summaryName) && summary == null) {
                    byte[] content = in.readNBytes(MAX_SUMMARY_BYTES + 1);
                    if (content.length > MAX_SUMMARY_BYTES) {
                        throw new IllegalArgumentException("the summary of the ZIP is larger than any summary");
                    }
                    summary = gbk(content);
                } else {
                    throw new IllegalArgumentException("the ZIP does not hold exactly the day's detail and summary of this account");
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("the file is not a ZIP");
        }
        if (entries == 0) {
            throw new IllegalArgumentException("the file is not a ZIP");
        }
        if (totals == null || summary == null) {
            throw new IllegalArgumentException("the ZIP does not hold exactly the day's detail and summary of this account");
        }
        check(totals.byCurrency, Table.of(summary, "summary"));
        return totals.lines;
    }

    /** What the detail's rows added up to: per currency the counts by kind and the signed sums; and the lines given. */
    private static final class Totals {
        final Map<String, long[]> byCurrency = new TreeMap<>();
        long lines;
    }

    /** Reads the detail's rows as a stream (a GBK CSV, its {@code #} comment lines skipped), giving each line. */
    private static Totals detail(ZipInputStream entry, Consumer<BillLine> each) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(new Bounded(entry, MAX_DETAIL_BYTES), GBK.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 64 * 1024);
        Totals totals = new Totals();
        Map<String, Integer> columns = null;
        int width = 0;
        int row = 0;
        try {
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                if (text.isEmpty() || text.startsWith("#")) {
                    continue;
                }
                List<String> cells = cells(text, "detail");
                if (columns == null) {
                    columns = header(cells);
                    width = cells.size();
                    continue;
                }
                row++;
                if (cells.size() != width) {
                    throw new IllegalArgumentException("line " + row + " of the detail has not the header's cells");
                }
                Row r = new Row("detail", columns, cells, row);
                BillLine line = line(r, text);
                long[] t = totals.byCurrency.computeIfAbsent(line.currency(), c -> new long[8]);
                if (line.kind() != BillLine.Kind.OTHER) {
                    // the counts in the order of BillLine.Kind (payments, refunds, splits, releases, payouts)
                    t[line.kind().ordinal()]++;
                }
                t[5] += signed(r.required(AMOUNT), "");
                t[6] += signed(r.required(FEE), "");
                t[7] += signed(r.required(RECEIVED), "");
                totals.lines++;
                each.accept(line);
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("a CSV of the ZIP is not GBK text");
        }
        if (columns == null) {
            throw new IllegalArgumentException("the detail has no header line");
        }
        return totals;
    }

    /** An entry read up to {@code max} bytes; more is an unusable file (a ZIP expands without bound). */
    private static final class Bounded extends java.io.FilterInputStream {
        private final long max;
        private long read;

        Bounded(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count(Math.max(n, 0));
            return n;
        }

        @Override
        public void close() {
            // the ZIP's next entry is read from the same stream
        }

        private void count(int n) {
            read += n;
            if (read > max) {
                throw new IllegalArgumentException("a CSV of the ZIP is larger than any bill");
            }
        }
    }

    // ---- the ZIP ---------------------------------------------------------------------------------

    private static String gbk(byte[] content) {
        try {
            return GBK.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("a CSV of the ZIP is not GBK text");
        }
    }

    // ---- the CSVs --------------------------------------------------------------------------------

    /** A CSV without its {@code #} comment lines: the first other line is the header, the rest are rows. */
    private record Table(String file, Map<String, Integer> columns, List<List<String>> rows, List<String> raw) {

        /** @throws IllegalArgumentException when there is no header, or a row has another number of cells than the header */
        static Table of(String text, String file) {
            Map<String, Integer> columns = null;
            int width = 0;
            List<List<String>> rows = new ArrayList<>();
            List<String> raw = new ArrayList<>();
            for (String line : text.split("\r?\n", -1)) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                List<String> cells = cells(line, file);
                if (columns == null) {
                    columns = header(cells);
                    width = cells.size();
                    continue;
                }
                if (cells.size() != width) {
                    throw new IllegalArgumentException("line " + (rows.size() + 1) + " of the " + file + " has not the header's cells");
                }
                rows.add(cells);
                raw.add(line);
            }
            if (columns == null) {
                throw new IllegalArgumentException("the " + file + " has no header line");
            }
            return new Table(file, columns, rows, raw);
        }

        /** The cell, without the tab Alipay puts after numbers; null when empty. */
        String get(int row, String column) {
            Integer at = columns.get(column);
            if (at == null) {
                throw new IllegalArgumentException("the " + file + " has no column " + column);
            }
            String value = rows.get(row).get(at);
            while (value.endsWith("\t")) {
                value = value.substring(0, value.length() - 1);
            }
            return value.isEmpty() ? null : value;
        }

        String required(int row, String column) {
            String value = get(row, column);
            if (value == null) {
                throw new IllegalArgumentException("line " + (row + 1) + " of the " + file + " has no " + column);
            }
            return value;
        }
    }

    /** A header line's columns by name, each at its first place (Alipay warns that its column order may change). */
    private static Map<String, Integer> header(List<String> cells) {
        Map<String, Integer> columns = new LinkedHashMap<>();
        for (int i = 0; i < cells.size(); i++) {
            columns.putIfAbsent(cells.get(i), i);
        }
        return columns;
    }

    /** One CSV line's cells, RFC 4180 quoting read. */
    static List<String> cells(String line, String file) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int i = 0;
        while (true) {
            if (i < line.length() && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= line.length()) {
                        throw new IllegalArgumentException("a quoted cell of the " + file + " is not closed");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < line.length() && line.charAt(i) == '"') {
                            cell.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        cell.append(c);
                    }
                }
                if (i < line.length() && line.charAt(i) != ',') {
                    throw new IllegalArgumentException("a quoted cell of the " + file + " is followed by text");
                }
            } else {
                while (i < line.length() && line.charAt(i) != ',') {
                    cell.append(line.charAt(i++));
                }
            }
            cells.add(cell.toString());
            cell.setLength(0);
            if (i >= line.length()) {
                return cells;
            }
            i++; // the comma
        }
    }

    // ---- the lines -------------------------------------------------------------------------------

    /** One detail row's cells by the header's column names. */
    private record Row(String file, Map<String, Integer> columns, List<String> cells, int number) {

        /** The cell, without the tab Alipay puts after numbers; null when empty. */
        String get(String column) {
            Integer at = columns.get(column);
            if (at == null) {
                throw new IllegalArgumentException("the " + file + " has no column " + column);
            }
            String value = cells.get(at);
            while (value.endsWith("\t")) {
                value = value.substring(0, value.length() - 1);
            }
            return value.isEmpty() ? null : value;
        }

        String required(String column) {
            String value = get(column);
            if (value == null) {
                throw new IllegalArgumentException("line " + number + " of the " + file + " has no " + column);
            }
            return value;
        }
    }

    private static BillLine line(Row r, String raw) {
        String where = "line " + r.number() + " of the detail";
        String type = r.required(TYPE);
        BillLine.Kind kind = KINDS.get(type);
        // The order amount, as the broker's records hold it: 商家实收 is less by the discounts (betapay's, the merchant's).
        long amount = signed(r.required(AMOUNT), where);
        signed(r.required(RECEIVED), where);
        long fee = signed(r.required(FEE), where);
        String currency = r.required(CURRENCY_COLUMN);
        String state = r.required(STATE);
        if (!CURRENCY.matcher(currency).matches()) {
            throw new IllegalArgumentException(where + " has a currency betapay does not write");
        }
        OffsetDateTime time;
        try {
            time = LocalDateTime.parse(r.required(FINISHED), LINE_TIME).atZone(BEIJING).toOffsetDateTime();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(where + " has a 完成时间 that is not yyyy-MM-dd HH:mm:ss");
        }
        String orderRef = r.get(ORDER_NO);
        String reference = r.get(REQUEST_NO);
        if (kind == null || !STATES.get(kind).contains(state)) {
            // A row the broker does not read (another 业务类型, or a state the documents do not name): reported as it is.
            String companyId = r.get(COMPANY_NO) != null ? r.get(COMPANY_NO) : r.get(TRADE_NO);
            return new BillLine(BillLine.Kind.OTHER, orderRef, reference, companyId, null, Math.abs(amount), Math.abs(fee), currency,
                    kind == null ? type : state, time, raw);
        }
        if (amount != 0 && (amount < 0) != out(kind) || fee != 0 && (fee < 0) != (kind != BillLine.Kind.REFUND)) {
            throw new IllegalArgumentException(where + " has an amount or fee with the wrong sign for its 业务类型");
        }
        String companyId = kind == BillLine.Kind.PAYMENT ? r.get(TRADE_NO) : r.get(COMPANY_NO);
        boolean lacking = companyId == null || (kind == BillLine.Kind.PAYOUT ? reference == null
                : orderRef == null || kind != BillLine.Kind.PAYMENT && reference == null);
        if (lacking) {
            throw new IllegalArgumentException(where + " lacks the order, request or company number its 业务类型 has");
        }
        return new BillLine(kind, orderRef, reference, companyId, kind == BillLine.Kind.SPLIT ? r.get(COUNTERPARTY) : null,
                Math.abs(amount), Math.abs(fee), currency, state, time, raw);
    }

    /** Money leaving the merchant's balance is written negative. */
    private static boolean out(BillLine.Kind kind) {
        return kind == BillLine.Kind.REFUND || kind == BillLine.Kind.SPLIT || kind == BillLine.Kind.PAYOUT;
    }

    private static long signed(String yuan, String where) {
        if (!SIGNED_YUAN.matcher(yuan).matches()) {
            throw new IllegalArgumentException(where + " has an amount that is not yuan with two decimals");
        }
        boolean negative = yuan.startsWith("-");
        long fen = BetapayMoney.fen(negative ? yuan.substring(1) : yuan);
        return negative ? -fen : fen;
    }

    // ---- the summary -----------------------------------------------------------------------------

    /** The summary has one row per currency of the detail, with its counts and sums, and no other row. */
    private static void check(Map<String, long[]> expected, Table summary) {
        Map<String, long[]> found = new TreeMap<>();
        for (int row = 0; row < summary.rows().size(); row++) {
            String where = "line " + (row + 1) + " of the summary";
            long amount = signed(summary.required(row, AMOUNT), where);
            long fee = signed(summary.required(row, FEE), where);
            long received = signed(summary.required(row, RECEIVED), where);
            if (received + fee != signed(summary.required(row, NET), where)) {
                throw new IllegalArgumentException(where + " does not add up");
            }
            long[] t = {count(summary, row, PAYMENTS), count(summary, row, REFUNDS), count(summary, row, SPLITS),
                count(summary, row, RELEASES), count(summary, row, PAYOUTS), amount, fee, received};
            if (found.put(summary.required(row, CURRENCY_COLUMN), t) != null) {
                throw new IllegalArgumentException("the summary has a currency twice");
            }
        }
        if (!expected.keySet().equals(found.keySet())) {
            throw new IllegalArgumentException("the summary's currencies are not the detail's");
        }
        expected.forEach((currency, t) -> {
            if (!java.util.Arrays.equals(t, found.get(currency))) {
                throw new IllegalArgumentException("the summary's counts or sums in " + currency + " are not the detail's");
            }
        });
    }

    private static long count(Table t, int row, String column) {
        String value = t.required(row, column);
        if (!COUNT.matcher(value).matches()) {
            throw new IllegalArgumentException("line " + (row + 1) + " of the summary has a count that is not one");
        }
        return Long.parseLong(value);
    }
}
