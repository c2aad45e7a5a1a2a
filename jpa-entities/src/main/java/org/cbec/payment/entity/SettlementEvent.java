package org.cbec.payment.entity;

/**
 * What happens to a split or a release that may move its {@link SettlementState}: the company call's
 * outcome, the broker's own steps around an unknown outcome, and the company's reports of it.
 */
public enum SettlementEvent {
    /** The company refused it: nothing was split or released. */
    REFUSED,
    /** It was sent and no usable answer came back: the company may have it. */
    NO_ANSWER,
    /** The call never left the broker (an open circuit, a full bulkhead). */
    NOT_SENT,
    /** The node sending it stopped before the answer was stored. */
    SENDER_LOST,
    /** An identical request or the reconciliation takes an unresolved one, to ask for it and send it again if the company has none. */
    TAKEN_OVER,
    /** The company reports it accepted, some receiver's part not final yet. */
    REPORTED_PROCESSING,
    /** The company reports every part final. */
    REPORTED_FINISHED
}
