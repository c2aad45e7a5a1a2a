/** A merchant's events and their deliveries at {@code {base_url}/events} (the broker's own; see docs/api/events.md). */
package org.cbec.broker.rest.event;
