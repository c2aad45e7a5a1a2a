package org.cbec.cart.boundary;

/** Body of "declare to customs" (spec 2.7). */
public record DeclarationReport(String cartId, String status, String payTransactionId) {
}
