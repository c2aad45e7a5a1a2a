package org.cbec.dispatch;

import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.dispatch.entity.RequestKind;

/**
 * What the janitor needs of the components whose requests it resolves: which of their requests are
 * open, and one attempt at one of them (the company asked, and sent it again only when it has
 * none, as the component's own rules say). Implemented by the reconciliation, over the payment,
 * refund, settlement and payout components ({@code MoneyRequestAttempts}).
 */
public interface Attempts {

    /** Where a request stands after an attempt. */
    enum Standing {
        /** Without the company's word: unknown, not sent, or its sender still talking to the company. */
        UNKNOWN,
        /** The company has it and is still working on it (PROCESSING, ACCEPTED). */
        AT_COMPANY,
        /** Final: nothing more to ask. */
        FINAL
    }

    /** An attempt's outcome, and what it heard, in a few words for the operator (no secret). */
    record Attempt(Standing standing, String answer) {
    }

    /**
     * Every open request of every kind, as one SQL SELECT of the columns {@code id, merchant,
     * payment_method, merchant_ref, company_no, state, updated_at, kind}: {@code kind} one of
     * {@link RequestKind}'s names, {@code state} the request's own stored state.
     */
    String openRequests();

    /** Of {@link #openRequests()}' states: those meaning "at the company"; any other open one is unknown. */
    List<String> atCompanyStates();

    /**
     * One attempt at the request: a holder gone since before {@code sendingBefore} is taken as lost.
     * Never throws for a company's failure: that is an {@link Standing#UNKNOWN} or
     * {@link Standing#AT_COMPANY} attempt whose answer says why.
     */
    Attempt attempt(RequestKind kind, long subjectId, OffsetDateTime sendingBefore);
}
