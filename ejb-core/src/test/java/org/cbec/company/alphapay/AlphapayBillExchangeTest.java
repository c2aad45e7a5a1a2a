package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.company.BillFile;
import org.cbec.company.BillLine;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyBill;
import org.cbec.company.KeptBills;
import org.cbec.company.Exchange;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.Json;
import org.cbec.company.UnverifiedAnswer;
import org.cbec.plumbing.vectors.Vectors;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.junit.jupiter.api.Test;

/**
 * The adapter's daily bill against alphapay's side played in the test: the three asks (signed by the
 * merchant; answered with the recorded, signed answers of docs/companies/vectors/alphapay/bill.txt),
 * the downloads (signed, answered unsigned, accepted by the offered SHA-1 only, from the company's
 * host only), what is recorded of them, and the day without a statement.
 */
class AlphapayBillExchangeTest {

    private static final String BASE = "https://alphapay.example/sandbox/alphapay";
    private static final String DOWNLOAD = BASE + "/v3/billdownload/file?token=";
    private static final CompanyAccount ACCOUNT = AlphapaySettlementVectorsTest.ACCOUNT;
    private static final LocalDate DAY = AlphapayBillVectorsTest.DAY;
    private static final Vectors BILL = AlphapayBillVectorsTest.BILL;

    /**
     * The company: checks each request's signature; answers an ask with the recorded answer the test
     * set for its path, and a download unsigned, with the bytes set for its URL. It checks and records
     * as {@code CompanyTransport} does (the predicate, then {@code call.stored}).
     */
    static final class Company extends AlphapayTransport {

        final List<HttpCall> calls = new ArrayList<>();
        final Map<String, String> asks = new HashMap<>();
        final Map<String, byte[]> files = new HashMap<>();

        @Override
        public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
            AlphapaySettlementExchangeTest.assertSignedByTheMerchant(call);
            calls.add(call);
            URI uri = URI.create(call.url());
            String pathAndQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            HttpExchange answer;
            if (files.containsKey(call.url())) {
                answer = new HttpExchange(200, Map.of(), "", 1, new byte[0]);
            } else {
                String recorded = asks.get(pathAndQuery);
                assertTrue(recorded != null, "an ask the test did not expect: " + pathAndQuery);
                answer = AlphapaySettlementExchangeTest.recorded(BILL, recorded);
            }
            Exchange exchange = new Exchange(call.operation(), call.redacted(), answer.status(), call.stored(answer), 1, null);
            if (!verified.test(answer)) {
                recorder.record(exchange, ExchangeRecorder.Outcome.UNVERIFIED);
                throw new UnverifiedAnswer("unverified");
            }
            recorder.record(exchange, answer.status() < 300 ? ExchangeRecorder.Outcome.OK : ExchangeRecorder.Outcome.REFUSED);
            return answer;
        }

