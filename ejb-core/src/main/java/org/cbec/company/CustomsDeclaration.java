package org.cbec.company;

/**
 * What the broker asks a company to declare (or redeclare, or verify) to customs. Fees are fen;
 * {@code subOrderNo} is null for an order that is not split. {@code certId} and {@code certName}
 * are personal data: adapters encrypt or mask them and never store or log them in clear.
 */
public record CustomsDeclaration(String orderNo, String transactionId, String subOrderNo, String subOrderId, String customs,
        String mchCustomsNo, String actionType, String certType, String certId, String certName, Long duty, String feeType,
        Long orderFee, Long transportFee, Long productFee) {

    @Override
    public String toString() {
        return "CustomsDeclaration[" + orderNo + "/" + subOrderNo + " at " + customs + "]";
    }
}
