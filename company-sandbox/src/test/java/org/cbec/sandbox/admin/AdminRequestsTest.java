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
}
