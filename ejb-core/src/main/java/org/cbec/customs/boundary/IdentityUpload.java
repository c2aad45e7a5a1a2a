package org.cbec.customs.boundary;

/** Body of PostCustomsIdentification (spec 4.8). */
public record IdentityUpload(String orderNo, String transactionId, String subOrderNo, String customs, String paymentMethod,
        String mchCustomsNo, String certType, String certId, String certName) {

    @Override
    public String toString() {
        return "IdentityUpload[" + orderNo + "/" + subOrderNo + " at " + customs + "]";
    }
}
