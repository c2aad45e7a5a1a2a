/**
 * The payment component's rules and ledgers: the ledgers store payments, refunds and their
 * exchanges (each in its own transaction), the request rules check what reads several fields, and
 * the plain rules that need stored facts but no container say what a refund
 * request means against the payment's refunds, how a refunded payment is shown, what is left of a
 * payment for customs, when the reconciliation asks about a payment again (an unpaid one, one
 * whose outcome is unknown) or gives up on it, and what keeps a create or a refund from being lost
 * or sent twice: resumed after a crash, taken over by one node only, sent again only when the
 * company does not have it ({@link org.cbec.payment.control.CreateRules},
 * {@link org.cbec.payment.control.RefundSendRules}).
 */
package org.cbec.payment.control;
