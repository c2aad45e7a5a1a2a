/** The settlement operations at {@code {base_url}/settlement} (spec 4.9; the shapes are the broker's: docs/api/settlement.md). */
package org.cbec.broker.rest.settlement;
