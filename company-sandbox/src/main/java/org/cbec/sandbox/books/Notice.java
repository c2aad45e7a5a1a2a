package org.cbec.sandbox.books;

/**
 * What a callback reports, protocol-free, as of the moment it happened: the event, the account's
 * identifiers and alphapay API v3 key (null for betapay, or for an alphapay account that has none
 * yet), the order after the change, and for a refund the refund in its final state.
 */
public record Notice(Event event, String companyMerchantId, String appId, String apiV3Key, Books.OrderView order,
        Books.RefundView refund) {

    public enum Event {
        /** The payer paid. */
        PAID,
        /** An unpaid order was closed. */
        CLOSED,
        /** A refund reached its final state (betapay when made; alphapay when its delay passed). */
        REFUND
    }

    @Override
    public String toString() {
        // Never the API v3 key, whatever ends up printing this.
        return "Notice[" + event + ", " + companyMerchantId + ", " + (order == null ? null : order.orderRef()) + "]";
    }
}
