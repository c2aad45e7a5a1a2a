package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.BillEntry;
import org.cbec.sandbox.books.BillEntry.Kind;
import org.cbec.sandbox.books.Bills;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Party;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.plumbing.crypto.Rsa;
import org.junit.jupiter.api.Test;

/**
 * betapay's daily bill on the company's side (docs/companies/betapay.md, "Daily bills"): fixed bill
 * lines are written to exactly these GBK lines, in a ZIP with exactly these entry names; the query
 * answers a link to the sandbox itself, no bill for a day without lines, and refuses a malformed day
 * or one after today; the link is refused when forged, malformed or too old. The broker's
 * BetapayBillsTest reads the same lines.
 */
class BetapayBillVectorsTest {

    static final Party PARTY = new Party(7, "betapay", "m-1", "2088000000009999", "betapay-app-2000000001", null, null);
    static final LocalDate DAY = LocalDate.of(2026, 11, 25);
    static final OffsetDateTime EXPORTED = OffsetDateTime.parse("2026-11-26T02:00:00Z");
    static final String TRADE = "200123456789abcdef0123456789abcd";

    /** The books' times are UTC instants; the file has them in Beijing time. */
    static final List<BillEntry> LINES = List.of(
            new BillEntry(Kind.PAYMENT, "ORDER20261125G", "200123456789abcdef0123456789abce", null, null, null, null, 1099, 7, "GBP",
                    "SUCCESS", OffsetDateTime.parse("2026-11-25T01:00:00Z")),
            new BillEntry(Kind.PAYMENT, "ORDER20261125B", TRADE, null, null, null, null, 2599, 16, "CNY", "SUCCESS",
                    OffsetDateTime.parse("2026-11-25T12:00:05Z")),
            new BillEntry(Kind.SPLIT, "ORDER20261125B", TRADE, "SPL20261125B01", "202611250000000101", "userId", "2088000000000001", 300,
                    0, "CNY", "SUCCESS", OffsetDateTime.parse("2026-11-25T12:11:00Z")),
            new BillEntry(Kind.REFUND, "ORDER20261125B", TRADE, "RF20261125B01", "2026112500000002", null, null, 1000, 6, "CNY", "SUCCESS",
                    OffsetDateTime.parse("2026-11-25T13:30:00Z")),
            new BillEntry(Kind.RELEASE, "ORDER20261125B", TRADE, "REL20261125B01", "2026112500000003", null, null, 500, 0, "CNY",
                    "SUCCESS", OffsetDateTime.parse("2026-11-25T14:00:00Z")),
            new BillEntry(Kind.PAYOUT, null, null, "PO20261126B01", "2026112600000001", null, null, 100000, 500, "CNY", "ACCEPTED",
                    OffsetDateTime.parse("2026-11-25T15:59:59Z")));

    static final List<String> DETAIL = List.of(
            "#betapay业务明细查询",
            "#账号：[2088000000009999]",
            "#起始日期：[2026年11月25日 00:00:00]   终止日期：[2026年11月26日 00:00:00]",
            "#-----------------------------------------业务明细列表----------------------------------------",
            "betapay交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,"
                    + "betapay红包（元）,集分宝（元）,betapay优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,"
                    + "退款批次号/请求号,服务费（元）,分润（元）,备注,币种,状态,业务流水号",
            "200123456789abcdef0123456789abce\t,ORDER20261125G\t,交易,,,2026-11-25 09:00:00,,,,,,10.99,10.99,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,"
                    + ",-0.07,0.00,,GBP,SUCCESS,",
            "200123456789abcdef0123456789abcd\t,ORDER20261125B\t,交易,,,2026-11-25 20:00:05,,,,,,25.99,25.99,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,"
                    + ",-0.16,0.00,,CNY,SUCCESS,",
            "200123456789abcdef0123456789abcd\t,ORDER20261125B\t,分账,,,2026-11-25 20:11:00,,,,,2088000000000001,-3.00,-3.00,0.00,0.00,0.00,"
                    + "0.00,0.00,,0.00,0.00,SPL20261125B01\t,0.00,0.00,,CNY,SUCCESS,202611250000000101\t",
            "200123456789abcdef0123456789abcd\t,ORDER20261125B\t,退款,,,2026-11-25 21:30:00,,,,,,-10.00,-10.00,0.00,0.00,0.00,0.00,0.00,,0.00,"
                    + "0.00,RF20261125B01\t,0.06,0.00,,CNY,SUCCESS,2026112500000002\t",
            "200123456789abcdef0123456789abcd\t,ORDER20261125B\t,解冻,,,2026-11-25 22:00:00,,,,,,5.00,5.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,"
                    + "REL20261125B01\t,0.00,0.00,,CNY,SUCCESS,2026112500000003\t",
            ",,境外付款,,,2026-11-25 23:59:59,,,,,,-1000.00,-1000.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,PO20261126B01\t,-5.00,0.00,,CNY,"
                    + "ACCEPTED,2026112600000001\t",
            "#-----------------------------------------业务明细列表结束------------------------------------",
            "#交易合计：2笔",
            "#退款合计：1笔",
            "#导出时间：[2026年11月26日 10:00:00]");

