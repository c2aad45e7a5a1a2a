package org.cbec.payment.control;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * What the ledger of a money request sent to a company once (a payment's create, a refund, a split
 * or release, a payout) stores of each outcome of its company call, each in its own transaction with the
 * exchanges that brought it: {@code V} is the request's stored view, {@code S} the company's
 * status of it.
 */
public interface SentLedger<V, S> {

    /** It as stored now. */
    V get(long id);

    /** The company's view of it. */
    V observed(long id, S status, List<Exchanges.Entry> events);

    /** The company refused it: nothing moved. */
    V refused(long id, String reason, List<Exchanges.Entry> events);

    /** No usable answer: kept, its outcome unknown until a query or the reconciliation. */
    void unknown(long id, String reason, List<Exchanges.Entry> events);

    /**
     * The company refused it sent again after its first answer was lost: the first send may still
     * be at the company, so nothing moves; kept, its outcome unknown, and marked so that it is never
     * sent again and a query that finds none at the company ends it as refused.
     */
    void resendRefused(long id, String reason, List<Exchanges.Entry> events);

    /** Whether the company refused it sent again ({@link #resendRefused}). */
    boolean wasResendRefused(long id);

    /** The call never left the broker: stored NOT_SENT, never as possibly sent. */
    void notSent(long id, String reason, List<Exchanges.Entry> events);

    /** Exchanges that changed nothing but are kept (they went wrong). */
    void events(long id, List<Exchanges.Entry> events);

    /**
     * Left SENDING since before {@code before}: its sender is gone (the broker stopped while the
     * company was asked), so its outcome is unknown now. False if it moved on meanwhile.
     */
    boolean abandoned(long id, OffsetDateTime before, String reason);

    /** Takes over one whose outcome is unknown (SENDING again, for this caller), to resolve it; false if someone took it first. */
    boolean takeOver(long id);
}
