package org.cbec.company;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.company.CompanyOutcome.Answered;
import org.cbec.company.CompanyOutcome.NoAnswer;
import org.cbec.company.CompanyOutcome.NotSent;
import org.cbec.company.CompanyOutcome.Refused;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * A company as the boundaries call it: every call gives a {@link CompanyOutcome}. It wraps the
 * company's adapter ({@link PaymentCompany}), whose calls read the wire and speak in exceptions
 * ({@link CompanyRefusal}, {@link CompanyUnavailable}), under Fault Tolerance: the adapter's
 * {@code @Retry} and its transport's circuit breaker and bulkhead are interceptors, so their
 * exceptions surface here, at the caller of the intercepted method, and this is where they are
 * turned into outcomes, once for every operation of every company. A call Fault Tolerance did not
 * send is counted in the metrics and handed to the recorder as not sent.
 */
public final class CompanyPort {

    private static final Logger LOG = Logger.getLogger(CompanyPort.class.getName());

    private final PaymentCompany company;
    private final CompanyCalls calls;

    CompanyPort(PaymentCompany company, CompanyCalls calls) {
        this.company = company;
        this.calls = calls;
    }

    public String method() {
        return company.method();
    }

    public Set<PaymentType> supportedTypes() {
        return company.supportedTypes();
    }

    /** {@link PaymentCompany#noSuchOrder}: whether a refusal of the order's query with this code says the company has no such order. */
    public boolean noSuchOrder(String refusalCode) {
        return company.noSuchOrder(refusalCode);
    }

    /** {@link PaymentCompany#invalidRequest}: whether a refusal with this code says the request itself was invalid. */
    public boolean invalidRequest(String refusalCode) {
        return company.invalidRequest(refusalCode);
    }

    public boolean verifiesIdentity() {
        return company.verifiesIdentity();
    }

    /** {@link PaymentCompany#customsCode}: local, no company call. */
    public String customsCode() {
        return company.customsCode();
    }

    /** Local signing, no company call. */
    public Invocation invocation(CompanyAccount account, PaymentType type, String payMessage, String timeStamp, String nonceStr) {
        return company.invocation(account, type, payMessage, timeStamp, nonceStr);
    }

    public CompanyOutcome<CreatedOrder> create(CompanyAccount account, OrderRequest order, ExchangeRecorder recorder) {
        return call("create", recorder, () -> company.create(account, order, recorder));
    }

    public CompanyOutcome<OrderStatus> query(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
        return call("query", recorder, () -> company.query(account, orderRef, recorder));
    }

    /** Answered with nothing (null) when the company closed the order. */
    public CompanyOutcome<Void> close(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
        return call("close", recorder, () -> {
            company.close(account, orderRef, recorder);
            return null;
        });
    }

    public CompanyOutcome<RefundStatus> refund(CompanyAccount account, RefundRequest refund, ExchangeRecorder recorder) {
        return call("refund", recorder, () -> company.refund(account, refund, recorder));
    }

    /** Answered empty when the company has no refund with this number. */
    public CompanyOutcome<Optional<RefundStatus>> queryRefund(CompanyAccount account, RefundRequest refund, ExchangeRecorder recorder) {
        return call("refund-query", recorder, () -> company.queryRefund(account, refund, recorder));
    }

    public CompanyOutcome<CustomsRecord> declare(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder) {
        return call("customs-declare", recorder, () -> company.declare(account, declaration, recorder));
    }

    public CompanyOutcome<CustomsRecord> redeclare(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder) {
        return call("customs-redeclare", recorder, () -> company.redeclare(account, declaration, recorder));
    }

    public CompanyOutcome<List<CustomsRecord>> queryCustoms(CompanyAccount account, String orderNo, String customs,
            ExchangeRecorder recorder) {
        return call("customs-query", recorder, () -> company.queryCustoms(account, orderNo, customs, recorder));
    }

    public CompanyOutcome<CustomsRecord> uploadIdentity(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder) {
        return call("identity-upload", recorder, () -> company.uploadIdentity(account, declaration, recorder));
    }

    /** Answered with nothing (null) when the company has the receiver. */
    public CompanyOutcome<Void> addReceiver(CompanyAccount account, SettlementReceiver receiver, ExchangeRecorder recorder) {
        return call("receiver-add", recorder, () -> {
            company.addReceiver(account, receiver, recorder);
            return null;
        });
    }

