package org.cbec.company;

import java.util.List;

/**
 * A split of a paid, held payment as a company is asked for it: {@code splitNo} is the company's
 * split order number (derived from the broker's split, the same on every send), {@code parts} the
 * receivers' shares in the payment currency's base unit (fen), each to a receiver registered at
 * that company; {@code finish}: release what is left to the merchant after this split.
 */
public record SplitRequest(String orderRef, String transactionId, String splitNo, List<Part> parts, boolean finish) {

    public SplitRequest {
        parts = List.copyOf(parts);
    }

    /** One receiver's share: its registered type and account, the amount and what it is for. */
    public record Part(String type, String account, long amount, String description) {
    }
}
