/**
 * The payout operations at {@code {base_url}/payout/abroad} and their statements at
 * {@code {base_url}/payout/bill/abroad} (spec 4.9; the shapes are the broker's: docs/api/payout.md),
 * and the reconciliation with the companies' bills at {@code {base_url}/reconciliation} and
 * {@code /admin/reconciliation} (docs/api/reconciliation.md).
 */
package org.cbec.broker.rest.payout;
