package org.cbec.payment.entity;

import static org.cbec.payment.entity.SettlementEvent.NO_ANSWER;
import static org.cbec.payment.entity.SettlementEvent.REPORTED_FINISHED;
import static org.cbec.payment.entity.SettlementEvent.REPORTED_PROCESSING;
import static org.cbec.payment.entity.SettlementEvent.SENDER_LOST;
import static org.cbec.payment.entity.SettlementEvent.TAKEN_OVER;

import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A split's or a release's state as the broker knows it. PROCESSING and FINISHED are the companies'
 * (WeChat Pay's profit-sharing order states); SENDING, UNKNOWN and NOT_SENT are the broker's own,
 * shown as PROCESSING; REFUSED is a split the company refused, shown FINISHED with every part
 * CLOSED. The moves are the table {@link #TABLE}; {@link Settlement} makes no other.
 */
public enum SettlementState implements Lifecycle<SettlementState, SettlementEvent> {
    /** The row exists, the company has not answered yet. */
    SENDING,
    /** The call failed; whether the company has it is not known. */
    UNKNOWN,
    /** The last call never left the broker; an earlier one may have (after a take-over), so it is resolved as UNKNOWN is. */
    NOT_SENT,
    /** The company has it and some part is not final. */
    PROCESSING,
    /** Every part is final (SUCCESS or CLOSED). */
    FINISHED,
    /** The company refused it: nothing moved, its parts are CLOSED and no longer count. */
    REFUSED;

    /**
     * Sent once; without an answer UNKNOWN (or NOT_SENT) until someone takes it over (SENDING again),
     * asks the company for its number and sends it again only when the company has none. The
     * company's reports move an open one forward; FINISHED and REFUSED are never left (only the same
     * report again, with its figures, is taken).
     */
    private static final Transitions<SettlementState, SettlementEvent> TABLE = Transitions
            .of(SettlementState.class, SettlementEvent.class)
            .allow(SENDING, SettlementEvent.REFUSED, REFUSED)
            .allow(SENDING, NO_ANSWER, UNKNOWN)
            .allow(SENDING, SettlementEvent.NOT_SENT, NOT_SENT)
            .allow(SENDING, SENDER_LOST, UNKNOWN)
            .allow(SENDING, REPORTED_PROCESSING, PROCESSING)
            .allow(SENDING, REPORTED_FINISHED, FINISHED)

            .allow(UNKNOWN, SettlementEvent.REFUSED, REFUSED)
            .allow(UNKNOWN, TAKEN_OVER, SENDING)
            .allow(UNKNOWN, REPORTED_PROCESSING, PROCESSING)
            .allow(UNKNOWN, REPORTED_FINISHED, FINISHED)

            .allow(NOT_SENT, SettlementEvent.REFUSED, REFUSED)
            .allow(NOT_SENT, NO_ANSWER, UNKNOWN)
            .allow(NOT_SENT, TAKEN_OVER, SENDING)
            .allow(NOT_SENT, REPORTED_PROCESSING, PROCESSING)
            .allow(NOT_SENT, REPORTED_FINISHED, FINISHED)

            .allow(PROCESSING, REPORTED_PROCESSING, PROCESSING)
            .allow(PROCESSING, REPORTED_FINISHED, FINISHED)

            .allow(FINISHED, REPORTED_FINISHED, FINISHED);

    @Override
    public Transitions<SettlementState, SettlementEvent> transitions() {
        return TABLE;
    }

    /** The state a client is shown: PROCESSING or FINISHED. */
    public String shown() {
        return this == FINISHED || this == REFUSED ? FINISHED.name() : PROCESSING.name();
    }

    /** Whether the company may still change it: a query or the reconciliation asks again. */
    public boolean isOpen() {
        return this != FINISHED && this != REFUSED;
    }

    /** Without a known outcome and nobody sending it. */
    public boolean isUnresolved() {
        return this == UNKNOWN || this == NOT_SENT;
    }
}
