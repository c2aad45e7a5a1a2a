package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.junit.jupiter.api.Test;

/** Every result of a company call becomes one outcome, in one place; a call not sent is counted and recorded as such. */
class CompanyPortTest {

    private final List<String> counted = new ArrayList<>();
    private final List<String> notSent = new ArrayList<>();
    private final ExchangeRecorder recorder = new ExchangeRecorder() {
        @Override
        public void record(Exchange exchange, Outcome outcome) {
        }

        @Override
        public void notSent(String operation, String reason) {
            notSent.add(operation + ": " + reason);
        }
    };

    private CompanyOutcome<CreatedOrder> create(Supplier<CreatedOrder> adapter) {
        CompanyCalls calls = new CompanyCalls() {
            @Override
            public void refused(String company, String operation, RuntimeException failure) {
                counted.add(company + "/" + operation + "/" + failure.getClass().getSimpleName());
            }
        };
        return new CompanyPort(new Adapter(adapter), calls).create(null, null, recorder);
    }

    private static String kind(CompanyOutcome<?> o) {
        return o.fold(a -> "answered", r -> "refused " + r.text(), n -> "not sent " + n.why(), x -> "no answer " + x.reason());
    }

    @Test
    void anAnswerIsAnswered() {
        CreatedOrder order = new CreatedOrder("NATIVE", "weixin://x");
        CompanyOutcome<CreatedOrder> o = create(() -> order);
        assertSame(order, o.fold(a -> a, r -> null, n -> null, x -> null));
    }

    @Test
    void aRefusalKeepsItsCodeAndMessage() {
        CompanyOutcome<CreatedOrder> o = create(() -> {
            throw new CompanyRefusal("PARAM_ERROR", "description too long");
        });
        CompanyOutcome.Refused<CreatedOrder> refused = assertInstanceOf(CompanyOutcome.Refused.class, o);
        assertEquals("PARAM_ERROR", refused.code());
        assertEquals("description too long", refused.message());
        assertEquals("PARAM_ERROR: description too long", refused.text());
    }

    @Test
    void aRefusalTheCompanyMeansAsTryLaterIsNoAnswerNeverARefusal() {
        CompanyOutcome<CreatedOrder> o = create(() -> {
            throw new CompanyRefusal("BUSY", "rate limited");
        });
        assertEquals("no answer the company answered BUSY: rate limited, to be tried later", kind(o));
        assertTrue(assertInstanceOf(CompanyOutcome.NoAnswer.class, o).sent(), "the company may have acted");
        assertEquals(List.of(), notSent);
    }

    @Test
    void anOpenCircuitIsNotSentCountedAndRecorded() {
        assertEquals("not sent CIRCUIT_OPEN", kind(create(() -> {
            throw new CircuitBreakerOpenException("open");
        })));
        assertEquals(List.of("test/create/CircuitBreakerOpenException"), counted);
        assertEquals(List.of("create: " + CompanyOutcome.Why.CIRCUIT_OPEN.reason()), notSent);
    }

    @Test
    void aFullBulkheadIsNotSentAndTheBrokersOwnSaturation() {
        CompanyOutcome<CreatedOrder> o = create(() -> {
            throw new BulkheadException("full");
        });
        assertEquals(CompanyOutcome.Why.BULKHEAD_FULL, assertInstanceOf(CompanyOutcome.NotSent.class, o).why());
        assertEquals(List.of("create: too many calls to the company in progress; not called"), notSent);
    }

    @Test
    void aCallSentWithoutAUsableAnswerIsNoAnswer() {
        assertEquals("no answer the company timed out", kind(create(() -> {
            throw new CompanyUnavailable("the company timed out");
        })));
        assertEquals("no answer the company's answer did not carry a valid signature", kind(create(() -> {
            throw new UnverifiedAnswer("the company's answer did not carry a valid signature");
        })));
        assertEquals("no answer the company did not answer in time", kind(create(() -> {
            throw new TimeoutException("late");
        })));
        assertEquals("no answer unexpected failure calling the company", kind(create(() -> {
            throw new IllegalStateException("bug");
        })));
        assertEquals(List.of(), notSent, "sent, so not recorded as not sent");
        assertEquals(List.of(), counted);
    }

    /** An adapter whose create does what the test says; nothing else is called. */
    private static final class Adapter implements PaymentCompany {
        private final Supplier<CreatedOrder> create;

        Adapter(Supplier<CreatedOrder> create) {
            this.create = create;
        }

        @Override
        public String method() {
            return "test";
        }

        @Override
        public Set<PaymentType> supportedTypes() {
            return Set.of();
        }

        @Override
        public boolean invalidRequest(String refusalCode) {
            return false;
        }

        @Override
        public boolean tryLater(String refusalCode) {
            return "BUSY".equals(refusalCode);
        }

        @Override
        public boolean noSuchOrder(String refusalCode) {
            return false;
        }

        @Override
        public boolean configured() {
            return true;
        }

        @Override
        public CreatedOrder create(CompanyAccount account, OrderRequest order, ExchangeRecorder recorder) {
            return create.get();
        }

        @Override
        public OrderStatus query(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Invocation invocation(CompanyAccount account, PaymentType type, String payMessage, String timeStamp, String nonceStr) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CustomsRecord declare(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CustomsRecord redeclare(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<CustomsRecord> queryCustoms(CompanyAccount account, String orderNo, String customs, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean verifiesIdentity() {
            return false;
        }

        @Override
        public String customsCode() {
            return "0000000000";
        }

        @Override
        public CustomsRecord uploadIdentity(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public RefundStatus refund(CompanyAccount account, RefundRequest refund, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<RefundStatus> queryRefund(CompanyAccount account, RefundRequest refund, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void addReceiver(CompanyAccount account, SettlementReceiver receiver, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void deleteReceiver(CompanyAccount account, String type, String receiverAccount, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SplitStatus split(CompanyAccount account, SplitRequest split, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SplitStatus release(CompanyAccount account, ReleaseRequest release, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<SplitStatus> querySplit(CompanyAccount account, String orderRef, String transactionId, String splitNo,
                ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public HeldMoney heldMoney(CompanyAccount account, String orderRef, String transactionId, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void registerBeneficiary(CompanyAccount account, Beneficiary beneficiary, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public PayoutStatus payout(CompanyAccount account, PayoutRequest payout, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<PayoutStatus> queryPayout(CompanyAccount account, String payoutNo, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompanyBill bill(CompanyAccount account, java.time.LocalDate billDate, ExchangeRecorder recorder) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Notification readNotification(CompanyAccount account, Map<String, String> headers, String body, Instant now) {
            throw new UnsupportedOperationException();
        }
    }
}
