/**
 * What the two companies keep in their own database (persistence unit {@code sandbox}, tables
 * {@code sandbox_*}, schema by the migrations in {@code db/sandbox}): their key pairs, the merchant
 * accounts they opened, orders, refunds, customs declarations, the log of requests they received,
 * the callbacks they owe merchants, and settlement: registered receivers, splits and releases of
 * held orders and their parts; payouts: each account's beneficiary abroad (masked and hashed),
 * its payouts, and the companies' payout terms per currency; the differences a test arranged in
 * an account's daily bills.
 * Entities stay inside the {@code books} boundary; callers get records (which may name an order's
 * {@link org.cbec.sandbox.entity.CompanyOrder.State}, a value, not an entity).
 */
package org.cbec.sandbox.entity;
