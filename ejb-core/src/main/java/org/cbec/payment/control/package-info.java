/**
 * The payment component's plain rules that need stored facts but no container: what a refund
 * request means against the payment's refunds, how a refunded payment is shown, what is left of a
 * payment for customs, when the reconciliation asks about a payment again (an unpaid one, one
 * whose outcome is unknown) or gives up on it, and what keeps a create or a refund from being lost
 * or sent twice: resumed after a crash, taken over by one node only, sent again only when the
 * company does not have it ({@link org.cbec.payment.control.CreateRules},
 * {@link org.cbec.payment.control.RefundSendRules}).
 */
package org.cbec.payment.control;
