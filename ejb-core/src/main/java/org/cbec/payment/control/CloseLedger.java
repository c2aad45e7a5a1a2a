package org.cbec.payment.control;

import java.util.List;
import org.cbec.company.OrderStatus;
import org.cbec.payment.PaymentView;

/**
 * A payment's close as its outcomes are stored, on the payment's row ({@link PaymentLedger}, each
 * call its transaction): the company's view of the order; a refusal changes nothing, and its
 * exchanges are kept among the payment's events.
 */
public final class CloseLedger implements SentLedger<PaymentView, OrderStatus> {

    private final PaymentLedger ledger;

    public CloseLedger(PaymentLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    public PaymentView get(long id) {
        return ledger.get(id);
    }

    @Override
    public PaymentView observed(long id, OrderStatus status, List<Exchanges.Entry> events) {
        return ledger.observed(id, status, events);
    }

    @Override
    public PaymentView refused(long id, String reason, List<Exchanges.Entry> events) {
        ledger.events(id, events);
        return ledger.get(id);
    }

    @Override
    public void events(long id, List<Exchanges.Entry> events) {
        ledger.events(id, events);
    }
}
