package org.cbec.cart;

/** Body of "declare to customs" (spec 2.7). */
public record DeclarationReport(String cartId, String status, String payTransactionId) {
}
