/**
 * Who may call which path, as both WARs decide it: endpoints are closed by default (an API key
 * granted for the party in the path), open when marked {@link org.cbec.web.access.OpenEndpoint},
 * the administrator's when marked {@link org.cbec.web.access.AdminOnly}
 * ({@link org.cbec.web.access.Endpoints}); every refusal in the service's envelope
 * ({@link org.cbec.web.access.AccessControl}). The keys, their rate and the administrator's
 * credentials are ejb-core's, reached through each WAR's subclass.
 */
package org.cbec.web.access;
