/**
 * One interface for a payment company and one adapter per company. Wire formats, request signing
 * and response verification live in the adapters ({@code alphapay}, {@code betapay}) and nowhere
 * else; every call leaves through a per-company transport guarded by MicroProfile Fault Tolerance
 * (timeout, circuit breaker, bulkhead), and every attempt is reported as an {@link Exchange}.
 * The components call a company through {@link CompanyPort}, whose every call ends in a
 * {@link CompanyOutcome}; {@link Companies} finds the adapters through CDI and knows none of them.
 */
package org.cbec.company;
