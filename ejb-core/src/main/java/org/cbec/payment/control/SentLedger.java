package org.cbec.payment.control;

import java.util.List;

/**
 * What the ledger of a money request sent to a company once (a payment's create, a refund, a split
 * or release, a payout) stores of the company's word on it, each in its own transaction with the
 * exchanges that brought it: {@code V} is the request's stored view, {@code S} the company's
 * status of it. Where the request stands with the company meanwhile (being sent, its answer lost,
 * sent again) is its dispatcher's row, not the ledger's.
 */
public interface SentLedger<V, S> {

    /** It as stored now. */
    V get(long id);

    /** The company's view of it. */
    V observed(long id, S status, List<Exchanges.Entry> events);

    /** The company refused it: nothing moved. */
    V refused(long id, String reason, List<Exchanges.Entry> events);

    /** Exchanges that changed nothing but are kept (they went wrong). */
    void events(long id, List<Exchanges.Entry> events);
}