    static final List<String> SUMMARY = List.of(
            "#betapay业务汇总查询",
            "#账号：[2088000000009999]",
            "#起始日期：[2026年11月25日 00:00:00]   终止日期：[2026年11月26日 00:00:00]",
            "#-----------------------------------------业务汇总列表----------------------------------------",
            "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,betapay优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,"
                    + "分润（元）,实收净额（元）,币种,分账总笔数,解冻总笔数,境外付款总笔数",
            "合计,,1,1,-982.01,-982.01,0.00,0.00,0.00,-5.10,0.00,-987.11,CNY,1,1,1",
            "合计,,1,0,10.99,10.99,0.00,0.00,0.00,-0.07,0.00,10.92,GBP,0,0,0",
            "#-----------------------------------------业务汇总列表结束------------------------------------",
            "#导出时间：[2026年11月26日 10:00:00]");

    private static final Charset GBK = Charset.forName("GBK");
    private static final KeyPair COMPANY = Rsa.newKeyPair();

    /** The books' bills and the company key, as the test arranges them. */
    static final class Books extends Bills {

        List<BillEntry> lines = LINES;
        final List<String> asked = new ArrayList<>();

        @Override
        public List<BillEntry> lines(Party account, LocalDate day) {
            asked.add(account.accountId() + " " + day);
            return lines;
        }
    }

    static final class Keys extends Accounts {

        @Override
        public CompanySigner companySigner(String paymentMethod) {
            return new CompanySigner(paymentMethod, "serial", COMPANY.getPrivate(), Pem.publicKeyPem(COMPANY.getPublic()));
        }

        @Override
        public Optional<Party> byCompanyMerchantId(String paymentMethod, String companyMerchantId) {
            return PARTY.companyMerchantId().equals(companyMerchantId) ? Optional.of(PARTY) : Optional.empty();
        }
    }

    private final Books books = new Books();

    private BetapayBills bills() {
        BetapayBills bills = new BetapayBills();
        bills.bills = books;
        bills.accounts = new Keys();
        return bills;
    }

    private String answer(String biz) {
        BetapayOperations operations = new BetapayOperations();
        operations.bills = bills();
        Map<String, String> params = new LinkedHashMap<>();
        params.put("app_id", "betapay-app-2000000001");
        params.put("method", "betapay.data.bill.downloadurl.query");
        params.put("format", "JSON");
        params.put("charset", "utf-8");
        params.put("sign_type", "RSA2");
        params.put("timestamp", "2026-11-26 10:00:00");
        params.put("version", "1.0");
        params.put("biz_content", biz);
        BetapayOperations.Call call = operations.read(BetapayOperations.Method.BILL_DOWNLOADURL_QUERY, params, PARTY,
                "https://sandbox.test/sandbox/betapay");
        return call.work().get();
    }

