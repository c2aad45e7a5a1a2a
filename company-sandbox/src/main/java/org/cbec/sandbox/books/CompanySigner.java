package org.cbec.sandbox.books;

import java.security.PrivateKey;

/** A company's own key: the private half signs every answer, the serial names it. */
public record CompanySigner(String paymentMethod, String serial, PrivateKey privateKey, String publicKeyPem) {

    @Override
    public String toString() {
        return "CompanySigner[" + paymentMethod + ", " + serial + "]";
    }
}
