package org.cbec.refund.control;

import java.util.List;
import java.util.Optional;
import org.cbec.payment.control.HeldRefunds;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payment.control.HeldRefunds.Held;
import org.cbec.payment.control.HeldRefunds.Paid;
import org.cbec.platform.validation.RequestChecks;
import org.cbec.refund.CreateRefund;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;

/**
 * The rules of a refund: the checks of its request that need no database, and those that need
 * the payment and its refunds ({@link HeldRefunds}), taken while the payment's row is locked so
 * that concurrent refunds see each other. Amounts are in the payment currency's base
 * unit; a refund that is not CLOSED holds its amount against the payment (PROCESSING, an unknown
 * outcome and ABNORMAL may all still move money), so the refunds never add up to more than was paid.
 */
public final class RefundRules {

    /** At most this many refunds per payment, as the wallet companies allow. */
    public static final int MAX_REFUNDS = 50;

    private RefundRules() {
    }

    /** A request for a refund: the stored one it repeats, or the place of a new one. */
    public record Decision(Optional<Held> repeated, int seq) {
    }

    /**
     * What a request for {@code amount} under {@code refundRef} means for the payment with these
     * refunds. The same refundRef and amount is the same refund (no second company call); every
     * refusal names its field and changes nothing.
     */
    public static Decision decide(Paid payment, List<Held> refunds, String refundRef, long amount, String currency) {
        return decide(payment, refunds, 0, refundRef, amount, currency);
    }

    /**
     * As {@link #decide(Paid, List, String, long, String)} for a payment whose money is held for
     * settlement with {@code split} of it split (its parts that are not CLOSED): a refund must fit
     * in what is still held, because split money does not come back by a refund.
     */
    public static Decision decide(Paid payment, List<Held> refunds, long split, String refundRef, long amount, String currency) {
        Optional<Held> same = refunds.stream().filter(r -> r.refundRef().equals(refundRef)).findFirst();
        if (same.isPresent()) {
            if (same.get().amount() != amount || currency != null && !currency.equals(payment.currency())) {
                throw new InvalidRequestException("refundRef", "refundRef " + refundRef + " is already a refund of "
                        + same.get().amount() + " " + payment.currency() + "; a refund's amount cannot change");
            }
            return new Decision(same, 0);
        }
        if (payment.state() != TradeState.SUCCESS) {
            throw new InvalidRequestException("orderRef", "payment " + payment.orderRef() + " is not paid (" + payment.state()
                    + "); only a paid payment is refunded");
        }
        if (currency != null && !currency.equals(payment.currency())) {
            throw new InvalidRequestException("currency", "currency must be the payment's, " + payment.currency());
        }
        if (refunds.size() >= MAX_REFUNDS) {
            throw new InvalidRequestException("orderRef", "payment " + payment.orderRef() + " already has " + MAX_REFUNDS
                    + " refunds, the most a payment can have");
        }
        long held = HeldRefunds.held(refunds);
        if (split > 0 && held + split + amount > payment.amount()) {
            throw new InvalidRequestException("amount", "amount " + amount + " is more than the payment's held money: paid "
                    + payment.amount() + ", refunded or being refunded " + held + ", split to receivers " + split + ", left "
                    + Math.max(0, payment.amount() - held - split) + "; split money does not come back by a refund");
        }
        if (held + amount > payment.amount()) {
            throw new InvalidRequestException("amount", "amount " + amount + " is more than is left to refund: paid "
                    + payment.amount() + ", refunded or being refunded " + held + ", left " + (payment.amount() - held));
        }
        return new Decision(Optional.empty(), refunds.size() + 1);
    }

    /**
     * A refund charged to what is available (its payment not held, or released) must fit in the
     * merchant's available balance at the company, decided under the lock payouts take too; the
     * company would refuse it otherwise (WeChat Pay's {@code NOT_ENOUGH}).
     */
    public static void checkAvailable(long amount, long feeBack, long available, String paymentMethod) {
        if (amount - feeBack > available) {
            throw new InvalidRequestException("amount", "amount " + amount + (feeBack == 0 ? "" : " less the fee it gives back, "
                    + feeBack + ",") + " is more than the merchant's available balance at " + paymentMethod + ", "
                    + Math.max(0, available) + " (NOT_ENOUGH)");
        }
    }

    /** The company's refund number: the payment's orderRef and the refund's place, unique in the company account. */
    public static String companyRefundNo(String orderRef, int seq) {
        return orderRef + "-" + seq;
    }

    /** Every rule of a refund request that does not need the database; {@code paymentMethod} is optional ({@link PaymentRules#onePayment}). */
    public static void checkRefund(CreateRefund r) {
        RequestChecks.check(r);
    }
}
