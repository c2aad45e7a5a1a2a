/**
 * Every failure leaves as the checkout envelope ({@code code}, {@code message}, {@code data}) with a
 * 4xx or 5xx; the failing field, when there is one, is {@code data.field}.
 */
package org.cbec.checkout.rest.error;
