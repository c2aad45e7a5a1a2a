package org.cbec.customs.control;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.cbec.customs.CustomsFormats;
import org.cbec.customs.DeclareOrder;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.validation.RequestChecks;

/**
 * The three-document check of a declared order, before anything is sent: customs matches the
 * order with the payment on the transaction, the amount paid and the buyer's identity against the
 * payer's, and returns an order when they differ, days later; the broker, holding the payment,
 * refuses such an order at once, naming the field. {@link #checkDeclare} holds the order to itself
 * (its constraints, then its sums: goods + freight + tax − discount = paid; each line's total its
 * quantity times its price; the lines' totals the goods' value), {@link #checkAgainstPayment} to
 * the payment its {@code transactionId} names. An identity is compared by its digests only: the
 * order's buyer is digested as the declared payer was, and no message holds a number or a name.
 */
public final class OrderRules {

    public static final String PLATFORM_RULE = "must be one of platform_a, platform_b, platform_c, platform_d, platform_e, platform_f, self";
    public static final String PLATFORM_CODE = "[0-9A-Z]{10}";
    public static final String PLATFORM_CODE_RULE = "must be the platform's 10-character customs registration code (digits and capital letters)";
    public static final String GOODS_RULE = "must be 1 to " + DeclareOrder.MAX_GOODS_LINES + " goods lines";

    private OrderRules() {
    }

    /** An order checked, with its defaults: {@code customs} GUANGZHOU_ZS, {@code actionType} ADD, {@code idType} IDCARD. */
    public record Checked(String customs, String actionType, String idType) {
    }

    /**
     * What the broker holds of the payment an order names: {@code state}, what the payer paid in
     * CNY fen ({@code payerTotal}: for a GBP payment, the company's converted figure; null before
     * the company gave it), and the digests of the payer identity declared for it, empty when none was.
     */
    public record PaymentFacts(TradeState state, Long payerTotal, Optional<IdentityDigests> declared) {
    }

    /** The digests of a declared payer's ID number and name (see {@link #idNumber} and {@link #name} for what is digested). */
    public record IdentityDigests(String idNumber, String name) {
    }

    public static Checked checkDeclare(DeclareOrder o) {
        RequestChecks.check(o, RequestChecks.after("actualPaid", () -> checkSums(o)), RequestChecks.after("goods", () -> checkGoods(o)));
        return new Checked(o.customs() == null ? CustomsFormats.DEFAULT_CUSTOMS : o.customs(), o.actionType() == null ? "ADD" : o.actionType(),
                o.buyer().idType() == null ? "IDCARD" : o.buyer().idType());
    }

    /** goods + freight + tax − discount = paid, as customs adds them. */
    static void checkSums(DeclareOrder o) {
        long sum = o.goodsValue() + o.freight() + o.taxTotal() - o.discount();
        if (sum != o.actualPaid()) {
            throw new InvalidRequestException("actualPaid", "actualPaid must equal goodsValue + freight + taxTotal - discount: " + yuan(sum)
                    + " yuan, not " + yuan(o.actualPaid()));
        }
    }

    /** Each line is one (not null), its total its quantity times its price; the lines' totals are the goods' value. */
    static void checkGoods(DeclareOrder o) {
        long total = 0;
        for (int i = 0; i < o.goods().size(); i++) {
            DeclareOrder.GoodsLine l = o.goods().get(i);
            if (l == null) {
                throw new InvalidRequestException("goods[" + i + "]", "goods[" + i + "] must be a goods line, not null");
            }
            if (l.quantity() * l.price() != l.totalPrice()) {
                throw new InvalidRequestException("goods[" + i + "].totalPrice", "goods[" + i + "].totalPrice must equal quantity × price: "
                        + yuan(l.quantity() * l.price()) + " yuan, not " + yuan(l.totalPrice()));
            }
            total += l.totalPrice();
        }
        if (total != o.goodsValue()) {
            throw new InvalidRequestException("goodsValue", "goodsValue must equal the goods lines' totals: " + yuan(total) + " yuan, not "
                    + yuan(o.goodsValue()));
        }
    }

    /**
     * The order against its payment: a successful payment of this merchant at that company
     * ({@code payment} empty when it has none by that transaction), paid what the order says in
     * CNY, and, when a payer identity was declared for it, by the order's buyer ({@code digest}:
     * the same keyed digest the declared identity was stored with).
     */
    public static void checkAgainstPayment(DeclareOrder o, String merchant, Optional<PaymentFacts> payment, UnaryOperator<String> digest) {
        PaymentFacts p = payment.filter(f -> f.state() == TradeState.SUCCESS).orElseThrow(() -> new InvalidRequestException("transactionId",
                "transactionId is not a successful payment of merchant " + merchant + " at " + o.paymentMethod()));
        if (p.payerTotal() == null || p.payerTotal().longValue() != o.actualPaid()) {
            throw new InvalidRequestException("actualPaid", "actualPaid must be what the payer paid in CNY"
                    + (p.payerTotal() == null ? " (the company has not said yet)" : ": " + yuan(p.payerTotal()) + " yuan"));
        }
        if (p.declared().isPresent()) {
            IdentityDigests declared = p.declared().get();
            if (!declared.idNumber().equals(digest.apply(idNumber(o.buyer().idNumber())))) {
                throw new InvalidRequestException("buyer.idNumber", "buyer.idNumber differs from the payer identity declared for this payment");
            }
            if (!declared.name().equals(digest.apply(name(o.buyer().name())))) {
                throw new InvalidRequestException("buyer.name", "buyer.name differs from the payer identity declared for this payment");
            }
        }
    }

    /** What an ID number's digest is taken of: the number with its check character upper case. */
    public static String idNumber(String idNumber) {
        return "id:" + idNumber.trim().toUpperCase(Locale.ROOT);
    }

    /** What a name's digest is taken of: the name as written, without surrounding spaces. */
    public static String name(String name) {
        return "name:" + name.trim();
    }

    private static String yuan(long fen) {
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }
}
