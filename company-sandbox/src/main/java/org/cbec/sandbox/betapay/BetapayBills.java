package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.BillEntry;
import org.cbec.sandbox.books.BillRules;
import org.cbec.sandbox.books.Bills;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.codec.Members;

/**
 * betapay's daily bills, in the style of Alipay's {@code alipay.data.dataservice.bill.downloadurl.query}
 * (docs/companies/betapay.md, "Daily bills"): the gateway method {@code betapay.data.bill.downloadurl.query}
 * answers a download link on the sandbox itself, valid for {@link #LINK_SECONDS} seconds and fetched
 * without any signature; the link answers a ZIP of two GBK-encoded CSVs, the detail
 * ({@code <id>_<yyyyMMdd>_业务明细.csv}) and its summary ({@code <id>_<yyyyMMdd>_业务明细(汇总).csv}),
 * written from {@link Bills#lines}. The link's {@code token} is the company key's signature over the
 * account, the day and the link's time, so any node of the sandbox can check it and nothing is stored.
 * The real company publishes a day only the next day; the sandbox also answers today's lines so far.
 */
@ApplicationScoped
public class BetapayBills {

    private static final Logger LOG = Logger.getLogger(BetapayBills.class.getName());

    /** How long a download link is good for, as Alipay's. */
    static final long LINK_SECONDS = 30;
    static final String KIND = org.cbec.sandbox.books.RequestLog.BILL;
    static final String BILL_NOT_EXIST = "isp.bill_not_exist";
    static final Charset GBK = Charset.forName("GBK");

    static final String DETAIL_HEADER = "betapay交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,"
            + "订单金额（元）,商家实收（元）,betapay红包（元）,集分宝（元）,betapay优惠（元）,商家优惠（元）,券核销金额（元）,券名称,"
            + "商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注,币种,状态,业务流水号";
    static final String SUMMARY_HEADER = "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,betapay优惠（元）,商家优惠（元）,"
            + "卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）,币种,分账总笔数,解冻总笔数,境外付款总笔数";

