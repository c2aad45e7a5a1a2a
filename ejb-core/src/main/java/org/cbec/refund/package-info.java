/**
 * Refunds of paid payments: asked for by the merchant, sent to the company once and never lost
 * ({@link org.cbec.refund.boundary.Refunds}), and the companies' callbacks, which tell of a
 * payment or of one of its refunds ({@link org.cbec.refund.boundary.Callbacks}). Builds on the
 * payment component and on the settlement's split totals (a refund of held money must fit in what
 * is not split); neither knows this package.
 */
package org.cbec.refund;
