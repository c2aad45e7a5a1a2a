package org.cbec.customs.boundary;

/** Body of PutCustomsPayment (spec 4.6). */
public record RedeclareCustoms(String customs, String mchCustomsNo, String orderNo, String transactionId, String subOrderNo,
        String subOrderId, String paymentMethod) {
}
