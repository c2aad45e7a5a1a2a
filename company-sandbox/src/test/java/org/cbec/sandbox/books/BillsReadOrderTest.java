package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.EntityManager;
import jakarta.persistence.TypedQuery;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cbec.sandbox.entity.CompanyOrder;
import org.cbec.sandbox.entity.CompanyRefund;
import org.junit.jupiter.api.Test;

/**
 * A day's bill read while the timer decides a refund: each of the bill's statements sees what is
 * committed when it starts, so the decision can land between the read of the refunds still
 * PROCESSING and the read of those decided. The statements are played here by an entity manager
 * that answers each named query from one refund as it stands at that moment, and lets the timer
 * decide it right after the first of the two reads, whichever comes first.
 */
class BillsReadOrderTest {

    private static final long DELAY_MS = 2_000;

    @Test
    void aRefundTheTimerDecidesBetweenTheBillsTwoReadsIsBilledOnce() throws Exception {
        OffsetDateTime made = Companies.now().minusSeconds(10);
        LocalDate day = made.atZoneSameInstant(Companies.BEIJING).toLocalDate();
        CompanyOrder order = new CompanyOrder(1, "o-race", "NATIVE", 2_000, "CNY", "race", null, null, false, made.minusSeconds(5));
        CompanyRefund refund = new CompanyRefund(1, 1, "o-race-1", "5030000001", 2_000, 12, null, "PROCESSING", "SUCCESS", null, made);
        Field id = CompanyRefund.class.getDeclaredField("id");
        id.setAccessible(true);
        id.set(refund, 7L);
        boolean[] decided = {false};

        Bills bills = new Bills();
        bills.refundDelayMs = DELAY_MS;
        bills.settlementDelayMs = DELAY_MS;
        bills.payouts = new Payouts() {
            @Override
            public int settleDue(long accountId) {
                return 0;
            }
        };
        bills.em = entityManager((name, params) -> {
            List<Object> rows = List.of();
            if (name.equals(CompanyRefund.PROCESSING_BETWEEN) && "PROCESSING".equals(refund.getState())
                    && within(refund.getCreatedAt(), params)) {
                rows = List.<Object>of((Object) new Object[] {refund, order});
            } else if (name.equals(CompanyRefund.DECIDED_BETWEEN) && refund.getDecidedAt() != null && within(refund.getDecidedAt(), params)) {
                rows = List.<Object>of((Object) new Object[] {refund, order});
            }
            if (!decided[0] && (name.equals(CompanyRefund.PROCESSING_BETWEEN) || name.equals(CompanyRefund.DECIDED_BETWEEN))) {
                // The timer commits its decision now, between this read and the other.
                refund.decide("SUCCESS", made.plusNanos(DELAY_MS * 1_000_000L));
                decided[0] = true;
            }
            return rows;
        });

        List<BillEntry> refunds = bills.lines(new Party(1, "alphapay", "demo", "1900000001", "app", "serial", null), day).stream()
                .filter(e -> e.kind() == BillEntry.Kind.REFUND).toList();
        assertTrue(decided[0], "the timer decided the refund while the bill was read");
        assertEquals(1, refunds.size(), "billed once: " + refunds);
        assertEquals("o-race-1", refunds.get(0).reference());
        assertEquals("SUCCESS", refunds.get(0).state());
        assertEquals(made.plusNanos(DELAY_MS * 1_000_000L).toInstant(), refunds.get(0).time().toInstant(), "at the time the timer stores");
    }

    private static boolean within(OffsetDateTime t, Map<String, Object> params) {
        return !t.isBefore((OffsetDateTime) params.get("from")) && t.isBefore((OffsetDateTime) params.get("to"));
    }

    /** Named queries answered by {@code rows} (query name and parameters), every other call refused. */
    private static EntityManager entityManager(java.util.function.BiFunction<String, Map<String, Object>, List<Object>> rows) {
        return (EntityManager) Proxy.newProxyInstance(BillsReadOrderTest.class.getClassLoader(), new Class<?>[] {EntityManager.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("createNamedQuery")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    String name = (String) args[0];
                    Map<String, Object> params = new HashMap<>();
                    return Proxy.newProxyInstance(BillsReadOrderTest.class.getClassLoader(), new Class<?>[] {TypedQuery.class},
                            (query, m, a) -> switch (m.getName()) {
                                case "setParameter" -> {
                                    params.put((String) a[0], a[1]);
                                    yield query;
                                }
                                case "getResultList" -> rows.apply(name, params);
                                default -> throw new UnsupportedOperationException(m.getName());
                            });
                });
    }
}
