/**
 * Access to both services: registering broker merchants, checkout enterprises and platform
 * merchants; issuing, checking and revoking their API keys; the administrator's credentials; and
 * the demo parties of the embedded run. Keys are random, shown once, stored as a hash and compared
 * in constant time; no key text is ever logged.
 */
package org.cbec.access;
