package org.cbec.payment.entity;

/** What may move a receiver's {@link PartResult}: the company's report of the part, or its refusal of the whole split. */
public enum PartEvent {
    /** The company refused the split: no part moved. */
    SPLIT_REFUSED,
    REPORTED_PENDING,
    REPORTED_SUCCESS,
    REPORTED_CLOSED
}
