/**
 * Payments: one row per (merchant, payment method, orderRef), the company's view of it as last
 * known, every exchange with the company as an event, and each merchant's company credentials.
 * Nothing here is deleted: a payment whose creation outcome is unknown stays, as UNKNOWN, until a
 * query resolves it.
 */
package org.cbec.payment.entity;
