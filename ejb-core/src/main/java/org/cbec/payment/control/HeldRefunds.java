package org.cbec.payment.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.cbec.payment.PaymentView;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;

/**
 * What a payment's refunds mean for the payment: what those not CLOSED hold against it, what went
 * back, how a refunded payment is shown (QueryPayment's REFUND) and what customs counts as taken
 * back. Amounts are in the payment currency's base unit. The refund's own rules, which decide a
 * new refund, are the refund component's; these are what the payment, its settlement and customs
 * read of the refunds.
 */
public final class HeldRefunds {

    private HeldRefunds() {
    }

    /** The payment as these rules see it. */
    public record Paid(String orderRef, TradeState state, long amount, String currency) {
    }

    /** A stored refund as these rules see it. */
    public record Held(String refundRef, long amount, RefundState state, Long payerRefund, String payerCurrency) {

        public boolean counts() {
            return state != RefundState.CLOSED;
        }
    }

    /** A stored refund as these rules see it. */
    public static Held of(Refund r) {
        return new Held(r.getRefundRef(), r.getAmount(), r.getState(), r.getPayerRefund(), r.getPayerCurrency());
    }

    /** What the refunds that are not CLOSED hold against the payment. */
    public static long held(List<Held> refunds) {
        return refunds.stream().filter(Held::counts).mapToLong(Held::amount).sum();
    }

    /** What went back: the SUCCESS refunds. */
    public static long refunded(List<Held> refunds) {
        return refunds.stream().filter(r -> r.state() == RefundState.SUCCESS).mapToLong(Held::amount).sum();
    }

    /** A payment's trade state and its description as QueryPayment shows them. */
    public record Shown(boolean refunded, String tradeState, String tradeStateDesc) {
    }

    /**
     * A paid payment with a successful refund is shown as REFUND, its description saying whether it
     * is partly or fully refunded; any other payment as it is.
     */
    public static Shown shown(Paid payment, String stateDesc, List<Held> refunds) {
        long refunded = refunded(refunds);
        if (payment.state() != TradeState.SUCCESS || refunded == 0) {
            return new Shown(false, payment.state().name(), stateDesc);
        }
        return new Shown(true, PaymentView.REFUND, refunded >= payment.amount() ? "fully refunded"
                : "partly refunded: " + refunded + " of " + payment.amount() + " " + payment.currency());
    }

    /**
     * What the refunds that are not CLOSED take back of the CNY paid, in fen (customs declares CNY).
     * A refund counts with what the company says goes back to the payer in CNY; a refund of a CNY
     * payment with its amount; a refund of another currency the company has not answered yet with
     * its share of the CNY paid, rounded half up. Never more than was paid.
     */
    public static long refundedCnyFen(Paid payment, long paidCnyFen, List<Held> refunds) {
        long sum = 0;
        for (Held r : refunds) {
            if (!r.counts()) {
                continue;
            }
            if ("CNY".equals(r.payerCurrency()) && r.payerRefund() != null) {
                sum += r.payerRefund();
            } else if ("CNY".equals(payment.currency())) {
                sum += r.amount();
            } else {
                sum += BigDecimal.valueOf(r.amount()).multiply(BigDecimal.valueOf(paidCnyFen))
                        .divide(BigDecimal.valueOf(payment.amount()), 0, RoundingMode.HALF_UP).longValueExact();
            }
        }
        return Math.min(sum, paidCnyFen);
    }

    /** A paid payment with these refunds, as QueryPayment (and its merchant event) shows it. */
    public static PaymentView shownWith(PaymentView p, List<Held> held) {
        if (p.tradeState() != TradeState.SUCCESS) {
            return p;
        }
        Shown shown = shown(new Paid(p.orderRef(), TradeState.SUCCESS, p.actualAmount(),
                p.currency()), p.tradeStateDesc(), held);
        return new PaymentView(p.merchant(), p.paymentMethod(), p.orderRef(), p.paymentType(), p.currency(), p.actualAmount(), p.total(),
                p.tradeState(), shown.refunded(), shown.tradeStateDesc(), p.tradeType(), p.payMessage(), p.payInvokeMessage(), p.timeStamp(),
                p.nonceStr(), p.transactionId(), p.bankType(), p.payerTotal(), p.payerCurrency(), p.paidAt(), p.heldForSettlement(), p.id());
    }
}
