package org.cbec.customs.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.cbec.customs.DeclareOrder;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

/**
 * A declared order held to itself and to its payment, each mismatch refused naming its field, no
 * message holding the buyer's ID number or name.
 */
class OrderRulesTest {

    private static final String ID = "11010519491231002X";
    private static final String NAME = "张三";
    /** A stand-in for the broker's keyed digest: what matters here is that the same text gives the same digest. */
    private static final UnaryOperator<String> DIGEST = text -> {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(("k|" + text).getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    };

    private static DeclareOrder order(long goods, long freight, long discount, long tax, long paid, List<DeclareOrder.GoodsLine> lines) {
        return new DeclareOrder("platform_a", "4401960ABC", "PA20261129000123", null, "alphapay", "4200001234202611290000000001", goods,
                freight, discount, tax, paid, new DeclareOrder.Buyer(NAME, null, ID, "13800000000"),
                new DeclareOrder.Consignee(NAME, "13800000000", "北京市朝阳区建国路1号"), lines, null);
    }

    private static List<DeclareOrder.GoodsLine> lines() {
        return List.of(new DeclareOrder.GoodsLine("SKU-001", "Tea 100g", 2L, "011", 5950L, 11900L, "303"),
                new DeclareOrder.GoodsLine("SKU-002", "Biscuits", 1L, "011", 8000L, 8000L, "303"));
    }

    private static DeclareOrder good() {
        return order(19900, 1000, 500, 1810, 22210, lines());
    }

    private static Optional<OrderRules.PaymentFacts> paid(long payerTotal, boolean declared) {
        return Optional.of(new OrderRules.PaymentFacts(TradeState.SUCCESS, payerTotal, declared
                ? Optional.of(new OrderRules.IdentityDigests(DIGEST.apply(OrderRules.idNumber(ID)), DIGEST.apply(OrderRules.name(NAME))))
                : Optional.empty()));
    }

    private static InvalidRequestException refused(Runnable check) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, check::run);
        assertFalse(e.getMessage().contains(ID) || e.getMessage().contains(ID.substring(6, 14)), "no ID number in " + e.getMessage());
        return e;
    }

    @Test
    void anOrderThatAddsUpAndMatchesItsPaymentPassesWithItsDefaults() {
        assertEquals(new OrderRules.Checked("GUANGZHOU_ZS", "ADD", "IDCARD"), OrderRules.checkDeclare(good()));
        OrderRules.checkAgainstPayment(good(), "demo", paid(22210, true), DIGEST);
        OrderRules.checkAgainstPayment(good(), "demo", paid(22210, false), DIGEST);
        // the check character written lower case is the same number
        DeclareOrder lower = new DeclareOrder("platform_a", "4401960ABC", "PA1", null, "alphapay", "T1", 19900L, 1000L, 500L, 1810L, 22210L,
                new DeclareOrder.Buyer(NAME, "IDCARD", ID.toLowerCase(), "13800000000"), good().consignee(), lines(), "MODIFY");
        OrderRules.checkAgainstPayment(lower, "demo", paid(22210, true), DIGEST);
    }

    @Test
    void sumsThatDoNotAddUpAreRefusedNamingTheField() {
        InvalidRequestException sum = refused(() -> OrderRules.checkDeclare(order(19900, 1000, 500, 1810, 22310, lines())));
        assertEquals("actualPaid", sum.field());
        assertEquals("actualPaid must equal goodsValue + freight + taxTotal - discount: 222.10 yuan, not 223.10", sum.getMessage());
        List<DeclareOrder.GoodsLine> wrongLine = new ArrayList<>(lines());
        wrongLine.set(1, new DeclareOrder.GoodsLine("SKU-002", "Biscuits", 2L, "011", 8000L, 8000L, "303"));
        InvalidRequestException line = refused(() -> OrderRules.checkDeclare(order(19900, 1000, 500, 1810, 22210, wrongLine)));
        assertEquals("goods[1].totalPrice", line.field());
        InvalidRequestException goods = refused(() -> OrderRules.checkDeclare(order(20000, 1000, 500, 1710, 22210, lines())));
        assertEquals("goodsValue", goods.field());
        assertEquals("goodsValue must equal the goods lines' totals: 199.00 yuan, not 200.00", goods.getMessage());
    }

    @Test
    void eachFieldsOwnRuleNamesItsPath() {
        assertEquals("platform", refused(() -> OrderRules.checkDeclare(new DeclareOrder("platform_z", "4401960ABC", "PA1", null, "alphapay",
                "T1", 19900L, 1000L, 500L, 1810L, 22210L, good().buyer(), good().consignee(), lines(), null))).field());
        assertEquals("platformCode", refused(() -> OrderRules.checkDeclare(new DeclareOrder("platform_a", "4401960abc", "PA1", null,
                "alphapay", "T1", 19900L, 1000L, 500L, 1810L, 22210L, good().buyer(), good().consignee(), lines(), null))).field());
        assertEquals("buyer.idNumber", refused(() -> OrderRules.checkDeclare(new DeclareOrder("platform_a", "4401960ABC", "PA1", null,
                "alphapay", "T1", 19900L, 1000L, 500L, 1810L, 22210L, new DeclareOrder.Buyer(NAME, null, "110105194912310021", "13800000000"),
                good().consignee(), lines(), null))).field());
        assertEquals("goods", refused(() -> OrderRules.checkDeclare(order(0, 1000, 0, 0, 1000, List.of()))).field());
        List<DeclareOrder.GoodsLine> withNull = new ArrayList<>(lines());
        withNull.add(1, null);
        InvalidRequestException nullLine = refused(() -> OrderRules.checkDeclare(order(19900, 1000, 500, 1810, 22210, withNull)));
        assertEquals("goods[1]", nullLine.field());
        assertEquals("goods[1] must be a goods line, not null", nullLine.getMessage());
        assertEquals("goods[0].country", refused(() -> OrderRules.checkDeclare(order(19900, 1000, 500, 1810, 22210,
                List.of(new DeclareOrder.GoodsLine("SKU-001", "Tea", 1L, "011", 19900L, 19900L, "GB"))))).field());
        assertEquals("actionType", refused(() -> OrderRules.checkDeclare(new DeclareOrder("platform_a", "4401960ABC", "PA1", null,
                "alphapay", "T1", 19900L, 1000L, 500L, 1810L, 22210L, good().buyer(), good().consignee(), lines(), "DELETE"))).field());
    }

    @Test
    void anOrderNotOfItsPaymentIsRefusedNamingTheFieldAndNeverTheIdentity() {
        InvalidRequestException none = refused(() -> OrderRules.checkAgainstPayment(good(), "demo", Optional.empty(), DIGEST));
        assertEquals("transactionId", none.field());
        assertEquals("transactionId is not a successful payment of merchant demo at alphapay", none.getMessage());
        assertEquals("transactionId", refused(() -> OrderRules.checkAgainstPayment(good(), "demo",
                Optional.of(new OrderRules.PaymentFacts(TradeState.NOTPAY, null, Optional.empty())), DIGEST)).field());
        InvalidRequestException paid = refused(() -> OrderRules.checkAgainstPayment(good(), "demo", paid(22200, false), DIGEST));
        assertEquals("actualPaid", paid.field());
        assertEquals("actualPaid must be what the payer paid in CNY: 222.00 yuan", paid.getMessage());
        DeclareOrder other = new DeclareOrder("platform_a", "4401960ABC", "PA1", null, "alphapay", "T1", 19900L, 1000L, 500L, 1810L, 22210L,
                new DeclareOrder.Buyer(NAME, null, "110105194912310011", "13800000000"), good().consignee(), lines(), null);
        InvalidRequestException id = refused(() -> OrderRules.checkAgainstPayment(other, "demo", paid(22210, true), DIGEST));
        assertEquals("buyer.idNumber", id.field());
        DeclareOrder renamed = new DeclareOrder("platform_a", "4401960ABC", "PA1", null, "alphapay", "T1", 19900L, 1000L, 500L, 1810L,
                22210L, new DeclareOrder.Buyer("李四", null, ID, "13800000000"), good().consignee(), lines(), null);
        InvalidRequestException name = refused(() -> OrderRules.checkAgainstPayment(renamed, "demo", paid(22210, true), DIGEST));
        assertEquals("buyer.name", name.field());
        assertFalse(name.getMessage().contains("李四") || name.getMessage().contains(NAME), name.getMessage());
        OrderRules.checkAgainstPayment(other, "demo", paid(22210, false), DIGEST); // no identity declared: customs compares it, not the broker
    }
}
