package org.cbec.settlement;

/** A registered receiver as shown: its account and name masked. */
public record ReceiverView(String paymentMethod, String type, String account, String name, String relationType,
        String customRelation) {
}
