package org.cbec.company;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A shop platform's order as the broker declares it to the customs single window: the head of the
 * customs order message, its goods and who transmits it. Amounts and prices are CNY fen.
 * {@code modify}: a change of an order declared before, not a new one. The buyer's name, ID
 * number and telephone and the consignee are personal data: never logged, and absent from
 * {@link #toString()}.
 */
public record CustomsOrder(String guid, boolean modify, OffsetDateTime appTime, String orderNo, Party platform, Party merchant,
        Amounts amounts, Buyer buyer, Party payer, String transactionId, Consignee consignee, List<Line> goods, Party transmitter,
        String dxpId) {

    /** An enterprise as customs registers it: its 10-character code and its name. */
    public record Party(String code, String name) {
    }

    /** The order's figures, fen: goods + freight + tax − discount = actually paid. */
    public record Amounts(long goodsValue, long freight, long discount, long taxTotal, long actualPaid) {
    }

    /** {@code idType}: IDCARD (the resident identity card) or OTHER. */
    public record Buyer(String regNo, String name, String telephone, String idType, String idNumber) {

        @Override
        public String toString() {
            return "Buyer[" + regNo + "]";
        }
    }

    public record Consignee(String name, String telephone, String address) {

        @Override
        public String toString() {
            return "Consignee[]";
        }
    }

    /** A goods line: {@code unit} and {@code country} are customs' codes (011 a piece, 303 the United Kingdom). */
    public record Line(String itemNo, String itemName, long quantity, String unit, long price, long totalPrice, String country) {
    }

    @Override
    public String toString() {
        return "CustomsOrder[" + orderNo + " of " + (platform == null ? null : platform.code()) + ", " + (goods == null ? 0 : goods.size())
                + " lines]";
    }
}
