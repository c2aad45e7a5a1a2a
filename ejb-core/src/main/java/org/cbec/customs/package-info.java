/**
 * Customs declarations of paid orders through the payment companies: declare (ADD or MODIFY, split
 * into sub-orders or not), redeclare, query, and upload the payer's identity for re-verification.
 * A declaration refers to a payment the broker holds in state SUCCESS and never declares more than
 * was paid.
 */
package org.cbec.customs;
