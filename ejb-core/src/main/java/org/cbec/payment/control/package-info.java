/**
 * The payment component's rules and ledgers: the payment ledger stores payments and their
 * exchanges (each in its own transaction), the request rules check what reads several fields, and
 * the plain rules that need stored facts but no container say what a payment's refunds hold
 * against it and how a refunded payment is shown ({@link org.cbec.payment.control.HeldRefunds}),
 * when an unpaid payment is polled ({@link org.cbec.payment.control.PollSchedule}), and how a
 * query of the order reads for a create without the company's word
 * ({@link org.cbec.payment.control.CreateRules}). Whether a money request is sent, asked for or
 * sent again is its dispatcher row's table ({@code RequestState}), applied by {@code CompanyRequests}.
 */
package org.cbec.payment.control;
