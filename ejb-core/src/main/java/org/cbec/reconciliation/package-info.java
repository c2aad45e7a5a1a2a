/**
 * The broker's own checks against the companies: the reconciliation's timer (payments without an
 * outcome, held payments due for release, and the janitor of money requests,
 * {@link org.cbec.reconciliation.boundary.Reconciliation}), the money requests as the janitor sees
 * them ({@link org.cbec.reconciliation.boundary.MoneyRequestAttempts}), and the daily bills matched
 * against what the broker stored ({@link org.cbec.reconciliation.boundary.DailyBills},
 * {@link org.cbec.reconciliation.control.BillMatching}). The top of the money components: it
 * imports payment, refund, settlement, payout and dispatch, and none of them imports it.
 */
package org.cbec.reconciliation;
