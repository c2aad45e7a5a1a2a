/**
 * Web plumbing both services need, written once and parameterised by each service's envelope:
 * what every request meets first ({@link org.cbec.web.RequestGate}: its id, the body limit).
 * Holds no business rule and depends on no other module.
 */
package org.cbec.web;
