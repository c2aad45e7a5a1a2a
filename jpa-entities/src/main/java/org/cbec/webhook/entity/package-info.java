/** The merchant events (the outbox), their delivery attempts and the merchants' webhook secrets. */
package org.cbec.webhook.entity;
