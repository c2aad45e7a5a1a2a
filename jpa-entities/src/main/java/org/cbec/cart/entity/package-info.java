/**
 * Checkout carts, each with the GBP to CNY rate locked on it when it was created, its lifecycle
 * status and the payment and declaration outcomes reported for it; and the reference rates.
 */
package org.cbec.cart.entity;
