/** The refund operations at {@code {base_url}/refund} (spec 4.9; their shapes are the broker's, see the README). */
package org.cbec.broker.rest.refund;
