package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.sandbox.alphapay.AlphapayOperations.Operation;
import org.cbec.sandbox.books.BillEntry;
import org.cbec.sandbox.books.Bills;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.codec.JsonText;
import org.junit.jupiter.api.Test;

/**
 * alphapay's bills on the company's side (docs/companies/alphapay.md, Bills): fixed bill lines are
 * written as exactly these files, whose SHA-1 (taken with {@code sha1sum}, not by the code under
 * test) is the one answered; the ask is refused as documented. The file texts are the broker's
 * {@code AlphapayBillVectorsTest} vectors, so both sides hold the same bytes.
 */
class AlphapayBillProtocolTest {

    static final Vectors BILL = Vectors.read("alphapay/bill.txt");

    static final String TRADEBILL = BILL.get("tradebill.file");
    static final String TRADEBILL_SHA1 = BILL.get("tradebill.sha1");

    static final String FUNDFLOWBILL = BILL.get("fundflowbill.file");
    static final String FUNDFLOWBILL_SHA1 = BILL.get("fundflowbill.sha1");

    static final String PROFITSHARING = BILL.get("profitsharing.file");
    static final String PROFITSHARING_SHA1 = BILL.get("profitsharing.sha1");

    static final String TRANSACTION = "4200000000000000000000000001";
    static final LocalDate DAY = LocalDate.of(2026, 11, 25);

    /** The books' lines of 2026-11-25 (times in UTC; the files show them in Beijing time), oldest first. */
    static final List<BillEntry> ENTRIES = List.of(
            new BillEntry(BillEntry.Kind.PAYOUT, null, null, "P20261125001", "1030000071100000000000000001", null, null, 100000, 1500,
                    "CNY", "PAID", OffsetDateTime.parse("2026-11-25T10:00:00Z")),
            new BillEntry(BillEntry.Kind.PAYMENT, "kat0001", TRANSACTION, null, null, null, null, 2599, 16, "CNY", "SUCCESS",
                    OffsetDateTime.parse("2026-11-25T12:00:00Z")),
            new BillEntry(BillEntry.Kind.REFUND, "kat0001", TRANSACTION, "R20261125001", "50300000000000000000000000001", null, null,
                    1000, 6, "CNY", "SUCCESS", OffsetDateTime.parse("2026-11-25T13:30:05Z")),
            new BillEntry(BillEntry.Kind.SPLIT, "kat0001", TRANSACTION, "S20261125001", "30000000000000000000000000001", "MERCHANT",
                    "1900000109", 300, 0, "CNY", "SUCCESS", OffsetDateTime.parse("2026-11-25T14:01:00Z")),
            new BillEntry(BillEntry.Kind.RELEASE, "kat0001", TRANSACTION, "U20261125001", "30000000000000000000000000002", null, null,
                    880, 0, "CNY", "SUCCESS", OffsetDateTime.parse("2026-11-25T14:05:00Z")));

    static final Party PARTY = AlphapaySettlementProtocolTest.PARTY;
    static final String BASE_URL = "http://localhost:8080/sandbox/alphapay";

    /** The bill books as the protocol sees them: the vector's lines on {@link #DAY} and today, none on other days. */
    static final class FakeBills extends Bills {

        boolean wrongHash;

        @Override
        public List<BillEntry> lines(Party account, LocalDate day) {
            return day.equals(DAY) || day.equals(Companies.today()) ? ENTRIES : List.of();
        }

        @Override
        public boolean wrongHash(Party account) {
            return wrongHash;
        }
    }

    private final FakeBills books = new FakeBills();
    private final AlphapayOperations operations = new AlphapayOperations();

    AlphapayBillProtocolTest() {
        operations.bills = new AlphapayBills();
        operations.bills.bills = books;
    }

    private AlphapayAnswer ask(Operation operation, String path, String query) {
        return operations.read(operation, new AlphapayRequest("GET", "/sandbox/alphapay" + path + "?" + query, query, null, null,
                new byte[0], BASE_URL, null), PARTY).work().get();
    }

