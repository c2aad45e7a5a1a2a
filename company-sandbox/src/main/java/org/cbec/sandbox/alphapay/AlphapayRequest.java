package org.cbec.sandbox.alphapay;

/**
 * What the gate needs of an HTTP request: the method, the path and query exactly as on the wire
 * (what the signature covers), the Authorization and Content-Type headers as sent, the body's bytes
 * (null when it was larger than the limit), this company's base URL as the caller reached it, and
 * the still percent-encoded number of the path (an out_trade_no, out_refund_no, out_order_no,
 * transaction_id or out_payout_no), if the operation has one.
 */
public record AlphapayRequest(String method, String pathAndQuery, String rawQuery, String authorization,
        String contentType, byte[] body, String baseUrl, String rawPathNumber) {
}
