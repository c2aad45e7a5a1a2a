/** Where a broker request's time goes ({@code Server-Timing}), and the benchmark's ping. */
package org.cbec.broker.rest.timing;
