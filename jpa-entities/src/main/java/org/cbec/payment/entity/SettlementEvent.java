package org.cbec.payment.entity;

/**
 * What happens to a split or a release that may move its {@link SettlementState}: the company call's
 * outcome, the broker's own steps around an unknown outcome, and the company's reports of it.
 */
public enum SettlementEvent {
    /** The company refused it: nothing was split or released. */
    REFUSED,
    /** The company reports it accepted, some receiver's part not final yet. */
    REPORTED_PROCESSING,
    /** The company reports every part final. */
    REPORTED_FINISHED
}
