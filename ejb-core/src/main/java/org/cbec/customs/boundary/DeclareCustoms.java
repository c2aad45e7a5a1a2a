package org.cbec.customs.boundary;

/** Body of PostCustomsPayment (spec 4.7); fees and duty in fen. */
public record DeclareCustoms(String orderNo, String transactionId, String customs, String paymentMethod, String mchCustomsNo,
        String certType, String certId, String name, Long duty, String actionType, String subOrderNo, String feeType,
        Long orderFee, Long transportFee, Long productFee) {

    @Override
    public String toString() {
        return "DeclareCustoms[" + orderNo + "/" + subOrderNo + " at " + customs + "]";
    }
}
