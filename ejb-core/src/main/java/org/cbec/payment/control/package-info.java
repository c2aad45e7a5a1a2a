/**
 * The payment component's rules and ledgers: the payment ledger stores payments and their
 * exchanges (each in its own transaction), the request rules check what reads several fields, and
 * the plain rules that need stored facts but no container say what a payment's refunds hold
 * against it and how a refunded payment is shown ({@link org.cbec.payment.control.HeldRefunds}),
 * when the reconciliation asks about a payment again (an unpaid one, one whose outcome is unknown)
 * or gives up on it, and what keeps a create or any money request from being lost or sent twice:
 * resumed after a crash, taken over by one node only, sent again only when the company does not
 * have it ({@link org.cbec.payment.control.CreateRules},
 * {@link org.cbec.payment.control.RefundSendRules}).
 */
package org.cbec.payment.control;