    private static Map<String, String> unzip(byte[] zip) throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), GBK)) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                files.put(e.getName(), new String(in.readAllBytes(), GBK));
            }
        }
        return files;
    }

    private static List<String> lines(String text) {
        assertTrue(text.endsWith("\r\n"), "every line ends with CRLF");
        return List.of(text.substring(0, text.length() - 2).split("\r\n", -1));
    }

    private static Map<String, String> query(String url) {
        Map<String, String> query = new LinkedHashMap<>();
        for (String pair : URI.create(url).getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            query.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return query;
    }

    @Test
    void theDetailIsTheseLines() {
        assertEquals(DETAIL, lines(BetapayBills.detail("2088000000009999", DAY, LINES, EXPORTED)));
    }

    @Test
    void theSummaryHasOneTotalPerCurrency() {
        assertEquals(SUMMARY, lines(BetapayBills.summary("2088000000009999", DAY, LINES, EXPORTED)));
    }

    @Test
    void theZipHoldsTheDetailThenTheSummaryInGbkUnderAlipaysNames() throws IOException {
        byte[] zip = BetapayBills.zip("2088000000009999", DAY, LINES, EXPORTED);
        Map<String, String> files = unzip(zip);
        assertEquals(List.of("2088000000009999_20261125_业务明细.csv", "2088000000009999_20261125_业务明细(汇总).csv"),
                List.copyOf(files.keySet()));
        assertEquals(DETAIL, lines(files.get("2088000000009999_20261125_业务明细.csv")));
        assertEquals(SUMMARY, lines(files.get("2088000000009999_20261125_业务明细(汇总).csv")));
    }

    @Test
    void aCellWithACommaOrAQuoteIsQuoted() {
        assertEquals("\"guide, north@example.com\"", BetapayBills.cell("guide, north@example.com"));
        assertEquals("\"say \"\"hi\"\"\"", BetapayBills.cell("say \"hi\""));
        assertEquals("2088000000000001", BetapayBills.cell("2088000000000001"));
    }

    @Test
    void aDayWithLinesIsAnsweredALinkOnTheSandboxThatDownloadsItsZip() throws IOException {
        String node = answer("{\"bill_type\":\"trade\",\"bill_date\":\"2026-11-25\"}");
        assertTrue(node.startsWith("{\"code\":\"10000\",\"msg\":\"Success\",\"bill_download_url\":\"https://sandbox.test/sandbox/betapay/"
                + "downloadBillFile.resource?bizType=trade&userId=2088000000009999&fileType=csv.zip&bizDates=20261125"
                + "&downloadFileName=2088000000009999_20261125.csv.zip&timestamp="), node);
        String url = org.cbec.sandbox.codec.JsonText.parseObject(node).getString("bill_download_url");
        Map<String, String> q = query(url);
        BetapayBills.Download file = bills().download(q.get("bizType"), q.get("userId"), q.get("fileType"), q.get("bizDates"),
                q.get("timestamp"), q.get("token"));
        assertEquals(200, file.status());
        assertEquals("2088000000009999_20261125.csv.zip", file.fileName());
        assertEquals(2, unzip(file.zip()).size());
        assertEquals(List.of("7 2026-11-25", "7 2026-11-25"), books.asked);
    }

    @Test
    void aDayWithoutLinesHasNoBill() {
        books.lines = List.of();
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"isp.bill_not_exist\",\"sub_msg\":\"no bill for 2026-11-25\"}",
                answer("{\"bill_type\":\"trade\",\"bill_date\":\"2026-11-25\"}"));
    }

    @Test
    void aMalformedDayADayAfterTodayAndAnotherBillTypeAreInvalidParameters() {
        String tomorrow = Companies.today().plusDays(1).toString();
        for (String biz : new String[] {"{\"bill_type\":\"trade\",\"bill_date\":\"2026-11\"}", "{\"bill_type\":\"trade\",\"bill_date\":\"2026-02-30\"}",
                "{\"bill_type\":\"trade\",\"bill_date\":\"" + tomorrow + "\"}", "{\"bill_type\":\"signcustomer\",\"bill_date\":\"2026-11-25\"}",
                "{\"bill_date\":\"2026-11-25\"}"}) {
            String node = answer(biz);
            assertTrue(node.startsWith("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.INVALID_PARAMETER\""), biz + " → " + node);
        }
        assertTrue(books.asked.isEmpty(), "a refused query reads no bill");
    }

    @Test
    void todayIsAnsweredSoFar() {
        String today = Companies.today().toString();
        assertTrue(answer("{\"bill_type\":\"trade\",\"bill_date\":\"" + today + "\"}").contains("bill_download_url"));
    }

    @Test
    void aForgedMalformedOrStaleLinkIsRefusedInTheSandboxsJson() {
        long now = Companies.now().toInstant().toEpochMilli();
        String good = Rsa.sign(COMPANY.getPrivate(), BetapayBills.tokenText("2088000000009999", "20261125", now));
        String stale = Rsa.sign(COMPANY.getPrivate(), BetapayBills.tokenText("2088000000009999", "20261125", now - 31_000));
        BetapayBills bills = bills();
        assertEquals(200, bills.download("trade", "2088000000009999", "csv.zip", "20261125", String.valueOf(now), good).status());
        assertRefused(400, bills.download("trade", "2088000000009999", "csv.zip", "2026-11-25", String.valueOf(now), good));
        assertRefused(400, bills.download("trade", "2088000000009999", "csv.zip", "20261125", "99999999999999999999", good));
        assertRefused(400, bills.download("trade", null, "csv.zip", "20261125", String.valueOf(now), good));
        assertRefused(400, bills.download("fnd", "2088000000009999", "csv.zip", "20261125", String.valueOf(now), good));
        assertRefused(403, bills.download("trade", "2088000000009999", "csv.zip", "20261124", String.valueOf(now), good));
        assertRefused(403, bills.download("trade", "2088000000009998", "csv.zip", "20261125", String.valueOf(now), good));
        assertRefused(403, bills.download("trade", "2088000000009999", "csv.zip", "20261125", String.valueOf(now), "not-a-token"));
        assertRefused(403, bills.download("trade", "2088000000009999", "csv.zip", "20261125", String.valueOf(now), null));
        assertRefused(410, bills.download("trade", "2088000000009999", "csv.zip", "20261125", String.valueOf(now - 31_000), stale));
    }

    private static void assertRefused(int status, BetapayBills.Download refusal) {
        assertEquals(status, refusal.status());
        assertEquals(null, refusal.zip());
        assertFalse(refusal.message().contains("2088000000009999"), "no account number in a refusal: " + refusal.message());
    }

}
