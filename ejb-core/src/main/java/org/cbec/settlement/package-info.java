/**
 * Money held for settlement: the receivers a merchant registers, splits of a held payment to them,
 * releases of what is left, and what the company still holds
 * ({@link org.cbec.settlement.boundary.Settlements}). Builds on the payment component; the refunds
 * read its split totals, the reconciliation its list of held payments due for release.
 */
package org.cbec.settlement;
