/**
 * Payments through the wallet companies: creating, querying, closing and invoking them, each
 * payment identified by (merchant, payment method, orderRef), never lost when a company fails.
 */
package org.cbec.payment;
