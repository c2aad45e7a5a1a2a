/** A merchant's events and their deliveries at {@code {base_url}/events} (the broker's own; see the README's "Merchant events"). */
package org.cbec.broker.rest.event;
