/**
 * Events for merchants: every change of a payment's or a refund's state the broker learns makes one
 * event, written in the same transaction as the change (an outbox), and delivered to the merchant's
 * {@code notifyUrl} signed as the Standard Webhooks specification says, retried with backoff until
 * it is answered 2xx or a day has passed.
 */
package org.cbec.webhook;
