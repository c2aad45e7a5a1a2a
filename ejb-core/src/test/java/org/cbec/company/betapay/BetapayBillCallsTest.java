package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.company.BillFile;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyBill;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.KeptBills;
import org.cbec.company.KnownKeys;
import org.cbec.company.UnverifiedAnswer;
import org.cbec.plumbing.vectors.Vectors;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.junit.jupiter.api.Test;

/**
 * The adapter's bill against betapay's side of the protocol played with the recorded answers of
 * docs/companies/vectors/betapay/bill.txt: the signed query that goes out, then the unsigned download of the link it answers, only on the gateway's
 * host; {@code isp.bill_not_exist} is an empty bill; an unusable file or a refused download is no
 * answer; the download is stored by name and size. No network: the transport hands each call to the
 * company side.
 */
class BetapayBillCallsTest {

    private static final CompanyAccount ACCOUNT = new CompanyAccount("m-1", "2088000000009999", "betapay-app-2000000001", null,
            KnownKeys.merchantPrivate(), KnownKeys.companyPublic(), null);
    private static final Vectors BILL = Vectors.read("betapay/bill.txt");
    private static final String LINK = BILL.get("link");
    private static final LocalDate DAY = LocalDate.of(2026, 11, 25);

    /** The company: answers the gateway's query with the recorded answer named, and a GET of the link with the file given. */
    private static final class Company extends BetapayTransport {

        final List<HttpCall> calls = new ArrayList<>();
        final List<Map<String, String>> queries = new ArrayList<>();
        final String answer;
        final int fileStatus;
        final byte[] file;

        Company(String answer, int fileStatus, byte[] file) {
            this.answer = answer;
            this.fileStatus = fileStatus;
            this.file = file;
        }

        /** A download: the file given written to the working file, then answered as {@link #exchange} answers. */
        @Override
        public HttpExchange download(HttpCall call, java.nio.file.Path to, java.util.function.Predicate<HttpExchange> verified,
                ExchangeRecorder recorder) {
            if (file != null) {
                try {
                    java.nio.file.Files.write(to, file);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return exchange(call, verified, recorder);
        }

        @Override
        public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
            calls.add(call);
            HttpExchange answer;
            if ("POST".equals(call.method())) {
                Map<String, String> params = BetapayVectorsTest.readForm(call.body());
                assertTrue(BetapayVectorsTest.signedByTheMerchant(params), "the query is signed by the merchant");
                queries.add(params);
                answer = new HttpExchange(200, Map.of(), BetapayVectorsTest.recorded(BILL, this.answer, params.get("method")), 1);
            } else {
                assertEquals(LINK, call.url(), "the link is downloaded as the company gave it");
                answer = new HttpExchange(fileStatus, Map.of("content-type", "application/zip"), "", 1, file);
            }
            if (!verified.test(answer)) {
                throw new UnverifiedAnswer("unverified");
            }
            return answer;
        }
    }

    private static BetapayCompany adapter(Company company) {
        BetapayCompany adapter = new BetapayCompany();
        adapter.transport = company;
        adapter.gateway = Optional.of("https://betapay.test/gateway.do");
        return adapter;
    }

    /** The bills the test got, their working files deleted after the test. */
    @org.junit.jupiter.api.extension.RegisterExtension
    final KeptBills bills = new KeptBills();

    @Test
    void aDaysBillIsTheSignedQueryThenTheUnsignedZipFromTheGatewaysHost() {
        Company company = new Company("link", 200, BetapayBillsTest.THE_BILL);
        CompanyBill bill = bills.kept(adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE));
        assertEquals(BILL.get("param.method"), company.queries.get(0).get("method"));
        assertEquals(BILL.get("param.biz_content"), company.queries.get(0).get("biz_content"));
        assertEquals(DAY, bill.billDate());
        assertEquals(6, bill.lines().size());
        assertEquals(BetapayBillsTest.PAYOUT, bill.lines().get(5).raw());
        BillFile file = bill.files().get(0);
        assertEquals(List.of("statement", "application/zip"), List.of(file.name(), file.contentType()));
        assertNull(file.hashType());
        assertNull(file.hashValue());
        assertArrayEquals(BetapayBillsTest.THE_BILL, file.content());
    }

    @Test
    void theDownloadIsStoredByNameAndWithoutItsToken() {
        Company company = new Company("link", 200, BetapayBillsTest.THE_BILL);
        bills.kept(adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE));
        HttpCall download = company.calls.get(1);
        assertEquals(List.of("bill-download", "GET"), List.of(download.operation(), download.method()));
        assertEquals("statement (" + BetapayBillsTest.THE_BILL.length + " bytes, application/zip)", download.stored(new HttpExchange(200,
                java.util.Map.of(), "", 1, BetapayBillsTest.THE_BILL)), "the file is stored by its name and size, not its content");
        assertNull(download.body());
        assertTrue(download.redacted().endsWith("&token=***"), download.redacted());
        assertFalse(download.redacted().contains("c2ln"), download.redacted());
    }

    @Test
    void aDayWithoutABillIsAnEmptyBillAndNothingIsDownloaded() {
        Company company = new Company("not-exist", 200, null);
        CompanyBill bill = bills.kept(adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE));
        assertEquals(List.of(), bill.lines());
        assertEquals(List.of(), bill.files());
        assertEquals(1, company.calls.size());
    }

    @Test
    void anotherRefusalOfTheQueryIsARefusal() {
        Company company = new Company("invalid-parameter", 200, null);
        CompanyRefusal refused = assertThrows(CompanyRefusal.class, () -> adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE));
        assertEquals("ACQ.INVALID_PARAMETER", refused.code());
        assertTrue(adapter(company).invalidRequest(refused.code()));
    }

    @Test
    void aLinkOnAnotherHostIsUnverifiedAndNeverCalled() {
        Company company = new Company("off-host", 200, BetapayBillsTest.THE_BILL);
        assertThrows(UnverifiedAnswer.class, () -> adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE));
        assertEquals(1, company.calls.size(), "only the query was sent");
    }

    @Test
    void aSummaryThatDisagreesIsNoAnswer() {
        byte[] wrong = BetapayBillsTest.bill(BetapayBillsTest.detail(BetapayBillsTest.PAYMENT),
                BetapayBillsTest.summary("合计,,2,0,25.99,25.99,0.00,0.00,0.00,-0.16,0.00,25.83,CNY,0,0,0"));
        Company company = new Company("link", 200, wrong);
        CompanyUnavailable none = assertThrows(CompanyUnavailable.class, () -> adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE));
        assertEquals("the company's bill file is unusable: the summary's counts or sums in CNY are not the detail's", none.getMessage());
    }

    @Test
    void anExpiredLinkIsNoAnswer() {
        Company company = new Company("link", 410, "{\"code\":410}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("the company's bill download answered HTTP 410",
                assertThrows(CompanyUnavailable.class, () -> adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE)).getMessage());
    }

    @Test
    void anAnswerWithoutALinkIsNoAnswer() {
        Company company = new Company("without-link", 200, null);
        assertThrows(CompanyUnavailable.class, () -> adapter(company).bill(ACCOUNT, DAY, ExchangeRecorder.NONE));
        assertEquals(1, company.calls.size());
    }

    @Test
    void theBillIsRetriedAsTheOtherQueries() throws NoSuchMethodException {
        assertNotNull(BetapayCompany.class.getMethod("bill", CompanyAccount.class, LocalDate.class, ExchangeRecorder.class)
                .getAnnotation(Retry.class));
    }
}
