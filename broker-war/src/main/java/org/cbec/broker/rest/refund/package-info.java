/** The refund operations at {@code {base_url}/refund} (spec 4.9; the shapes are the broker's: docs/api/refunds.md). */
package org.cbec.broker.rest.refund;
