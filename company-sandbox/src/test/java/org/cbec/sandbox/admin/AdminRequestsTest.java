package org.cbec.sandbox.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.cbec.sandbox.faults.Fault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdminRequestsTest {

    static final String JSON = "application/json";

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"acme", "a", "Acme-Shop.cn_2", "0day"})
    void merchantNamesThatOpen(String name) {
        assertEquals(name, AdminRequests.merchantToOpen(b("{\"merchant\":\"" + name + "\"}"), JSON));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-acme", ".acme", "_acme", "ac me", "acme/x", "ácme"})
    void merchantNamesThatDoNotOpenNameTheField(String name) {
        AdminRefusal e = assertThrows(AdminRefusal.class,
                () -> AdminRequests.merchantToOpen(b("{\"merchant\":\"" + name + "\"}"), JSON));
        assertEquals(400, e.status());
        assertEquals("merchant", e.field());
    }

    @Test
    void aMerchantNameOf65IsTooLong() {
        assertEquals("merchant", assertThrows(AdminRefusal.class,
                () -> AdminRequests.merchantToOpen(b("{\"merchant\":\"" + "a".repeat(65) + "\"}"), JSON)).field());
    }

    @Test
    void bodiesMustBeJson() {
        assertEquals(415, assertThrows(AdminRefusal.class, () -> AdminRequests.merchantToOpen(b("merchant=acme"), "text/plain")).status());
        assertEquals(400, assertThrows(AdminRefusal.class, () -> AdminRequests.merchantToOpen(b("{"), JSON)).status());
        assertEquals(413, assertThrows(AdminRefusal.class, () -> AdminRequests.merchantToOpen(null, JSON)).status());
    }

    @Test
    void aFaultDefaultsTo500AndNamesABadMode() {
        Fault f = AdminRequests.fault(b("{\"mode\":\"ERROR\"}"), JSON);
        assertEquals(Fault.Mode.ERROR, f.mode());
        assertEquals(500, f.status());
        assertNull(f.remaining());
        assertEquals("mode", assertThrows(AdminRefusal.class, () -> AdminRequests.fault(b("{\"mode\":\"BOOM\"}"), JSON)).field());
        assertEquals("mode", assertThrows(AdminRefusal.class, () -> AdminRequests.fault(b("{}"), JSON)).field());
        assertEquals("count", assertThrows(AdminRefusal.class,
                () -> AdminRequests.fault(b("{\"mode\":\"SLOW\",\"count\":0}"), JSON)).field());
        assertEquals("status", assertThrows(AdminRefusal.class,
                () -> AdminRequests.fault(b("{\"mode\":\"ERROR\",\"status\":\"503\"}"), JSON)).field());
    }

    @Test
    void aPayerIsBothOrNeither() {
        assertTrue(AdminRequests.payer(new byte[0], null).isEmpty());
        assertEquals("payerIdNumber", assertThrows(AdminRefusal.class,
                () -> AdminRequests.payer(b("{\"payerName\":\"张三\"}"), JSON)).field());
    }

    @Test
    void aDecisionNamesABadState() {
        assertEquals("state", assertThrows(AdminRefusal.class,
                () -> AdminRequests.decision(b("{\"state\":\"PROCESSING\"}"), JSON)).field());
    }

    @Test
    void aReceiversFailureNeedsItsReasonOfAtMost256Characters() {
        assertEquals("ACCOUNT_ABNORMAL", AdminRequests.failureReason(b("{\"reason\":\"ACCOUNT_ABNORMAL\"}"), JSON));
        assertEquals("reason", assertThrows(AdminRefusal.class, () -> AdminRequests.failureReason(b("{}"), JSON)).field());
        assertEquals("reason", assertThrows(AdminRefusal.class,
                () -> AdminRequests.failureReason(b("{\"reason\":\"" + "x".repeat(257) + "\"}"), JSON)).field());
        assertEquals(415, assertThrows(AdminRefusal.class, () -> AdminRequests.failureReason(b("reason=x"), "text/plain")).status());
    }

    @Test
    void anOrderIsAgedByOneToTenYearsOfDays() {
        assertEquals(31, AdminRequests.days(b("{\"days\":31}"), JSON));
        for (String bad : new String[] {"{}", "{\"days\":0}", "{\"days\":-1}", "{\"days\":3651}", "{\"days\":\"31\"}"}) {
            AdminRefusal e = assertThrows(AdminRefusal.class, () -> AdminRequests.days(b(bad), JSON), bad);
            assertEquals(400, e.status());
            assertEquals("days", e.field());
        }
    }

    static final java.time.LocalDate TODAY = java.time.LocalDate.of(2026, 11, 27);
    static final String TERMS = "{\"currency\":\"GBP\",\"rate\":\"9.12345678\",\"feeFixed\":0,\"feePercent\":\"0.50\",\"paidAfterSeconds\":2";

    @Test
    void payoutTermsTakeRateAndPercentAsDecimalTextOrNumbersAndTheRateDateDefaultsToToday() {
        org.cbec.sandbox.books.Payouts.Terms t = AdminRequests.payoutTerms(b(TERMS + "}"), JSON, TODAY);
        assertEquals(new java.math.BigDecimal("9.12345678"), t.rate());
        assertEquals(TODAY, t.rateDate());
        assertEquals(new java.math.BigDecimal("0.50"), t.feePercent());
        assertEquals(2, t.paidAfterSeconds());
        org.cbec.sandbox.books.Payouts.Terms numbers = AdminRequests.payoutTerms(b("{\"currency\":\"JPY\",\"rate\":0.048,"
                + "\"rateDate\":\"2026-11-26\",\"feeFixed\":100,\"feePercent\":1,\"paidAfterSeconds\":0}"), JSON, TODAY);
        assertEquals(new java.math.BigDecimal("0.048"), numbers.rate());
        assertEquals(java.time.LocalDate.of(2026, 11, 26), numbers.rateDate());
        assertEquals(100, numbers.feeFixed());
    }

    @ParameterizedTest
    @ValueSource(strings = {"currency:\"XAU\"", "currency:\"GBPX\"", "rate:\"0\"", "rate:\"-1\"", "rate:\"1e3\"",
        "rate:\"9.123456789\"", "rate:null", "rateDate:\"26/11/2026\"", "feeFixed:-1", "feeFixed:1.5", "feePercent:\"100\"",
        "feePercent:\"0.00001\"", "feePercent:true", "paidAfterSeconds:-1", "paidAfterSeconds:2592001"})
    void badPayoutTermsAre400NamingTheField(String member) {
        String field = member.substring(0, member.indexOf(':'));
        String body = TERMS.replaceAll("\"" + field + "\":(\"[^\"]*\"|[0-9]+)", "\"" + field + "\":" + member.substring(field.length() + 1))
                + (field.equals("rateDate") ? ",\"rateDate\":" + member.substring(field.length() + 1) : "") + "}";
        AdminRefusal e = assertThrows(AdminRefusal.class, () -> AdminRequests.payoutTerms(b(body), JSON, TODAY), body);
        assertEquals(400, e.status(), body);
        assertEquals(field, e.field(), body);
    }
}
