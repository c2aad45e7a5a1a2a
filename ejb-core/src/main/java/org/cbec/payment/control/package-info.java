/**
 * The payment component's plain rules that need stored facts but no container: what a refund
 * request means against the payment's refunds, how a refunded payment is shown, what is left of a
 * payment for customs.
 */
package org.cbec.payment.control;
