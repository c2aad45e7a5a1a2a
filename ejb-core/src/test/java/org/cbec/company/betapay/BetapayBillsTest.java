package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.cbec.company.BillLine;
import org.cbec.company.BillLine.Kind;
import org.cbec.company.UnverifiedAnswer;
import org.junit.jupiter.api.Test;

/**
 * Known answers for betapay's daily bill (docs/companies/betapay.md, "Daily bills"): the query's
 * biz_content, a hand-built ZIP of GBK CSVs read into exactly these lines, and the files that are
 * unusable (a summary that disagrees with the detail, another day's names, a sign against the
 * convention); and where a download link may point. company-sandbox's BetapayBillVectorsTest writes
 * the same lines.
 */
class BetapayBillsTest {

    static final String ID = "2088000000009999";
    static final LocalDate DAY = LocalDate.of(2026, 11, 25);
    static final String TRADE = "200123456789abcdef0123456789abcd";
    static final Charset GBK = Charset.forName("GBK");

    static final String HEADER = "betapay交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,"
            + "商家实收（元）,betapay红包（元）,集分宝（元）,betapay优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,"
            + "退款批次号/请求号,服务费（元）,分润（元）,备注,币种,状态,业务流水号";
    static final String GBP_PAYMENT = "200123456789abcdef0123456789abce\t,ORDER20261125G\t,交易,,,2026-11-25 09:00:00,,,,,,10.99,10.99,0.00,0.00,"
            + "0.00,0.00,0.00,,0.00,0.00,,-0.07,0.00,,GBP,SUCCESS,";
    static final String PAYMENT = TRADE + "\t,ORDER20261125B\t,交易,,,2026-11-25 20:00:05,,,,,,25.99,25.99,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,"
            + ",-0.16,0.00,,CNY,SUCCESS,";
    static final String SPLIT = TRADE + "\t,ORDER20261125B\t,分账,,,2026-11-25 20:11:00,,,,,2088000000000001,-3.00,-3.00,0.00,0.00,0.00,0.00,"
            + "0.00,,0.00,0.00,SPL20261125B01\t,0.00,0.00,,CNY,SUCCESS,202611250000000101\t";
    static final String REFUND = TRADE + "\t,ORDER20261125B\t,退款,,,2026-11-25 21:30:00,,,,,,-10.00,-10.00,0.00,0.00,0.00,0.00,0.00,,0.00,"
            + "0.00,RF20261125B01\t,0.06,0.00,,CNY,SUCCESS,2026112500000002\t";
    static final String RELEASE = TRADE + "\t,ORDER20261125B\t,解冻,,,2026-11-25 22:00:00,,,,,,5.00,5.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,"
            + "REL20261125B01\t,0.00,0.00,,CNY,SUCCESS,2026112500000003\t";
    static final String PAYOUT = ",,境外付款,,,2026-11-25 23:59:59,,,,,,-1000.00,-1000.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,PO20261126B01\t,"
            + "-5.00,0.00,,CNY,ACCEPTED,2026112600000001\t";
    static final String CNY_TOTAL = "合计,,1,1,-982.01,-982.01,0.00,0.00,0.00,-5.10,0.00,-987.11,CNY,1,1,1";
    static final String GBP_TOTAL = "合计,,1,0,10.99,10.99,0.00,0.00,0.00,-0.07,0.00,10.92,GBP,0,0,0";

    static String detail(String... rows) {
        return "#betapay业务明细查询\r\n#账号：[2088000000009999]\r\n#起始日期：[2026年11月25日 00:00:00]   终止日期：[2026年11月26日 00:00:00]\r\n"
                + "#-----------------------------------------业务明细列表----------------------------------------\r\n"
                + HEADER + "\r\n" + String.join("\r\n", rows) + (rows.length == 0 ? "" : "\r\n")
                + "#-----------------------------------------业务明细列表结束------------------------------------\r\n"
                + "#交易合计：2笔\r\n#退款合计：1笔\r\n#导出时间：[2026年11月26日 10:00:00]\r\n";
    }

    static String summary(String... rows) {
        return "#betapay业务汇总查询\r\n#账号：[2088000000009999]\r\n#起始日期：[2026年11月25日 00:00:00]   终止日期：[2026年11月26日 00:00:00]\r\n"
                + "#-----------------------------------------业务汇总列表----------------------------------------\r\n"
                + "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,betapay优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,"
                + "分润（元）,实收净额（元）,币种,分账总笔数,解冻总笔数,境外付款总笔数\r\n" + String.join("\r\n", rows) + (rows.length == 0 ? "" : "\r\n")
                + "#-----------------------------------------业务汇总列表结束------------------------------------\r\n"
                + "#导出时间：[2026年11月26日 10:00:00]\r\n";
    }

