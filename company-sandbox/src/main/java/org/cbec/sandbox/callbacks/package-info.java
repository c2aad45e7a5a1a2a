/**
 * The companies' side of asynchronous callbacks (notifications): the timer that decides alphapay
 * refunds whose delay has passed and POSTs the due callbacks of the outbox
 * ({@link org.cbec.sandbox.books.Outbox}) to the merchants' notify URLs, retrying until a merchant
 * acknowledges with {@code success} or a day has passed. What goes on the wire is each company's
 * {@link org.cbec.sandbox.books.CallbackFormat}; this package only sends and records.
 */
package org.cbec.sandbox.callbacks;
