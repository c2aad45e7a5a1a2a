package org.cbec.settlement;

import java.util.List;

/**
 * A payment's settlement as a whole: its splits and releases in order, what the company still holds
 * of it, what the splits' parts that are not CLOSED take, the create's subsidyAmount (recorded, never
 * split), whether the rest went to the merchant, and whether the payment was held at all.
 */
public record SettlementHolding(List<SplitView> splits, long heldAmount, long splitTotal, Long subsidyAmount, boolean released,
        boolean heldForSettlement) {

    public SettlementHolding {
        splits = List.copyOf(splits);
    }
}
