/**
 * Misbehaviour on request, for the broker's tests: per account, optionally for one order and a
 * number of calls, a company stalls past the broker's read timeout, answers an error, answers slowly
 * or signs badly. Kept in memory (a restart clears them). {@link org.cbec.sandbox.faults.Reception}
 * is where every authenticated request meets its fault, its line in the request log and the books.
 */
package org.cbec.sandbox.faults;
