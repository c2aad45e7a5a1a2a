/**
 * Every failure, whichever layer raised it, leaves as the broker envelope with a 4xx or 5xx:
 * business refusals by their kind, JAX-RS refusals (unknown path, wrong method or content type,
 * malformed JSON) by their status, anything else as a 500 whose details stay in the server log.
 */
package org.cbec.broker.rest.error;
