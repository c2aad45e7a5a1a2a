/**
 * The checkout service's HTTP/JSON interface ({@code {checkout_url}} = {@code /checkout}) and its
 * admin API ({@code /checkout/admin}). Resources convert, delegate to ejb-core and map the result.
 */
package org.cbec.checkout.rest;
