/** Readiness of the sandbox for MicroProfile Health: its database answers and its schema is migrated. */
package org.cbec.sandbox.health;
