/**
 * Payouts abroad: the merchant's payout account at the company, its balance, the payouts asked of
 * that balance, their events, and the company's payout statements
 * ({@link org.cbec.payout.boundary.Payouts}). Builds on the payment component (the balance entries,
 * the way a money request is sent); knows no refund or settlement.
 */
package org.cbec.payout;
