/**
 * Payments: one row per (merchant, payment method, orderRef), the company's view of it as last
 * known, every exchange with the company as an event, and each merchant's company credentials;
 * the refunds of a payment, and its settlement: the splits of its held money among the receivers
 * the merchant registered at the company, and the release of the rest to the merchant.
 * Nothing here is deleted: a payment whose creation outcome is unknown stays, as UNKNOWN, until a
 * query resolves it.
 */
package org.cbec.payment.entity;
