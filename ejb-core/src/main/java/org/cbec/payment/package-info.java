/**
 * Payments through the wallet companies: creating, querying, closing and invoking them, each
 * payment identified by (merchant, payment method, orderRef), never lost when a company fails.
 * This package holds the values the entry points ({@code boundary}) and the rules ({@code control})
 * both take and give: the requests, the views, and the field formats ({@link PaymentFormats}).
 */
package org.cbec.payment;