    /** Answered with nothing (null) when the company no longer has the receiver. */
    public CompanyOutcome<Void> deleteReceiver(CompanyAccount account, String type, String receiverAccount, ExchangeRecorder recorder) {
        return call("receiver-delete", recorder, () -> {
            company.deleteReceiver(account, type, receiverAccount, recorder);
            return null;
        });
    }

    public CompanyOutcome<SplitStatus> split(CompanyAccount account, SplitRequest split, ExchangeRecorder recorder) {
        return call("split", recorder, () -> company.split(account, split, recorder));
    }

    public CompanyOutcome<SplitStatus> release(CompanyAccount account, ReleaseRequest release, ExchangeRecorder recorder) {
        return call("release", recorder, () -> company.release(account, release, recorder));
    }

    /** Answered empty when the company has no split or release with this number. */
    public CompanyOutcome<Optional<SplitStatus>> querySplit(CompanyAccount account, String orderRef, String transactionId,
            String splitNo, ExchangeRecorder recorder) {
        return call("split-query", recorder, () -> company.querySplit(account, orderRef, transactionId, splitNo, recorder));
    }

    public CompanyOutcome<HeldMoney> heldMoney(CompanyAccount account, String orderRef, String transactionId, ExchangeRecorder recorder) {
        return call("held-query", recorder, () -> company.heldMoney(account, orderRef, transactionId, recorder));
    }

    /** Answered with nothing (null) when the company has the account. */
    public CompanyOutcome<Void> registerBeneficiary(CompanyAccount account, Beneficiary beneficiary, ExchangeRecorder recorder) {
        return call("beneficiary", recorder, () -> {
            company.registerBeneficiary(account, beneficiary, recorder);
            return null;
        });
    }

    public CompanyOutcome<PayoutStatus> payout(CompanyAccount account, PayoutRequest payout, ExchangeRecorder recorder) {
        return call("payout", recorder, () -> company.payout(account, payout, recorder));
    }

    /** Answered empty when the company has no payout with this number. */
    public CompanyOutcome<Optional<PayoutStatus>> queryPayout(CompanyAccount account, String payoutNo, ExchangeRecorder recorder) {
        return call("payout-query", recorder, () -> company.queryPayout(account, payoutNo, recorder));
    }

    /** The account's bills of one Beijing day; an unverified file is no answer. */
    public CompanyOutcome<CompanyBill> bill(CompanyAccount account, java.time.LocalDate billDate, ExchangeRecorder recorder) {
        return call("bill", recorder, () -> company.bill(account, billDate, recorder));
    }

    /** The one mapping of a company call's result to an outcome. */
    private <T> CompanyOutcome<T> call(String operation, ExchangeRecorder recorder, Supplier<T> call) {
        return outcome(company.method(), company::tryLater, calls, operation, recorder, call);
    }

    /**
     * A call's result as an outcome, for any foreign system the broker calls through a
     * {@link CompanyTransport} (the payment companies, and the customs single window): the
     * answer; a refusal (or no answer, when {@code tryLater} says its code means "try later"); a
     * call Fault Tolerance did not send, counted and recorded as not sent; no answer.
     */
    public static <T> CompanyOutcome<T> outcome(String method, Predicate<String> tryLater, CompanyCalls calls, String operation,
            ExchangeRecorder recorder, Supplier<T> call) {
        try {
            return new Answered<>(call.get());
        } catch (CompanyRefusal refusal) {
            if (tryLater.test(refusal.code())) {
                return new NoAnswer<>("the company answered " + refusal.code() + ": " + refusal.reason() + ", to be tried later");
            }
            return new Refused<>(refusal.code(), refusal.reason());
        } catch (CircuitBreakerOpenException | BulkheadException notSent) {
            calls.refused(method, operation, notSent);
            NotSent<T> outcome = new NotSent<>(notSent instanceof BulkheadException
                    ? CompanyOutcome.Why.BULKHEAD_FULL : CompanyOutcome.Why.CIRCUIT_OPEN);
            recorder.notSent(operation, outcome.reason());
            return outcome;
        } catch (TimeoutException late) {
            return new NoAnswer<>("the company did not answer in time");
        } catch (CompanyException unavailable) {
            return new NoAnswer<>(unavailable.getMessage());
        } catch (RuntimeException unexpected) {
            LOG.log(Level.SEVERE, "Unexpected failure calling " + method, unexpected);
            return new NoAnswer<>("unexpected failure calling the company");
        }
    }
}
