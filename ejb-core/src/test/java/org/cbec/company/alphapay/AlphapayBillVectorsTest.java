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
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * alphapay's bills on the broker's side (docs/companies/alphapay.md, Bills): the written-out files
 * of docs/companies/vectors/alphapay/bill.txt (the sandbox's {@code AlphapayBillProtocolTest} writes
 * them from the same file) are
 * read into exactly these lines; a file whose summary does not add up, or whose hash is not the one
 * offered, or a download URL off the company's host, is refused.
 */
class AlphapayBillVectorsTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 25);

    static final Vectors BILL = Vectors.read("alphapay/bill.txt");

    static final String TRADEBILL = BILL.get("tradebill.file");
    static final String TRADEBILL_SHA1 = BILL.get("tradebill.sha1");
    static final String FUNDFLOWBILL = BILL.get("fundflowbill.file");
    static final String FUNDFLOWBILL_SHA1 = BILL.get("fundflowbill.sha1");
    static final String PROFITSHARING = BILL.get("profitsharing.file");
    static final String PROFITSHARING_SHA1 = BILL.get("profitsharing.sha1");

    /** The file's rows: the header, the lines, the summary's header and the summary. */
    static String row(String file, int index) {
        return file.split("\r\n")[index];
    }

    static final String PAYMENT_ROW = row(TRADEBILL, 1);
    static final String REFUND_ROW = row(TRADEBILL, 2);
    static final String TRADE_SUMMARY_ROW = row(TRADEBILL, 4);
    static final String PAYOUT_ROW = row(FUNDFLOWBILL, 1);
    static final String SPLIT_ROW = row(PROFITSHARING, 1);
    static final String RELEASE_ROW = row(PROFITSHARING, 2);

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
                TRADEBILL.replace("`kat0001,`,`,`SUCCESS", "`kat0001,`,`,`,`SUCCESS"),
                TRADEBILL.replace(TRADE_SUMMARY_ROW + "\r\n", ""),
                FUNDFLOWBILL.replace("`PAID/15.00", "`PAID"))) {
            CompanyUnavailable e = assertThrows(CompanyUnavailable.class, () -> AlphapayBills.read(
                    broken.startsWith("记账") ? AlphapayBills.Bill.FUNDFLOWBILL : AlphapayBills.Bill.TRADEBILL, DAY, utf8(broken)));
            assertTrue(e.getMessage().contains(" of 2026-11-25 is unusable: "), e.getMessage());
            assertFalse(e.getMessage().contains("kat0001") || e.getMessage().contains("4200000000000000000000000001"), e.getMessage());
        }
    }

    @Test
    void aTradeInAStateTheBrokerDoesNotReadIsALineOfItsOwnKindAndTheRestIsRead() {
        List<BillLine> lines = AlphapayBills.read(AlphapayBills.Bill.TRADEBILL, DAY, utf8(TRADEBILL.replace("`SUCCESS,`OTHERS",
                "`REVOKED,`OTHERS")));
        assertEquals(TRADE_LINES.size(), lines.size());
        BillLine revoked = lines.get(0);
        assertEquals(List.of(BillLine.Kind.OTHER, "REVOKED", TRADE_LINES.get(0).orderRef(), TRADE_LINES.get(0).companyId()),
                List.of(revoked.kind(), revoked.state(), revoked.orderRef(), revoked.companyId()));
        assertEquals(TRADE_LINES.subList(1, TRADE_LINES.size()), lines.subList(1, lines.size()));
    }

    @Test
    void aPaymentAndARefundWithTheCompanysCouponAreReadAtTheAmountsTheMerchantAskedNotNetOfTheCoupon() {
        // 5.99 of the 25.99 paid by the company's coupon: settled 20.00; of the 10.00 refund, 2.30 back to the coupon: refunded 7.70.
        String file = TRADEBILL.replace("`CNY,`25.99,`0.00,`0,`0,", "`CNY,`20.00,`5.99,`0,`0,")
                .replace("`R20261125001,`10.00,`0.00,", "`R20261125001,`7.70,`0.00,")
                .replace(TRADE_SUMMARY_ROW, "`2,`20.00,`7.70,`0.00,`0.10,`25.99,`10.00");
        List<BillLine> lines = AlphapayBills.read(AlphapayBills.Bill.TRADEBILL, DAY, utf8(file));
        assertEquals(List.of(2599L, 1000L), lines.stream().map(BillLine::amount).toList());
        assertEquals(List.of(16L, 6L), lines.stream().map(BillLine::fee).toList());
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
    void aDownloadedFileIsAcceptedOnlyWhenItsContentHasTheOfferedSha1() throws java.io.IOException {
        HttpExchange downloaded = new HttpExchange(200, Map.of(), "", 1, new byte[0]);
        assertTrue(new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> false, file(gzip(TRADEBILL))).test(downloaded));
        AlphapayBills.FileCheck tampered = new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> true, file(gzip(TRADEBILL.replace("25.99",
                "25.98"))));
        assertFalse(tampered.test(downloaded));
        assertTrue(tampered.fileUnmatched);
        assertFalse(new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> true, file(utf8(TRADEBILL))).test(downloaded),
                "the bill was asked as gzip: a plain file is not it");
    }

    @Test
    void aDownloadedFileIsReadAsAStreamFromItsGzip() throws java.io.IOException {
        List<BillLine> lines = new java.util.ArrayList<>();
        assertEquals(TRADE_LINES.size(), AlphapayBills.read(AlphapayBills.Bill.TRADEBILL, DAY, file(gzip(TRADEBILL)), lines::add));
        assertEquals(TRADE_LINES, lines);
        assertEquals("tradebill: " + gzip(TRADEBILL).length + " bytes received (gzip), " + utf8(TRADEBILL).length + " bytes, SHA1 "
                + TRADEBILL_SHA1, AlphapayBills.summary(AlphapayBills.Bill.TRADEBILL, file(gzip(TRADEBILL))));
    }

    @Test
    void aPartOfTheDayReadsTheRowsOfItsOrdersAndEveryPayoutAndLeavesTheOtherRowsUnread() throws java.io.IOException {
        // Another order's row that does not read: a part that does not take that order never reads past its fields.
        String other = PAYMENT_ROW.replace("`kat0001,", "`kat0002,").replace("`25.99,`0.00,`0,", "`25.999,`0.00,`0,");
        java.nio.file.Path trade = file(gzip(TRADEBILL.replace(REFUND_ROW, REFUND_ROW + "\r\n" + other)));
        List<BillLine> lines = new java.util.ArrayList<>();
        AlphapayBills.lines(AlphapayBills.Bill.TRADEBILL, DAY, trade, "kat0001"::equals, lines::add);
        assertEquals(TRADE_LINES, lines);
        lines.clear();
        AlphapayBills.lines(AlphapayBills.Bill.TRADEBILL, DAY, trade, order -> false, lines::add);
        assertEquals(List.of(), lines);
        AlphapayBills.lines(AlphapayBills.Bill.PROFITSHARING, DAY, file(gzip(PROFITSHARING)), order -> false, lines::add);
        assertEquals(List.of(), lines);
        AlphapayBills.lines(AlphapayBills.Bill.FUNDFLOWBILL, DAY, file(gzip(FUNDFLOWBILL)), order -> false, lines::add);
        assertEquals(FUND_LINES, lines, "a payout, of no order, in every part");
        // Read whole, as when it was downloaded, the same file is unusable.
        assertThrows(CompanyUnavailable.class, () -> AlphapayBills.read(AlphapayBills.Bill.TRADEBILL, DAY, trade, l -> { }));
    }

    /** The bytes in a working file, as a download leaves them. */
    static java.nio.file.Path file(byte[] bytes) throws java.io.IOException {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("alphapay-bill-test-", ".gz");
        file.toFile().deleteOnExit();
        return java.nio.file.Files.write(file, bytes);
    }

    @Test
    void aRefusedDownloadIsCheckedByItsSignatureAsEveryAnswer() {
        HttpExchange refusal = new HttpExchange(400, Map.of(), "{\"code\":\"PARAM_ERROR\",\"message\":\"token\"}", 1);
        assertTrue(new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> true, null).test(refusal));
        assertFalse(new AlphapayBills.FileCheck(TRADEBILL_SHA1, a -> false, null).test(refusal));
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
