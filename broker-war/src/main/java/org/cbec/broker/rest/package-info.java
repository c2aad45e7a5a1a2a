/**
 * The payment broker's HTTP/JSON interface ({@code {base_url}} = {@code /broker/v1}) and its admin
 * API ({@code /broker/admin}). Resources convert, delegate to ejb-core and map the result; the
 * rules live in ejb-core.
 */
package org.cbec.broker.rest;