    private AlphapayBills.Download download(String url) {
        String query = url.substring(url.indexOf('?') + 1);
        return operations.bills.download(new AlphapayRequest("GET", url.substring(BASE_URL.length() - "/sandbox/alphapay".length()),
                query, null, null, new byte[0], BASE_URL, null), PARTY).get();
    }

    @Test
    void theTradeBillOfTheVectorLinesIsExactlyTheWrittenOutFile() {
        String file = AlphapayBills.tradeBill(PARTY, ENTRIES, "ALL");
        assertEquals(TRADEBILL, file);
        assertEquals(TRADEBILL_SHA1, AlphapayBills.sha1Hex(file.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theFundFlowBillOfTheVectorLinesIsExactlyTheWrittenOutFile() {
        String file = AlphapayBills.fundFlowBill(ENTRIES);
        assertEquals(FUNDFLOWBILL, file);
        assertEquals(FUNDFLOWBILL_SHA1, AlphapayBills.sha1Hex(file.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theProfitSharingBillOfTheVectorLinesIsExactlyTheWrittenOutFile() {
        String file = AlphapayBills.profitSharingBill(PARTY, ENTRIES);
        assertEquals(PROFITSHARING, file);
        assertEquals(PROFITSHARING_SHA1, AlphapayBills.sha1Hex(file.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aSuccessBillHoldsThePaymentsOnlyAndARefundBillTheRefundsOnly() {
        String success = AlphapayBills.tradeBill(PARTY, ENTRIES, "SUCCESS");
        assertTrue(success.contains("`SUCCESS,`OTHERS") && !success.contains("`REFUND,`OTHERS"), success);
        assertTrue(success.endsWith("`1,`25.99,`0.00,`0.00,`0.16,`25.99,`0.00\r\n"), success);
        String refunds = AlphapayBills.tradeBill(PARTY, ENTRIES, "REFUND");
        assertTrue(!refunds.contains("`SUCCESS,`OTHERS") && refunds.contains("`REFUND,`OTHERS"), refunds);
        assertTrue(refunds.endsWith("`1,`0.00,`10.00,`0.00,`-0.06,`0.00,`10.00\r\n"), refunds);
    }

    @Test
    void theAskAnswersTheFilesSha1AndADownloadUrlOnTheCompanyWhoseGzipIsTheFile() throws IOException {
        AlphapayAnswer answer = ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=2026-11-25&bill_type=ALL&tar_type=GZIP");
        assertEquals(200, answer.status(), answer.body());
        JsonObject o = JsonText.parseObject(answer.body());
        assertEquals(List.of("hash_type", "hash_value", "download_url"), List.copyOf(o.keySet()));
        assertEquals("SHA1", o.getString("hash_type"));
        assertEquals(TRADEBILL_SHA1, o.getString("hash_value"));
        String url = o.getString("download_url");
        assertTrue(url.matches("http://localhost:8080/sandbox/alphapay/v3/billdownload/file\\?token=tradebill\\.20261125\\.ALL\\.GZIP\\.[0-9]+"),
                url);
        AlphapayBills.Download file = download(url);
        assertNull(file.refusal());
        assertTrue(file.gzip());
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(file.body()))) {
            assertArrayEquals(TRADEBILL.getBytes(StandardCharsets.UTF_8), in.readAllBytes());
        }
    }

    @Test
    void theOtherTwoBillsAreAskedAtTheirOwnPathsAndDownloadUncompressedWithoutTarType() {
        String fund = JsonText.parseObject(ask(Operation.FUNDFLOW_BILL, "/v3/bill/fundflowbill",
                "bill_date=2026-11-25&account_type=BASIC").body()).getString("download_url");
        assertArrayEquals(FUNDFLOWBILL.getBytes(StandardCharsets.UTF_8), download(fund).body());
        JsonObject sharing = JsonText.parseObject(ask(Operation.PROFITSHARING_BILL, "/v3/profitsharing/bills", "bill_date=2026-11-25").body());
        assertEquals(PROFITSHARING_SHA1, sharing.getString("hash_value"));
        assertArrayEquals(PROFITSHARING.getBytes(StandardCharsets.UTF_8), download(sharing.getString("download_url")).body());
    }

    @Test
    void anArrangedWrongHashIsAWellFormedSha1ThatDoesNotMatchTheFile() {
        books.wrongHash = true;
        String hash = JsonText.parseObject(ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=2026-11-25").body())
                .getString("hash_value");
        assertTrue(hash.matches("[0-9a-f]{40}"), hash);
        assertNotEquals(TRADEBILL_SHA1, hash);
    }

    @Test
    void aDayWithoutLinesForTheBillIs400NoStatementExist() {
        assertRefused(400, "NO_STATEMENT_EXIST", ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=2026-11-24"));
        assertRefused(400, "NO_STATEMENT_EXIST", ask(Operation.PROFITSHARING_BILL, "/v3/profitsharing/bills", "bill_date=2026-11-24"));
    }

    @Test
    void todaysPartialBillIsAnsweredAndTomorrowIs400InvalidRequest() {
        LocalDate today = Companies.today();
        assertEquals(200, ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=" + today).status());
        assertRefused(400, "INVALID_REQUEST", ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=" + today.plusDays(1)));
    }

    @Test
    void aMalformedDateTypeOrTarTypeIs400ParamErrorNamingIt() {
        assertParamError("bill_date", ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=2026-02-30"));
        assertParamError("bill_date", ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=20261125"));
        assertParamError("bill_date", ask(Operation.FUNDFLOW_BILL, "/v3/bill/fundflowbill", "account_type=BASIC"));
        assertParamError("bill_type", ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=2026-11-25&bill_type=EVERYTHING"));
        assertParamError("tar_type", ask(Operation.TRADE_BILL, "/v3/bill/tradebill", "bill_date=2026-11-25&tar_type=ZIP"));
        assertParamError("account_type", ask(Operation.FUNDFLOW_BILL, "/v3/bill/fundflowbill", "bill_date=2026-11-25&account_type=FEES"));
    }

    @Test
    void aDownloadWithoutAValidTokenIs400ParamError() {
        for (String query : List.of("", "token=", "token=tradebill.20261125.ALL.GZIP", "token=fundflowbill.20261125.ALL.NONE.1",
                "token=tradebill.20260230.ALL.NONE.1", "token=../etc/passwd")) {
            AlphapayBills.Download d = download(BASE_URL + "/v3/billdownload/file?" + query);
            assertEquals(400, d.status(), query);
            assertEquals("PARAM_ERROR", JsonText.parseObject(d.refusal().body()).getString("code"), query);
        }
    }

    @Test
    void aDownloadWritesTheLinesUpToTheAskOnly() {
        AlphapayBills.Download early = download(BASE_URL + "/v3/billdownload/file?token=tradebill.20261125.ALL.NONE."
                + OffsetDateTime.parse("2026-11-25T12:30:00Z").toEpochSecond());
        String file = new String(early.body(), StandardCharsets.UTF_8);
        assertTrue(file.contains("`kat0001,`,`,`SUCCESS"), file);
        assertFalse(file.contains("`REFUND,"), "the refund decided after the ask is not in the file");
    }

    private static void assertRefused(int status, String code, AlphapayAnswer answer) {
        assertEquals(status, answer.status(), answer.body());
        assertEquals(code, JsonText.parseObject(answer.body()).getString("code"));
    }

    private static void assertParamError(String member, AlphapayAnswer answer) {
        assertRefused(400, "PARAM_ERROR", answer);
        assertTrue(JsonText.parseObject(answer.body()).getString("message").contains(member), answer.body());
    }
}
