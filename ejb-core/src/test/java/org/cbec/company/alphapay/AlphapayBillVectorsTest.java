package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.cbec.company.BillLine;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.HttpExchange;
import org.junit.jupiter.api.Test;

/**
 * alphapay's bills on the broker's side (docs/companies/alphapay.md, Bills): the written-out files
 * (the sandbox's {@code AlphapayBillProtocolTest} vectors, so both sides hold the same bytes) are
 * read into exactly these lines; a file whose summary does not add up, or whose hash is not the one
 * offered, or a download URL off the company's host, is refused.
 */
class AlphapayBillVectorsTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 25);

    static final String PAYMENT_ROW = "`2026-11-25 20:00:00,`alphapay-app-1900000001,`1900000001,`0,`,`4200000000000000000000000001,"
            + "`kat0001,`,`,`SUCCESS,`OTHERS,`CNY,`25.99,`0.00,`0,`0,`0.00,`0.00,`,`,`,`,`0.16,`,`25.99,`0.00,`";
    static final String REFUND_ROW = "`2026-11-25 21:30:05,`alphapay-app-1900000001,`1900000001,`0,`,`4200000000000000000000000001,"
            + "`kat0001,`,`,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50300000000000000000000000001,`R20261125001,`10.00,`0.00,`ORIGINAL,"
            + "`SUCCESS,`,`,`-0.06,`,`0.00,`10.00,`";
    static final String TRADE_SUMMARY_ROW = "`2,`25.99,`10.00,`0.00,`0.10,`25.99,`10.00";
    static final String TRADEBILL = "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,"
            + "付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,"
            + "商户数据包,手续费,费率,订单金额,申请退款金额,费率备注\r\n"
            + PAYMENT_ROW + "\r\n" + REFUND_ROW + "\r\n"
            + "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\r\n"
            + TRADE_SUMMARY_ROW + "\r\n";
    /** {@code sha1sum} of {@link #TRADEBILL}. */
    static final String TRADEBILL_SHA1 = "0c4c283ce74886187b963b23c1e2ffd9830ed3d7";

    static final String PAYOUT_ROW = "`2026-11-25 18:00:00,`1030000071100000000000000001,`FP1030000071100000000000000001,`境外付款,"
            + "`境外付款,`支出,`1000.00,`,`,`PAID/15.00,`P20261125001";
    static final String FUNDFLOWBILL = "记账时间,微信支付业务单号,资金流水单号,业务名称,业务类型,收支类型,收支金额（元）,账户结余（元）,"
            + "资金变更提交申请人,备注,业务凭证号\r\n"
            + PAYOUT_ROW + "\r\n"
            + "`2026-11-25 20:00:00,`4200000000000000000000000001,`FP4200000000000000000000000001,`交易,`交易,`收入,`25.99,`,`,`,`kat0001\r\n"
            + "`2026-11-25 21:30:05,`50300000000000000000000000001,`FR50300000000000000000000000001,`退款,`退款,`支出,`10.00,`,`,`,"
            + "`R20261125001\r\n"
            + "资金流水总笔数,收入笔数,收入金额,支出笔数,支出金额\r\n"
            + "`3,`1,`25.99,`2,`1010.00\r\n";
    static final String FUNDFLOWBILL_SHA1 = "6d759db1b87fddaeb1ff41b4432c1b30af6daa29";

    static final String SPLIT_ROW = "`2026-11-25 22:01:00,`4200000000000000000000000001,`kat0001,`30000000000000000000000000001,"
            + "`S20261125001,`1900000001,`MERCHANT_ID,`1900000109,`3.00,`CNY,`分账,`SUCCESS,`";
    static final String RELEASE_ROW = "`2026-11-25 22:05:00,`4200000000000000000000000001,`kat0001,`30000000000000000000000000002,"
            + "`U20261125001,`1900000001,`MERCHANT_ID,`1900000001,`8.80,`CNY,`解冻给分账方,`SUCCESS,`";
    static final String PROFITSHARING = "分账完成时间,微信订单号,商户订单号,微信分账单号,商户分账单号,分账方商户号,分账接收方类型,"
            + "分账接收方账号,分账金额（元）,货币种类,业务类型,处理状态,分账描述\r\n"
            + SPLIT_ROW + "\r\n" + RELEASE_ROW + "\r\n"
            + "分账总笔数,分账总金额（元）,解冻总金额（元）\r\n"
            + "`2,`3.00,`8.80\r\n";
    static final String PROFITSHARING_SHA1 = "25e914abf4057d64a1155f8f3684279875b478b9";

    static final List<BillLine> TRADE_LINES = List.of(
            new BillLine(BillLine.Kind.PAYMENT, "kat0001", null, "4200000000000000000000000001", null, 2599, 16, "CNY", "SUCCESS",
                    OffsetDateTime.parse("2026-11-25T20:00:00+08:00"), PAYMENT_ROW),
            new BillLine(BillLine.Kind.REFUND, "kat0001", "R20261125001", "50300000000000000000000000001", null, 1000, 6, "CNY", "SUCCESS",
                    OffsetDateTime.parse("2026-11-25T21:30:05+08:00"), REFUND_ROW));
    static final List<BillLine> FUND_LINES = List.of(
            new BillLine(BillLine.Kind.PAYOUT, null, "P20261125001", "1030000071100000000000000001", null, 100000, 1500, "CNY", "PAID",
                    OffsetDateTime.parse("2026-11-25T18:00:00+08:00"), PAYOUT_ROW));
    static final List<BillLine> SHARING_LINES = List.of(
            new BillLine(BillLine.Kind.SPLIT, "kat0001", "S20261125001", "30000000000000000000000000001", "1900000109", 300, 0, "CNY",
                    "SUCCESS", OffsetDateTime.parse("2026-11-25T22:01:00+08:00"), SPLIT_ROW),
            new BillLine(BillLine.Kind.RELEASE, "kat0001", "U20261125001", "30000000000000000000000000002", null, 880, 0, "CNY", "SUCCESS",
                    OffsetDateTime.parse("2026-11-25T22:05:00+08:00"), RELEASE_ROW));

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(utf8(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    @Test
    void theBillsAreAskedForAtWeChatsPathsWithTheDayAndGzip() {
        assertEquals("/v3/bill/tradebill?bill_date=2026-11-25&bill_type=ALL&tar_type=GZIP", AlphapayBills.Bill.TRADEBILL.path(DAY));
        assertEquals("/v3/bill/fundflowbill?bill_date=2026-11-25&account_type=BASIC&tar_type=GZIP",
                AlphapayBills.Bill.FUNDFLOWBILL.path(DAY));
        assertEquals("/v3/profitsharing/bills?bill_date=2026-11-25&tar_type=GZIP", AlphapayBills.Bill.PROFITSHARING.path(DAY));
    }

    @Test
    void theTradeBillVectorIsAPaymentAndARefundWithTheFeeGivenBack() {
        assertEquals(TRADE_LINES, AlphapayBills.read(AlphapayBills.Bill.TRADEBILL, DAY, utf8(TRADEBILL)));
    }

    @Test
    void theFundFlowBillVectorGivesItsPayoutOnlyWithTheStateAndFeeOfItsRemark() {
        assertEquals(FUND_LINES, AlphapayBills.read(AlphapayBills.Bill.FUNDFLOWBILL, DAY, utf8(FUNDFLOWBILL)));
    }

    @Test
    void theProfitSharingBillVectorIsASplitToItsReceiverAndAReleaseToTheMerchant() {
        assertEquals(SHARING_LINES, AlphapayBills.read(AlphapayBills.Bill.PROFITSHARING, DAY, utf8(PROFITSHARING)));
    }

    @Test
    void aSummaryThatIsNotWhatTheLinesAddUpToMakesTheFileUnusable() {
        for (String summary : List.of("`3,`25.99,`10.00,`0.00,`0.10,`25.99,`10.00", "`2,`25.98,`10.00,`0.00,`0.10,`25.99,`10.00",
                "`2,`25.99,`10.00,`0.00,`0.22,`25.99,`10.00", "`2,`25.99,`10.01,`0.00,`0.10,`25.99,`10.00")) {
            String file = TRADEBILL.replace(TRADE_SUMMARY_ROW, summary);
            CompanyUnavailable e = assertThrows(CompanyUnavailable.class,
                    () -> AlphapayBills.read(AlphapayBills.Bill.TRADEBILL, DAY, utf8(file)), summary);
            assertEquals("the alphapay tradebill of 2026-11-25 is unusable: its summary is not what its lines add up to", e.getMessage());
        }
        assertThrows(CompanyUnavailable.class, () -> AlphapayBills.read(AlphapayBills.Bill.PROFITSHARING, DAY,
                utf8(PROFITSHARING.replace("`2,`3.00,`8.80", "`2,`3.00,`8.81"))));
        assertThrows(CompanyUnavailable.class, () -> AlphapayBills.read(AlphapayBills.Bill.FUNDFLOWBILL, DAY,
                utf8(FUNDFLOWBILL.replace("`3,`1,`25.99,`2,`1010.00", "`3,`1,`25.99,`2,`1000.00"))));
    }

    @Test
    void anUnreadableRowMakesTheFileUnusableWithoutShowingItsContent() {
        for (String broken : List.of(TRADEBILL.replace("`25.99,`0.00,`0,", "`25.999,`0.00,`0,"),
                TRADEBILL.replace("`2026-11-25 20:00:00,", "`2026-11-25T20:00:00,"),
                TRADEBILL.replace("`kat0001,`,`,`SUCCESS", "`kat0001,`,`SUCCESS"),
                TRADEBILL.replace("`SUCCESS,`OTHERS", "`REVOKED,`OTHERS"),
                TRADEBILL.replace(TRADE_SUMMARY_ROW + "\r\n", ""),
                FUNDFLOWBILL.replace("`PAID/15.00", "`PAID"))) {
            CompanyUnavailable e = assertThrows(CompanyUnavailable.class, () -> AlphapayBills.read(
                    broken.startsWith("记账") ? AlphapayBills.Bill.FUNDFLOWBILL : AlphapayBills.Bill.TRADEBILL, DAY, utf8(broken)));
            assertTrue(e.getMessage().contains(" of 2026-11-25 is unusable: "), e.getMessage());
            assertFalse(e.getMessage().contains("kat0001") || e.getMessage().contains("4200000000000000000000000001"), e.getMessage());
        }
    }

    @Test
    void yuanAreReadExactlyIntoFen() {
        assertEquals(2599, AlphapayBills.yuan("25.99"));
        assertEquals(10, AlphapayBills.yuan("0.1"));
        assertEquals(-6, AlphapayBills.yuan("-0.06"));
        assertEquals(100000, AlphapayBills.yuan("1000"));
        assertEquals(1, AlphapayBills.yuan("0.01"));
        assertEquals(29, AlphapayBills.yuan("0.29"), "0.29 * 100 in binary floating point is 28.999…");
        assertEquals(115, AlphapayBills.yuan("1.15"));
        assertEquals(99999999999999L, AlphapayBills.yuan("999999999999.99"));
        for (String notYuan : List.of("0.005", "1e3", "25,99", "", " 1.00", "+1.00", "NaN")) {
            assertThrows(NumberFormatException.class, () -> AlphapayBills.yuan(notYuan), notYuan);
        }
    }

    @Test
    void aDownloadUrlIsFetchedOnlyFromTheCompanysSchemeHostAndPort() {
        String base = "https://alphapay.example/sandbox/alphapay";
        assertTrue(AlphapayBills.onCompanyHost("https://alphapay.example/sandbox/alphapay/v3/billdownload/file?token=t", base));
        assertTrue(AlphapayBills.onCompanyHost("https://ALPHAPAY.example:443/v3/billdownload/file?token=t", base));
        for (String foreign : List.of("http://alphapay.example/v3/billdownload/file", "https://alphapay.example:8443/v3/billdownload/file",
                "https://evil.example/v3/billdownload/file", "https://alphapay.example.evil.example/v3/billdownload/file",
                "https://alphapay.example@evil.example/v3/billdownload/file", "/v3/billdownload/file", "not a url",
                "file:///etc/passwd")) {
            assertFalse(AlphapayBills.onCompanyHost(foreign, base), foreign);
        }
    }

    @Test
    void aDownloadedFileIsAcceptedOnlyWhenItsContentHasTheOfferedSha1() {
        AlphapayBills.FileCheck check = new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> false);
        assertTrue(check.test(new HttpExchange(200, Map.of(), "", 1, gzip(TRADEBILL))));
        assertArrayEquals(utf8(TRADEBILL), check.file);
        AlphapayBills.FileCheck tampered = new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> true);
        assertFalse(tampered.test(new HttpExchange(200, Map.of(), "", 1, gzip(TRADEBILL.replace("25.99", "25.98")))));
        assertTrue(tampered.fileUnmatched);
        assertNull(tampered.file);
        assertFalse(new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> true).test(new HttpExchange(200, Map.of(), TRADEBILL, 1)),
                "the bill was asked as gzip: a plain file is not it");
    }

    @Test
    void aRefusedDownloadIsCheckedByItsSignatureAsEveryAnswer() {
        HttpExchange refusal = new HttpExchange(400, Map.of(), "{\"code\":\"PARAM_ERROR\",\"message\":\"token\"}", 1);
        assertTrue(new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> true).test(refusal));
        assertFalse(new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> false).test(refusal));
    }

    @Test
    void anOfferWithoutASha1OrAUrlIsNoAnswer() {
        assertEquals(new AlphapayBills.Offer("SHA1", TRADEBILL_SHA1, "https://alphapay.example/v3/billdownload/file?token=t"),
                AlphapayBills.offer("{\"hash_type\":\"SHA1\",\"hash_value\":\"" + TRADEBILL_SHA1.toUpperCase()
                        + "\",\"download_url\":\"https://alphapay.example/v3/billdownload/file?token=t\"}"));
        for (String body : List.of("{\"hash_type\":\"MD5\",\"hash_value\":\"" + TRADEBILL_SHA1 + "\",\"download_url\":\"u\"}",
                "{\"hash_type\":\"SHA1\",\"hash_value\":\"abc\",\"download_url\":\"u\"}",
                "{\"hash_type\":\"SHA1\",\"hash_value\":\"" + TRADEBILL_SHA1 + "\"}")) {
            assertThrows(CompanyUnavailable.class, () -> AlphapayBills.offer(body), body);
        }
    }
}
