/**
 * Short-lived, node-local caches of what the database says, for lookups made on every request
 * (API keys, merchants' company accounts). A change made on this node evicts its entry at once;
 * other nodes see it when their entry expires.
 */
package org.cbec.platform.cache;
