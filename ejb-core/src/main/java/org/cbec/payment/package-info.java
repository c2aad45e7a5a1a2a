/**
 * Payments through the wallet companies: creating, querying, closing and invoking them, each
 * payment identified by (merchant, payment method, orderRef), never lost when a company fails; and
 * what every money request shares on its way to a company: the merchants' accounts there
 * ({@link org.cbec.payment.boundary.CompanyAccounts}), the one way a request that moves money is
 * sent and resolved ({@link org.cbec.payment.boundary.CompanyRequests}), the exchanges kept of it
 * and the balance entries each movement writes. The refunds, settlements, payouts and the daily
 * reconciliation build on this package; it imports none of them. This package holds the values the
 * entry points ({@code boundary}) and the rules ({@code control}) both take and give: the requests,
 * the views, and the field formats ({@link PaymentFormats}).
 */
package org.cbec.payment;