    private static final String DASHES = "-----------------------------------------";
    private static final String CRLF = "\r\n";
    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter COMPACT_DAY = DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter LINE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter COMMENT_TIME = DateTimeFormatter.ofPattern("uuuu年MM月dd日 HH:mm:ss", Locale.ROOT);
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,15}");
    private static final Pattern MERCHANT_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    @Inject
    Bills bills;

    @Inject
    Accounts accounts;

    // ---- the gateway method --------------------------------------------------------------------

    /** {@code {"bill_type":"trade","bill_date":"yyyy-MM-dd"}}: a day up to today (Beijing); a day without lines has no bill. */
    BetapayOperations.Call query(Party party, JsonObject biz, String baseUrl) {
        LocalDate day = billDate(biz, Companies.today());
        return new BetapayOperations.Call(null, KIND, () -> {
            if (bills.lines(party, day).isEmpty()) {
                return BetapayNode.businessFailed(BILL_NOT_EXIST, "no bill for " + day);
            }
            long issuedAt = Companies.now().toInstant().toEpochMilli();
            return BetapayNode.success().add("bill_download_url", link(baseUrl, party.companyMerchantId(), day, issuedAt, companyKey()))
                    .build().toString();
        });
    }

    /** The biz_content's day; a malformed one, another bill type or a day after {@code today} is ACQ.INVALID_PARAMETER. */
    static LocalDate billDate(JsonObject biz, LocalDate today) {
        if (!"trade".equals(Members.text(biz, "bill_type", 16))) {
            throw new Members.Invalid("bill_type", "bill_type must be trade: betapay gives the trade bill only");
        }
        LocalDate day;
        try {
            day = LocalDate.parse(Members.text(biz, "bill_date", 10), DAY);
        } catch (DateTimeParseException e) {
            throw new Members.Invalid("bill_date", "bill_date must be a day, yyyy-MM-dd (betapay gives daily bills only)");
        }
        if (day.isAfter(today)) {
            throw new Members.Invalid("bill_date", "bill_date must not be after today (Beijing)");
        }
        return day;
    }

    /** The download link, Alipay's parameters on the sandbox's own host; {@code token} signs account, day and time. */
    static String link(String baseUrl, String companyMerchantId, LocalDate day, long issuedAt, CompanySigner key) {
        String dates = day.format(COMPACT_DAY);
        String token = Rsa.sign(key.privateKey(), tokenText(companyMerchantId, dates, issuedAt));
        return baseUrl + "/downloadBillFile.resource?bizType=trade&userId=" + encode(companyMerchantId) + "&fileType=csv.zip&bizDates="
                + dates + "&downloadFileName=" + encode(zipName(companyMerchantId, day)) + "&timestamp=" + issuedAt
                + "&token=" + encode(token);
    }

    static String tokenText(String companyMerchantId, String dates, long issuedAt) {
        return "trade\n" + companyMerchantId + "\n" + dates + "\n" + issuedAt;
    }

    // ---- the download --------------------------------------------------------------------------

    /**
     * What a download link answers: the ZIP and its file name (status 200), or a refusal for the
     * sandbox's JSON, which names at most the parameter that failed, never its value.
     */
    public record Download(int status, String message, String field, byte[] zip, String fileName) {

        static Download refused(int status, String message, String field) {
            return new Download(status, message, field, null, null);
        }
    }

    /**
     * The ZIP a link names, or a refusal: 400 for a link that is not one (a parameter missing or
     * malformed), 403 for a token the company did not give, 410 once the link is older than
     * {@link #LINK_SECONDS} seconds, 404 when the link's account is gone.
     */
    public Download download(String bizType, String userId, String fileType, String bizDates, String timestamp, String token) {
        if (!"trade".equals(bizType) || !"csv.zip".equals(fileType)) {
            return Download.refused(400, "bizType must be trade and fileType csv.zip", null);
        }
        if (userId == null || !MERCHANT_ID.matcher(userId).matches()) {
            return Download.refused(400, "userId is missing or malformed", "userId");
        }
        Optional<LocalDate> day = compactDay(bizDates);
        if (day.isEmpty()) {
            return Download.refused(400, "bizDates must be a day, yyyyMMdd", "bizDates");
        }
        if (timestamp == null || !DIGITS.matcher(timestamp).matches()) {
            return Download.refused(400, "timestamp is missing or malformed", "timestamp");
        }
        long issuedAt = Long.parseLong(timestamp);
        CompanySigner key = companyKey();
        if (token == null || !Rsa.verify(Pem.publicKey(key.publicKeyPem()), tokenText(userId, bizDates, issuedAt), token)) {
            return Download.refused(403, "this download link is not one betapay gave", "token");
        }
        long age = Companies.now().toInstant().toEpochMilli() - issuedAt;
        if (age > LINK_SECONDS * 1000 || age < -LINK_SECONDS * 1000) {
            return Download.refused(410, "this download link has expired (a link lasts " + LINK_SECONDS
                    + " seconds): ask betapay.data.bill.downloadurl.query for a new one", null);
        }
        Optional<Party> party = accounts.byCompanyMerchantId(Companies.BETAPAY, userId);
        if (party.isEmpty()) {
            return Download.refused(404, "the account of this link is gone", null);
        }
        List<BillEntry> lines = bills.lines(party.get(), day.get());
        byte[] zip = zip(userId, day.get(), lines, Companies.now());
        LOG.info(() -> String.format("betapay bill of %s downloaded: %s, %d lines", day.get(), party.get(), lines.size()));
        return new Download(200, null, null, zip, zipName(userId, day.get()));
    }

    private static Optional<LocalDate> compactDay(String text) {
        if (text == null || text.length() != 8) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(text, COMPACT_DAY));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private CompanySigner companyKey() {
        return accounts.companySigner(Companies.BETAPAY);
    }

    // ---- the files -----------------------------------------------------------------------------

    static String zipName(String companyMerchantId, LocalDate day) {
        return companyMerchantId + "_" + day.format(COMPACT_DAY) + ".csv.zip";
    }

    static String detailName(String companyMerchantId, LocalDate day) {
        return companyMerchantId + "_" + day.format(COMPACT_DAY) + "_业务明细.csv";
    }

    static String summaryName(String companyMerchantId, LocalDate day) {
        return companyMerchantId + "_" + day.format(COMPACT_DAY) + "_业务明细(汇总).csv";
    }

    /** The ZIP: the detail, then the summary, each GBK-encoded, their names in GBK too (as Alipay writes them). */
    static byte[] zip(String companyMerchantId, LocalDate day, List<BillEntry> lines, OffsetDateTime exportedAt) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, GBK)) {
            zip.putNextEntry(new ZipEntry(detailName(companyMerchantId, day)));
            zip.write(detail(companyMerchantId, day, lines, exportedAt).getBytes(GBK));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry(summaryName(companyMerchantId, day)));
            zip.write(summary(companyMerchantId, day, lines, exportedAt).getBytes(GBK));
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The detail file's text: Alipay's comment lines, the header, one line per entry, the footer. */
    static String detail(String companyMerchantId, LocalDate day, List<BillEntry> lines, OffsetDateTime exportedAt) {
        StringBuilder text = new StringBuilder();
        head(text, "#betapay业务明细查询", companyMerchantId, day, "业务明细列表");
        text.append(DETAIL_HEADER).append(CRLF);
        for (BillEntry e : lines) {
            text.append(row(e)).append(CRLF);
        }
        text.append('#').append(DASHES).append("业务明细列表结束").append(DASHES, 0, 36).append(CRLF);
        text.append("#交易合计：").append(count(lines, BillEntry.Kind.PAYMENT)).append('笔').append(CRLF);
        text.append("#退款合计：").append(count(lines, BillEntry.Kind.REFUND)).append('笔').append(CRLF);
        text.append("#导出时间：[").append(exportedAt.atZoneSameInstant(BEIJING).format(COMMENT_TIME)).append(']').append(CRLF);
        return text.toString();
    }

    /** The summary's text: one 合计 row per currency (a bill may hold CNY and GBP), checked by the merchant against the detail. */
    static String summary(String companyMerchantId, LocalDate day, List<BillEntry> lines, OffsetDateTime exportedAt) {
        StringBuilder text = new StringBuilder();
        head(text, "#betapay业务汇总查询", companyMerchantId, day, "业务汇总列表");
        text.append(SUMMARY_HEADER).append(CRLF);
        Map<String, long[]> totals = new TreeMap<>();
        for (BillEntry e : lines) {
            // payments, refunds, the signed amounts, the signed fees, splits, releases, payouts
            long[] t = totals.computeIfAbsent(e.currency(), c -> new long[7]);
            t[0] += e.kind() == BillEntry.Kind.PAYMENT && !BillRules.REVOKED.equals(e.state()) ? 1 : 0;
            t[1] += e.kind() == BillEntry.Kind.REFUND ? 1 : 0;
            t[2] += signedAmount(e);
            t[3] += signedFee(e);
            t[4] += e.kind() == BillEntry.Kind.SPLIT ? 1 : 0;
            t[5] += e.kind() == BillEntry.Kind.RELEASE ? 1 : 0;
            t[6] += e.kind() == BillEntry.Kind.PAYOUT ? 1 : 0;
        }
        totals.forEach((currency, t) -> text.append(String.join(",", "合计", "", String.valueOf(t[0]), String.valueOf(t[1]),
                signed(t[2]), signed(t[2]), "0.00", "0.00", "0.00", signed(t[3]), "0.00", signed(t[2] + t[3]), cell(currency),
                String.valueOf(t[4]), String.valueOf(t[5]), String.valueOf(t[6]))).append(CRLF));
        text.append('#').append(DASHES).append("业务汇总列表结束").append(DASHES, 0, 36).append(CRLF);
        text.append("#导出时间：[").append(exportedAt.atZoneSameInstant(BEIJING).format(COMMENT_TIME)).append(']').append(CRLF);
        return text.toString();
    }

    private static void head(StringBuilder text, String title, String companyMerchantId, LocalDate day, String list) {
        text.append(title).append(CRLF);
        text.append("#账号：[").append(companyMerchantId).append(']').append(CRLF);
        text.append("#起始日期：[").append(day.atStartOfDay().format(COMMENT_TIME)).append("]   终止日期：[")
                .append(day.plusDays(1).atStartOfDay().format(COMMENT_TIME)).append(']').append(CRLF);
        text.append('#').append(DASHES).append(list).append(DASHES, 0, 40).append(CRLF);
    }

    /** One detail line: the 28 cells of {@link #DETAIL_HEADER}; numbers end with a tab, as Alipay keeps spreadsheets from reading them as figures. */
    static String row(BillEntry e) {
        StringJoiner row = new StringJoiner(",");
        row.add(number(e.transactionId())).add(number(e.orderRef())).add(word(e.kind())).add("").add("")
                .add(e.time().atZoneSameInstant(BEIJING).format(LINE_TIME)).add("").add("").add("").add("")
                .add(e.kind() == BillEntry.Kind.SPLIT ? cell(e.receiverAccount()) : "")
                .add(signed(signedAmount(e))).add(signed(signedAmount(e)))
                .add("0.00").add("0.00").add("0.00").add("0.00").add("0.00").add("").add("0.00").add("0.00")
                .add(number(e.reference())).add(signed(signedFee(e))).add("0.00").add("")
                .add(cell(e.currency())).add(cell(e.state())).add(number(e.companyId()));
        return row.toString();
    }

    /** 业务类型: Alipay's words for a payment and a refund; this project's for what Alipay's trade bill does not list. */
    static String word(BillEntry.Kind kind) {
        return switch (kind) {
            case PAYMENT -> "交易";
            case REFUND -> "退款";
            case SPLIT -> "分账";
            case RELEASE -> "解冻";
            case PAYOUT -> "境外付款";
        };
    }

    /** Money leaving the merchant's balance is negative: a refund, a split, a payout (the books give amounts without sign). */
    static long signedAmount(BillEntry e) {
        long amount = Math.abs(e.amount());
        return switch (e.kind()) {
            case REFUND, SPLIT, PAYOUT -> -amount;
            case PAYMENT, RELEASE -> amount;
        };
    }

    /** The fee the company takes is negative; a refund's is the fee it gives back, positive. */
    static long signedFee(BillEntry e) {
        long fee = Math.abs(e.fee());
        return e.kind() == BillEntry.Kind.REFUND ? fee : -fee;
    }

    /** Fen as signed yuan: {@code -12.34}, {@code 0.00}, {@code 5.00}. */
    static String signed(long fen) {
        return fen < 0 ? "-" + Yuan.text(-fen) : Yuan.text(fen);
    }

    private static String number(String value) {
        return value == null ? "" : cell(value + "\t");
    }

    /** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
    static String cell(String value) {
        if (value == null) {
            return "";
        }
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    private static long count(List<BillEntry> lines, BillEntry.Kind kind) {
        return lines.stream().filter(e -> e.kind() == kind).count();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
