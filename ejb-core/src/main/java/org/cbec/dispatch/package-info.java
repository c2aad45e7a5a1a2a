/**
 * Money requests without the company's final word, resolved by one janitor: each refund, split,
 * release and payout that is unknown, not sent, or still open at the company is asked about when
 * its next attempt is due (one back-off for all, fair by due time), and one past its attempts or
 * age is listed for an operator ({@link org.cbec.dispatch.boundary.Attention}). What a request is
 * and how it is asked about is its component's ({@link org.cbec.dispatch.Attempts}): this package
 * knows no business table by its classes.
 */
package org.cbec.dispatch;
