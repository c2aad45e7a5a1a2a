/**
 * Every failure, whichever layer raised it, leaves as the service's envelope: JAX-RS refusals
 * (unknown path, wrong method or content type, malformed JSON) by their status, the container's
 * own error pages as JSON, anything else as a 500 that names what the operation was doing and
 * keeps its details in the server log. Also the strict JSON-B that reads request bodies. Business
 * refusals are mapped in each WAR: their exceptions live in ejb-core, which this library, in the
 * EAR's {@code lib/}, cannot see.
 */
package org.cbec.web.error;