        /** A download: the bytes set for its URL written to the working file, then checked and recorded as an answer is. */
        @Override
        public HttpExchange download(HttpCall call, java.nio.file.Path file, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
            if (files.containsKey(call.url())) {
                try {
                    java.nio.file.Files.write(file, files.get(call.url()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return exchange(call, verified, recorder);
        }

        /** The bill's ask is answered with the recorded answer {@code answer.<recorded>}, whose URL serves {@code file}. */
        void offers(AlphapayBills.Bill bill, String recorded, byte[] file) {
            asks.put("/sandbox/alphapay" + bill.path(DAY), recorded);
            files.put(Json.string(Json.object(BILL.get("answer." + recorded + ".body")), "download_url"), file);
        }

        void noStatement(AlphapayBills.Bill bill) {
            asks.put("/sandbox/alphapay" + bill.path(DAY), "no-statement");
        }
    }

    private final Company company = new Company();
    private final AlphapayCompany adapter = new AlphapayCompany();
    private final List<Exchange> recorded = new ArrayList<>();
    private final List<ExchangeRecorder.Outcome> outcomes = new ArrayList<>();
    private final ExchangeRecorder recorder = (exchange, outcome) -> {
        recorded.add(exchange);
        outcomes.add(outcome);
    };

    AlphapayBillExchangeTest() {
        adapter.transport = company;
        adapter.endpoint = Optional.of(BASE);
    }

    private void offerAllThree() {
        company.offers(AlphapayBills.Bill.TRADEBILL, "tradebill", AlphapayBillVectorsTest.gzip(AlphapayBillVectorsTest.TRADEBILL));
        company.offers(AlphapayBills.Bill.FUNDFLOWBILL, "fundflowbill", AlphapayBillVectorsTest.gzip(AlphapayBillVectorsTest.FUNDFLOWBILL));
        company.offers(AlphapayBills.Bill.PROFITSHARING, "profitsharing", AlphapayBillVectorsTest.gzip(AlphapayBillVectorsTest.PROFITSHARING));
    }

    /** The bills the test got, their working files deleted after the test. */
    @org.junit.jupiter.api.extension.RegisterExtension
    final KeptBills bills = new KeptBills();

    @Test
    void theDaysBillIsTheLinesOfItsThreeFilesAndTheFilesAsDownloaded() {
        offerAllThree();
        CompanyBill bill = bills.kept(adapter.bill(ACCOUNT, DAY, recorder));
        List<BillLine> expected = new ArrayList<>(AlphapayBillVectorsTest.TRADE_LINES);
        expected.addAll(AlphapayBillVectorsTest.FUND_LINES);
        expected.addAll(AlphapayBillVectorsTest.SHARING_LINES);
        assertEquals(DAY, bill.billDate());
        assertEquals(expected, bill.lines());
        assertEquals(List.of("tradebill", "fundflowbill", "profitsharing"), bill.files().stream().map(BillFile::name).toList());
        BillFile trade = bill.files().get(0);
        assertEquals("application/gzip", trade.contentType());
        assertEquals("SHA1", trade.hashType());
        assertEquals(AlphapayBillVectorsTest.TRADEBILL_SHA1, trade.hashValue());
        assertArrayEquals(AlphapayBillVectorsTest.gzip(AlphapayBillVectorsTest.TRADEBILL), trade.content(), "the file as downloaded");
        assertEquals(trade.content().length, trade.size());
        bill.close();
        assertFalse(java.nio.file.Files.exists(trade.path()), "the working file is deleted with the bill");
        assertEquals(List.of(BASE + "/v3/bill/tradebill?bill_date=2026-11-25&bill_type=ALL&tar_type=GZIP", DOWNLOAD + "t",
                BASE + "/v3/bill/fundflowbill?bill_date=2026-11-25&account_type=BASIC&tar_type=GZIP", DOWNLOAD + "f",
                BASE + "/v3/profitsharing/bills?bill_date=2026-11-25&tar_type=GZIP", DOWNLOAD + "p"),
                company.calls.stream().map(HttpCall::url).toList());
        assertEquals(List.of("bill", "bill-download", "bill", "bill-download", "bill", "bill-download"),
                company.calls.stream().map(HttpCall::operation).toList());
    }

    @Test
    void aDownloadIsRecordedAsTheFilesNameSizeAndHashNotItsContent() {
        offerAllThree();
        bills.kept(adapter.bill(ACCOUNT, DAY, recorder));
        Exchange download = recorded.get(1);
        assertEquals("bill-download", download.operation());
        int gzipped = AlphapayBillVectorsTest.gzip(AlphapayBillVectorsTest.TRADEBILL).length;
        int size = AlphapayBillVectorsTest.utf8(AlphapayBillVectorsTest.TRADEBILL).length;
        assertEquals("tradebill: " + gzipped + " bytes received (gzip), " + size + " bytes, SHA1 "
                + AlphapayBillVectorsTest.TRADEBILL_SHA1, download.response());
        for (Exchange e : recorded) {
            assertFalse(String.valueOf(e.response()).contains("kat0001"), e.response());
        }
        assertTrue(recorded.get(0).response().contains("\"hash_value\""), "the ask's answer is recorded as it came");
    }

    @Test
    void aDayWithoutAStatementIsABillWithoutLinesAndNothingIsDownloaded() {
        for (AlphapayBills.Bill bill : AlphapayBills.Bill.values()) {
            company.noStatement(bill);
        }
        CompanyBill bill = bills.kept(adapter.bill(ACCOUNT, DAY, recorder));
        assertEquals(List.of(), bill.lines());
        assertEquals(List.of(), bill.files());
        assertEquals(3, company.calls.size());
    }

    @Test
    void aFileThatDoesNotMatchItsHashIsUnverifiedAndNamedWithoutItsContent() {
        offerAllThree();
        company.files.put(DOWNLOAD + "t", AlphapayBillVectorsTest.gzip(AlphapayBillVectorsTest.TRADEBILL.replace("25.99", "2.599")));
        List<java.nio.file.Path> before = workFiles();
        UnverifiedAnswer e = assertThrows(UnverifiedAnswer.class, () -> adapter.bill(ACCOUNT, DAY, recorder));
        assertEquals("the alphapay tradebill of 2026-11-25 does not match the SHA-1 the company gave for it", e.getMessage());
        assertEquals(before, workFiles(), "a download not taken leaves no working file");
        assertEquals(ExchangeRecorder.Outcome.UNVERIFIED, outcomes.get(outcomes.size() - 1));
        assertFalse(recorded.get(recorded.size() - 1).response().contains("kat0001"));
    }

    private static List<java.nio.file.Path> workFiles() {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(f -> f.getFileName().toString().startsWith("cbec-alphapay-")).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aDownloadUrlOffTheCompanysHostIsRefusedWithoutBeingCalled() {
        offerAllThree();
        company.offers(AlphapayBills.Bill.TRADEBILL, "off-host", AlphapayBillVectorsTest.gzip(AlphapayBillVectorsTest.TRADEBILL));
        UnverifiedAnswer e = assertThrows(UnverifiedAnswer.class, () -> adapter.bill(ACCOUNT, DAY, recorder));
        assertEquals("the alphapay tradebill of 2026-11-25 was offered from a URL that is not the company's; not fetched", e.getMessage());
        assertEquals(1, company.calls.size(), "the ask only");
    }

    @Test
    void aBillIsRetriedAsTheOtherQueries() throws NoSuchMethodException {
        Retry retry = AlphapayCompany.class.getMethod("bill", CompanyAccount.class, LocalDate.class, ExchangeRecorder.class)
                .getAnnotation(Retry.class);
        Retry query = AlphapayCompany.class.getMethod("queryPayout", CompanyAccount.class, String.class, ExchangeRecorder.class)
                .getAnnotation(Retry.class);
        assertEquals(query.maxRetries(), retry.maxRetries());
        assertArrayEquals(query.retryOn(), retry.retryOn());
    }
}
