/**
 * The companies' books and their rules, behind {@code @Stateless} boundaries: accounts and keys
 * ({@link org.cbec.sandbox.books.Accounts}), orders and customs declarations with the
 * duplicate-order rule, payment, closing and the customs progression
 * ({@link org.cbec.sandbox.books.Books}), and the log of requests received
 * ({@link org.cbec.sandbox.books.RequestLog}). Protocol-free: both companies' gates and the admin
 * helpers call the same rules and receive records, never entities.
 */
package org.cbec.sandbox.books;
