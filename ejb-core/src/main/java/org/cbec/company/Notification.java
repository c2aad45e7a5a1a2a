package org.cbec.company;

/**
 * A company's callback, verified and read: about an order ({@code order}) or about one of its
 * refunds ({@code refundNo}, the company's refund number, and {@code refund}). {@code id} is the
 * company's id of the callback, for the log.
 */
public record Notification(String id, String orderRef, OrderStatus order, String refundNo, RefundStatus refund) {
}
