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
        assertEquals(name, AdminRequests.toOpen(b("{\"merchant\":\"" + name + "\"}"), JSON).merchant());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-acme", ".acme", "_acme", "ac me", "acme/x", "ácme"})
    void merchantNamesThatDoNotOpenNameTheField(String name) {
        AdminRefusal e = assertThrows(AdminRefusal.class,
                () -> AdminRequests.toOpen(b("{\"merchant\":\"" + name + "\"}"), JSON));
        assertEquals(400, e.status());
        assertEquals("merchant", e.field());
    }

    @Test
    void aMerchantNameOf65IsTooLong() {
        assertEquals("merchant", assertThrows(AdminRefusal.class,
                () -> AdminRequests.toOpen(b("{\"merchant\":\"" + "a".repeat(65) + "\"}"), JSON)).field());
    }

    @Test
    void anAccountIsOpenedWithTheFeeRateAskedForOr0AndABadRateNamesTheField() {
        assertEquals(new java.math.BigDecimal("0.60"), AdminRequests.toOpen(b("{\"merchant\":\"m\",\"feeRate\":\"0.6\"}"), JSON).feeRate());
        assertEquals(new java.math.BigDecimal("0.00"), AdminRequests.toOpen(b("{\"merchant\":\"m\"}"), JSON).feeRate());
        assertEquals(0, AdminRequests.toOpen(b("{\"merchant\":\"m\"}"), JSON).settlementDays());
        assertEquals(7, AdminRequests.toOpen(b("{\"merchant\":\"m\",\"settlementDays\":7}"), JSON).settlementDays());
        assertEquals("settlementDays", assertThrows(AdminRefusal.class,
                () -> AdminRequests.toOpen(b("{\"merchant\":\"m\",\"settlementDays\":31}"), JSON)).field());
        for (String bad : new String[] {"100", "0.605", "-1", "x", ""}) {
            AdminRefusal e = assertThrows(AdminRefusal.class,
                    () -> AdminRequests.toOpen(b("{\"merchant\":\"m\",\"feeRate\":\"" + bad + "\"}"), JSON), bad);
            assertEquals(400, e.status());
            assertEquals("feeRate", e.field());
        }
    }

    @Test
    void bodiesMustBeJson() {
        assertEquals(415, assertThrows(AdminRefusal.class, () -> AdminRequests.toOpen(b("merchant=acme"), "text/plain")).status());
        assertEquals(400, assertThrows(AdminRefusal.class, () -> AdminRequests.toOpen(b("{"), JSON)).status());
        assertEquals(413, assertThrows(AdminRefusal.class, () -> AdminRequests.toOpen(null, JSON)).status());
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
    void aRefuseFaultNeedsItsCodeAndAnswers400UnlessToldOtherwise() {
        Fault f = AdminRequests.fault(b("{\"mode\":\"REFUSE\",\"code\":\"FREQUENCY_LIMITED\"}"), JSON);
        assertEquals(Fault.Mode.REFUSE, f.mode());
        assertEquals(400, f.status());
        assertEquals("FREQUENCY_LIMITED", f.code());
        assertEquals(false, f.afterWork());
        Fault after = AdminRequests.fault(b("{\"mode\":\"REFUSE\",\"code\":\"ACQ.SYSTEM_ERROR\",\"status\":429,\"afterWork\":true}"), JSON);
        assertEquals(429, after.status());
        assertEquals(true, after.afterWork());
        assertEquals("code", assertThrows(AdminRefusal.class, () -> AdminRequests.fault(b("{\"mode\":\"REFUSE\"}"), JSON)).field());
        assertEquals("afterWork", assertThrows(AdminRefusal.class,
                () -> AdminRequests.fault(b("{\"mode\":\"REFUSE\",\"code\":\"X\",\"afterWork\":\"yes\"}"), JSON)).field());
    }

    @Test
    void aLatencyIsReadFromItsDistributionAndPercentilesAndABadOneNamesItsMember() {
        assertEquals("lognormal 150 800", AdminRequests.latency(b("{\"distribution\":\"LOGNORMAL\",\"p50Ms\":150,\"p99Ms\":800}"), JSON).toString());
        assertEquals("fixed 200", AdminRequests.latency(b("{\"distribution\":\"FIXED\",\"p50Ms\":200}"), JSON).toString());
        assertEquals("none", AdminRequests.latency(b("{\"distribution\":\"NONE\"}"), JSON).toString());
        assertEquals("distribution", assertThrows(AdminRefusal.class, () -> AdminRequests.latency(b("{\"distribution\":\"NORMAL\"}"), JSON)).field());
        assertEquals("p50Ms", assertThrows(AdminRefusal.class, () -> AdminRequests.latency(b("{\"distribution\":\"FIXED\"}"), JSON)).field());
        assertEquals("p99Ms", assertThrows(AdminRefusal.class,
                () -> AdminRequests.latency(b("{\"distribution\":\"LOGNORMAL\",\"p50Ms\":150}"), JSON)).field());
        assertEquals("p99Ms", assertThrows(AdminRefusal.class,
                () -> AdminRequests.latency(b("{\"distribution\":\"LOGNORMAL\",\"p50Ms\":150,\"p99Ms\":100}"), JSON)).field());
        assertEquals("p50Ms", assertThrows(AdminRefusal.class,
                () -> AdminRequests.latency(b("{\"distribution\":\"FIXED\",\"p50Ms\":\"200\"}"), JSON)).field());
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

    /** The sandbox's clock in the tests below: 10:00 in Beijing on 27 November 2026. */
    static final java.time.OffsetDateTime NOW = java.time.OffsetDateTime.parse("2026-11-27T02:00:00Z");

    @Test
    void aPaymentIsMadeNowUnlessItNamesItsTimeWithAnOffset() {
        assertEquals(NOW, AdminRequests.payment(new byte[0], null, NOW).paidAt());
        assertEquals(NOW, AdminRequests.payment(b("{\"payerName\":\"张三\",\"payerIdNumber\":\"x\"}"), JSON, NOW).paidAt());
        AdminRequests.Payment p = AdminRequests.payment(b("{\"paidAt\":\"2026-11-26T23:59:59+08:00\"}"), JSON, NOW);
        assertEquals(java.time.Instant.parse("2026-11-26T15:59:59Z"), p.paidAt().toInstant());
        assertTrue(p.payer().isEmpty());
        assertEquals(java.time.Instant.parse("2026-11-26T15:59:59.123Z"), AdminRequests.payment(
                b("{\"paidAt\":\"2026-11-26T15:59:59.123456Z\"}"), JSON, NOW).paidAt().toInstant(), "kept to the millisecond");
        assertEquals(NOW.toInstant(), AdminRequests.payment(b("{\"paidAt\":\"2026-11-27T10:00:00+08:00\"}"), JSON, NOW).paidAt().toInstant(),
                "now is not to come");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2026-11-26T23:59:59\"", "\"2026-11-26\"", "\"yesterday\"", "\"2026-11-27T10:00:00.001+08:00\"",
        "\"2016-11-01T00:00:00Z\"", "1764201599", "\"\""})
    void aPaymentTimeWithoutOffsetToComeOrLongAgoIs400NamingPaidAt(String paidAt) {
        String body = "{\"paidAt\":" + paidAt + "}";
        AdminRefusal pay = assertThrows(AdminRefusal.class, () -> AdminRequests.payment(b(body), JSON, NOW), body);
        assertEquals(400, pay.status(), body);
        assertEquals("paidAt", pay.field(), body);
        String direct = "{\"orderRef\":\"d1\",\"amount\":100,\"paidAt\":" + paidAt + "}";
        assertEquals("paidAt", assertThrows(AdminRefusal.class, () -> AdminRequests.directPayment(b(direct), JSON, NOW), direct).field());
    }

    @Test
    void aDirectPaymentNamesItsOrderRefAndAmountInFen() {
        AdminRequests.DirectPayment d = AdminRequests.directPayment(b("{\"orderRef\":\"direct-1|a*\",\"amount\":2599}"), JSON, NOW);
        assertEquals("direct-1|a*", d.orderRef());
        assertEquals(2599, d.amount());
        assertEquals(NOW, d.paidAt());
    }

    @ParameterizedTest
    @ValueSource(strings = {"orderRef:absent", "orderRef:\"\"", "orderRef:\"a b\"", "orderRef:\"a/b\"", "orderRef:7",
        "orderRef:\"123456789012345678901234567890123\"", "amount:absent", "amount:0", "amount:-1", "amount:1.5", "amount:\"100\"",
        "amount:1000000000001"})
    void aBadDirectPaymentIs400NamingTheField(String member) {
        String field = member.substring(0, member.indexOf(':'));
        String value = member.substring(field.length() + 1);
        java.util.Map<String, String> members = new java.util.LinkedHashMap<>(java.util.Map.of("orderRef", "\"d1\"", "amount", "100"));
        if (value.equals("absent")) {
            members.remove(field);
        } else {
            members.put(field, value);
        }
        String body = members.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(java.util.stream.Collectors.joining(",", "{", "}"));
        AdminRefusal e = assertThrows(AdminRefusal.class, () -> AdminRequests.directPayment(b(body), JSON, NOW), body);
        assertEquals(400, e.status(), body);
        assertEquals(field, e.field(), body);
    }

    @Test
    void aBillDifferenceIsReadAsItsKindReferenceAndSeconds() {
        assertEquals(new org.cbec.sandbox.books.BillRules.Difference(org.cbec.sandbox.entity.BillDifference.Kind.SHIFT_SECONDS, "o1", -2),
                AdminRequests.billDifference(b("{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":-2}"), JSON));
        assertEquals(new org.cbec.sandbox.books.BillRules.Difference(org.cbec.sandbox.entity.BillDifference.Kind.WRONG_HASH, null, null),
                AdminRequests.billDifference(b("{\"kind\":\"WRONG_HASH\"}"), JSON));
    }

    @ParameterizedTest
    @ValueSource(strings = {"kind|{}", "kind|{\"kind\":\"omit\",\"reference\":\"o1\"}", "kind|{\"kind\":1}",
        "reference|{\"kind\":\"OMIT\"}", "reference|{\"kind\":\"OMIT\",\"reference\":5}",
        "reference|{\"kind\":\"AMOUNT_PLUS_ONE_FEN\",\"reference\":\"\"}", "reference|{\"kind\":\"WRONG_HASH\",\"reference\":\"o1\"}",
        "seconds|{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\"}", "seconds|{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":0}",
        "seconds|{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":86401}",
        "seconds|{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":\"2\"}",
        "seconds|{\"kind\":\"OMIT\",\"reference\":\"o1\",\"seconds\":2}"})
    void aBadBillDifferenceIs400NamingTheField(String fieldAndBody) {
        String field = fieldAndBody.substring(0, fieldAndBody.indexOf('|'));
        String body = fieldAndBody.substring(field.length() + 1);
        AdminRefusal e = assertThrows(AdminRefusal.class, () -> AdminRequests.billDifference(b(body), JSON), body);
        assertEquals(400, e.status(), body);
        assertEquals(field, e.field(), body);
    }
}
