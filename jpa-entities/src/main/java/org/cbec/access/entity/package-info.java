/**
 * Who may call the services: broker merchants, checkout enterprises and platform merchants, and the
 * API keys granted to them. A key is kept only as a hash; the key text exists once, in the response
 * that issued it.
 */
package org.cbec.access.entity;
