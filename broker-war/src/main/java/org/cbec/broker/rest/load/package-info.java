/**
 * What every request meets before JAX-RS: its request id, and the broker's load shedding (a 503
 * envelope at once beyond a number of requests in progress).
 */
package org.cbec.broker.rest.load;
