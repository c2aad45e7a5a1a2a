package org.cbec.customs.entity;

/**
 * What may move a declared order's {@link OrderState}: the single window's refusal of its message,
 * each receipt the window reports (by customs' status code), and the merchant's change of it.
 */
public enum OrderEvent {
    /** The window refused the message (its signature or its format): customs never saw it. */
    REFUSED,
    /** Receipt 2: the window accepted it and sent it to customs. */
    ACCEPTED,
    /** Receipt 3: the window could not send it to customs. */
    NOT_SENT_TO_CUSTOMS,
    /** Receipt 120: stored by customs (again with a new standing of the documents while it waits). */
    STORED,
    /** Receipt 100: customs returned it, with a reason. */
    RETURNED,
    /** Receipt 800: customs released it. */
    RELEASED,
    /** The merchant declared it again (a change, or a new message after a refusal): the window's word on it is awaited. */
    CHANGED
}
