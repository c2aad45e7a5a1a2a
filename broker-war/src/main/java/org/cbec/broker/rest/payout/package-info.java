/** The payout operations at {@code {base_url}/payout/abroad} (spec 4.9; the shapes are the broker's: docs/api/payout.md). */
package org.cbec.broker.rest.payout;
