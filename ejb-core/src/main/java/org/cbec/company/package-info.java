/**
 * One interface for a payment company and one adapter per company. Wire formats, request signing
 * and response verification live in the adapters ({@code alphapay}, {@code betapay}) and nowhere
 * else; every call leaves through a per-company transport guarded by MicroProfile Fault Tolerance
 * (timeout, circuit breaker, bulkhead), and every attempt is reported as an {@link Exchange}.
 */
package org.cbec.company;
