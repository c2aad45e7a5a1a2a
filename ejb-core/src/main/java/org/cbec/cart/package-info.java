/**
 * Checkout carts: platform carts (two shapes) and enterprise carts, validated and totalled at fen
 * precision, each with the GBP→CNY rate locked when it is created; the payment URL, the payment
 * and declaration outcomes reported for a cart, and the lifecycle that orders them.
 */
package org.cbec.cart;
