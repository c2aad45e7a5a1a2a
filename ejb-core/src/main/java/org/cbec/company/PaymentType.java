package org.cbec.company;

/** How the payer pays (spec 2.9): QR code, mobile browser, in-wallet page, mini program, app. */
public enum PaymentType {
    NATIVE,
    H5,
    JSAPI,
    MINIPRO,
    APP;

    /** Types whose payment the client invokes with signed parameters (InvokePayment). */
    public boolean isInvoked() {
        return this == JSAPI || this == MINIPRO || this == APP;
    }
}