    /** A ZIP as betapay writes it: the entries' names and texts in GBK. */
    static byte[] zip(Map<String, String> files) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, GBK)) {
            for (Map.Entry<String, String> f : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(f.getKey()));
                zip.write(f.getValue().getBytes(GBK));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static byte[] bill(String detail, String summary) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("2088000000009999_20261125_业务明细.csv", detail);
        files.put("2088000000009999_20261125_业务明细(汇总).csv", summary);
        return zip(files);
    }

    static final byte[] THE_BILL = bill(detail(GBP_PAYMENT, PAYMENT, SPLIT, REFUND, RELEASE, PAYOUT), summary(CNY_TOTAL, GBP_TOTAL));

    private static OffsetDateTime beijing(String time) {
        return OffsetDateTime.parse(time + "+08:00");
    }

    private static String unusable(byte[] zip) {
        return assertThrows(IllegalArgumentException.class, () -> BetapayBills.read(zip, ID, DAY)).getMessage();
    }

    @Test
    void theQueryAsksForTheTradeBillOfTheDay() {
        assertEquals("{\"bill_type\":\"trade\",\"bill_date\":\"2026-11-25\"}", BetapayBills.queryBiz(DAY));
    }

    @Test
    void theDetailIsReadIntoTheseLines() {
        assertEquals(List.of(
                new BillLine(Kind.PAYMENT, "ORDER20261125G", null, "200123456789abcdef0123456789abce", null, 1099, 7, "GBP", "SUCCESS",
                        beijing("2026-11-25T09:00:00"), GBP_PAYMENT),
                new BillLine(Kind.PAYMENT, "ORDER20261125B", null, TRADE, null, 2599, 16, "CNY", "SUCCESS", beijing("2026-11-25T20:00:05"),
                        PAYMENT),
                new BillLine(Kind.SPLIT, "ORDER20261125B", "SPL20261125B01", "202611250000000101", "2088000000000001", 300, 0, "CNY",
                        "SUCCESS", beijing("2026-11-25T20:11:00"), SPLIT),
                new BillLine(Kind.REFUND, "ORDER20261125B", "RF20261125B01", "2026112500000002", null, 1000, 6, "CNY", "SUCCESS",
                        beijing("2026-11-25T21:30:00"), REFUND),
                new BillLine(Kind.RELEASE, "ORDER20261125B", "REL20261125B01", "2026112500000003", null, 500, 0, "CNY", "SUCCESS",
                        beijing("2026-11-25T22:00:00"), RELEASE),
                new BillLine(Kind.PAYOUT, null, "PO20261126B01", "2026112600000001", null, 100000, 500, "CNY", "ACCEPTED",
                        beijing("2026-11-25T23:59:59"), PAYOUT)),
                BetapayBills.read(THE_BILL, ID, DAY));
    }

    @Test
    void aQuotedReceiverIsReadWhole() {
        String split = SPLIT.replace(",2088000000000001,", ",\"guide, north@example.com\",");
        List<BillLine> lines = BetapayBills.read(bill(detail(split), summary("合计,,0,0,-3.00,-3.00,0.00,0.00,0.00,0.00,0.00,-3.00,CNY,1,0,0")),
                ID, DAY);
        assertEquals("guide, north@example.com", lines.get(0).receiver());
    }

    @Test
    void anEmptyBillHasNoLines() {
        assertEquals(List.of(), BetapayBills.read(bill(detail(), summary()), ID, DAY));
    }

    @Test
    void aSummaryThatDisagreesWithTheDetailMakesTheFileUnusable() {
        assertEquals("the summary's counts or sums in CNY are not the detail's", unusable(bill(
                detail(GBP_PAYMENT, PAYMENT, SPLIT, REFUND, RELEASE, PAYOUT),
                summary(CNY_TOTAL.replace("-982.01,-982.01", "-982.00,-982.00").replace("-987.11", "-987.10"), GBP_TOTAL))));
        assertEquals("the summary's currencies are not the detail's", unusable(bill(
                detail(GBP_PAYMENT, PAYMENT, SPLIT, REFUND, RELEASE, PAYOUT), summary(CNY_TOTAL))));
        assertEquals("line 1 of the summary does not add up", unusable(bill(
                detail(GBP_PAYMENT, PAYMENT, SPLIT, REFUND, RELEASE, PAYOUT), summary(CNY_TOTAL.replace("-987.11", "-982.01"), GBP_TOTAL))));
    }

    @Test
    void anotherAccountsOrDaysFilesAreUnusable() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("2088000000009999_20261124_业务明细.csv", detail());
        files.put("2088000000009999_20261124_业务明细(汇总).csv", summary());
        assertEquals("the ZIP does not hold exactly the day's detail and summary of this account", unusable(zip(files)));
        assertThrows(IllegalArgumentException.class, () -> BetapayBills.read(THE_BILL, "2088000000009998", DAY));
    }

    @Test
    void aRowOfAKindOrStateTheBrokerDoesNotReadIsALineOfItsOwnKindCountedInTheSumsAsWritten() {
        List<BillLine> lines = BetapayBills.read(bill(detail(PAYMENT.replace("交易", "转账"), PAYOUT.replace("ACCEPTED", "REVOKED")),
                summary("合计,,0,0,-974.01,-974.01,0.00,0.00,0.00,-5.16,0.00,-979.17,CNY,0,0,0")), ID, DAY);
        assertEquals(List.of(List.of(Kind.OTHER, "转账", "ORDER20261125B", TRADE, 2599L), List.of(Kind.OTHER, "REVOKED", "PO20261126B01",
                "2026112600000001", 100000L)), lines.stream().map(l -> List.<Object>of(l.kind(), l.state(), l.orderRef() != null ? l.orderRef()
                        : l.reference(), l.companyId(), l.amount())).toList());
        assertEquals(PAYMENT.replace("交易", "转账"), lines.get(0).raw());
    }

    @Test
    void aDiscountedPaymentIsReadAtItsOrderAmountAndTheSummaryAddsUpWhatTheMerchantReceived() {
        // 2.00 of the 25.99 paid by betapay's discount: the merchant receives 23.99, the fee 0.16 on top.
        String discounted = PAYMENT.replace("25.99,25.99,0.00,", "25.99,23.99,2.00,");
        List<BillLine> lines = BetapayBills.read(bill(detail(discounted), summary("合计,,1,0,25.99,23.99,2.00,0.00,0.00,-0.16,0.00,23.83,CNY,0,0,0")),
                ID, DAY);
        assertEquals(List.of(Kind.PAYMENT, 2599L, 16L), List.of(lines.get(0).kind(), lines.get(0).amount(), lines.get(0).fee()));
        assertEquals("the summary's counts or sums in CNY are not the detail's", unusable(bill(detail(discounted),
                summary("合计,,1,0,25.99,25.99,0.00,0.00,0.00,-0.16,0.00,25.83,CNY,0,0,0"))), "what the merchant received is summed too");
    }

    @Test
    void aLineAgainstTheConventionMakesTheFileUnusable() {
        assertEquals("line 1 of the detail has an amount or fee with the wrong sign for its 业务类型",
                unusable(bill(detail(REFUND.replace("-10.00,-10.00", "10.00,10.00")), summary())));
        assertEquals("line 1 of the detail has an amount that is not yuan with two decimals",
                unusable(bill(detail(PAYMENT.replace("25.99,25.99", "25.9,25.9")), summary())));
        assertEquals("line 1 of the detail has a currency betapay does not write", unusable(bill(detail(PAYMENT.replace(",CNY,", ",cny,")),
                summary())));
        assertEquals("line 1 of the detail has not the header's cells", unusable(bill(detail(PAYMENT + ",extra"), summary())));
    }

    @Test
    void aFileThatIsNotAZipOfGbkTextIsUnusable() {
        assertEquals("the file is not a ZIP", unusable("not a zip".getBytes(GBK)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, GBK)) {
            zip.putNextEntry(new ZipEntry("2088000000009999_20261125_业务明细.csv"));
            zip.write(new byte[] {(byte) 0x81, (byte) 0x20});
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertEquals("a CSV of the ZIP is not GBK text", unusable(bytes.toByteArray()));
    }

    @Test
    void aLinkOnTheGatewaysSchemeHostAndPortIsTaken() {
        String gateway = "https://betapay.test/gateway.do";
        assertEquals("/downloadBillFile.resource",
                BetapayBills.onCompanyHost("https://BETAPAY.test:443/downloadBillFile.resource?token=a", gateway).getPath());
        assertEquals(8080, BetapayBills.onCompanyHost("http://localhost:8080/sandbox/betapay/downloadBillFile.resource?token=a",
                "http://localhost:8080/sandbox/betapay/gateway.do").getPort());
    }

    @Test
    void aLinkElsewhereIsRefusedAsUnverified() {
        String gateway = "https://betapay.test/gateway.do";
        for (String link : new String[] {"https://evil.test/downloadBillFile.resource", "http://betapay.test/downloadBillFile.resource",
                "https://betapay.test:8443/downloadBillFile.resource", "https://betapay.test@evil.test/downloadBillFile.resource",
                "https://user@betapay.test/downloadBillFile.resource", "/downloadBillFile.resource", "file:///etc/passwd", "not a url", ""}) {
            assertThrows(UnverifiedAnswer.class, () -> BetapayBills.onCompanyHost(link, gateway), link);
        }
        assertThrows(UnverifiedAnswer.class, () -> BetapayBills.onCompanyHost(null, gateway));
    }

    @Test
    void theStoredLinkHasItsTokenMasked() {
        String stored = BetapayBills.redacted(java.net.URI.create(
                "https://betapay.test/downloadBillFile.resource?bizType=trade&bizDates=20261125&timestamp=1&token=c2lnbmF0dXJl%2B"));
        assertEquals("https://betapay.test/downloadBillFile.resource?bizType=trade&bizDates=20261125&timestamp=1&token=***", stored);
        assertTrue(!stored.contains("c2lnbmF0dXJl"));
    }
}
