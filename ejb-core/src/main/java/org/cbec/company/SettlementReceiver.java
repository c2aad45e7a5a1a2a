package org.cbec.company;

/**
 * A receiver of split money as a company registers it for a merchant's account. {@code type} is
 * {@code MERCHANT} or {@code PERSONAL}; {@code account} the receiver's account at that company;
 * {@code name} in clear (null when not given), which the adapter encrypts where its company asks
 * for it (alphapay, with the company's public key) and which is never logged: {@link #toString()}
 * leaves it out. {@code relationType} is one of the spec's relation types; {@code customRelation}
 * is given only with {@code CUSTOM}.
 */
public record SettlementReceiver(String type, String account, String name, String relationType, String customRelation) {

    @Override
    public String toString() {
        return "SettlementReceiver[" + type + ", " + account + ", " + relationType + "]";
    }
}
