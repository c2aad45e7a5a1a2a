/** Who may call which broker path: API keys per merchant, Basic credentials for the admin API. */
package org.cbec.broker.rest.access;
