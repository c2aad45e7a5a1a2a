/**
 * The payment component's plain rules that need stored facts but no container: what a refund
 * request means against the payment's refunds, how a refunded payment is shown, what is left of a
 * payment for customs, and when the reconciliation asks about a payment again (an unpaid one, one
 * whose outcome is unknown) or gives up on it.
 */
package org.cbec.payment.control;
