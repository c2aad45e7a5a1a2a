/**
 * Web plumbing both services need, written once and parameterised by each service's envelope
 * ({@link org.cbec.web.ServiceEnvelope}): what every request meets first
 * ({@link org.cbec.web.RequestGate}: its id, the body limit), the error handling
 * ({@code org.cbec.web.error}) and the access control ({@code org.cbec.web.access}).
 * <p>
 * Holds no business rule and depends on no other module of the project, on purpose: in the EAR this
 * library is in {@code lib/}, whose class loader is the parent of the one that holds ejb-core (an
 * EJB module) and the WARs, so a class here that named an ejb-core or WAR class would fail to load
 * on Payara Server. For the same reason nothing here is found by a WAR's scan: each WAR registers
 * the plumbing by small annotated subclasses that give its envelope and reach ejb-core.
 */
package org.cbec.web;
