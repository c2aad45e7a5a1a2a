/**
 * The companies' books and their rules, behind {@code @Stateless} boundaries: accounts and keys
 * ({@link org.cbec.sandbox.books.Accounts}), orders and customs declarations with the
 * duplicate-order rule, payment, closing and the customs progression
 * ({@link org.cbec.sandbox.books.Books}), the settlement of held money: receivers, splits, releases
 * and the holding ({@link org.cbec.sandbox.books.Settlements}, its arithmetic in
 * {@link org.cbec.sandbox.books.SettlementRules}), payouts abroad: the account's funds, its
 * beneficiary, payouts at the company's terms of the day ({@link org.cbec.sandbox.books.Payouts},
 * its arithmetic in {@link org.cbec.sandbox.books.PayoutRules}), each account's daily bills and the
 * differences a test arranged in them ({@link org.cbec.sandbox.books.Bills}, its rules in
 * {@link org.cbec.sandbox.books.BillRules}), the log of requests received
 * ({@link org.cbec.sandbox.books.RequestLog}), and the outbox of callbacks owed to merchants
 * ({@link org.cbec.sandbox.books.Outbox}) with its retry schedule. Protocol-free: both companies'
 * gates and the admin helpers call the same rules and receive records, never entities; what a
 * callback looks like on the wire is each company's {@link org.cbec.sandbox.books.CallbackFormat}.
 */
package org.cbec.sandbox.books;
