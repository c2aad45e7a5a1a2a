package org.cbec.customs.control;

import org.cbec.customs.CustomsFormats;
import java.util.regex.Pattern;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.validation.RequestChecks;
import org.cbec.customs.DeclareCustoms;
import org.cbec.customs.RedeclareCustoms;
import org.cbec.customs.IdentityUpload;

/**
 * The checks a customs request passes before any payment or company is looked at. Each refusal
 * names the field; identity numbers never appear in a message. The rules of one field are
 * constraints on the request records ({@link DeclareCustoms}, {@link RedeclareCustoms},
 * {@link IdentityUpload}); the rules of a split order and of the fees' sum read several fields and
 * are here, run in their place among the constraints ({@link RequestChecks#after}). The query
 * parameters ({@code order_no}, {@code customs}) are checked here with the same rules and words.
 */
public final class CustomsRules {

    private static final Pattern ORDER_NO_PATTERN = Pattern.compile(CustomsFormats.ORDER_NO);

    private CustomsRules() {
    }

    /** A declaration request with its defaults applied. {@code subOrderNo} is null when not split. */
    public record Checked(String customs, String actionType, String certType, String subOrderNo, String feeType) {
    }

    public static Checked checkDeclare(DeclareCustoms c) {
        RequestChecks.check(c, RequestChecks.after("subOrderNo", () -> checkSplit(c)), RequestChecks.after("orderFee", () -> checkFeesAddUp(c)));
        return new Checked(c.customs() == null ? CustomsFormats.DEFAULT_CUSTOMS : c.customs(), c.actionType() == null ? "ADD" : c.actionType(), "IDCARD",
                c.subOrderNo(), c.feeType() == null ? "CNY" : c.feeType());
    }

    /** A split order (one with a subOrderNo) declares its own fees: all of them are required. */
    static void checkSplit(DeclareCustoms c) {
        if (c.subOrderNo() == null) {
            return;
        }
        for (String[] required : new String[][] {{"feeType", c.feeType()}, {"orderFee", str(c.orderFee())},
                {"transportFee", str(c.transportFee())}, {"productFee", str(c.productFee())}}) {
            if (required[1] == null) {
                throw new InvalidRequestException(required[0], required[0] + " is required when the order is split (subOrderNo)");
            }
        }
    }

    /** The order's fee is its transport and its products, when all three are given. */
    static void checkFeesAddUp(DeclareCustoms c) {
        if (c.orderFee() != null && c.transportFee() != null && c.productFee() != null
                && c.orderFee() != c.transportFee() + c.productFee()) {
            throw new InvalidRequestException("orderFee", "orderFee must equal transportFee + productFee");
        }
    }

    public static String checkRedeclare(RedeclareCustoms r) {
        RequestChecks.check(r);
        return r.customs() == null ? CustomsFormats.DEFAULT_CUSTOMS : r.customs();
    }

    public static String checkIdentity(IdentityUpload u) {
        RequestChecks.check(u);
        return u.customs() == null ? CustomsFormats.DEFAULT_CUSTOMS : u.customs();
    }

    /** The customs office, GUANGZHOU_ZS when none is given. */
    public static String customs(String customs) {
        if (customs == null) {
            return CustomsFormats.DEFAULT_CUSTOMS;
        }
        if (!CustomsFormats.CUSTOMS.contains(customs)) {
            throw new InvalidRequestException("customs", "customs " + CustomsFormats.OFFICE_RULE);
        }
        return customs;
    }

    /** An order number given as a query parameter. */
    public static void orderNo(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
        if (!ORDER_NO_PATTERN.matcher(value).matches()) {
            throw new InvalidRequestException(field, field + " " + CustomsFormats.ORDER_NO_RULE);
        }
    }

    /** What the payer paid in CNY fen: the company's converted figure, or a CNY payment's amount; null while the company has not said. */
    public static Long paidCnyFen(org.cbec.payment.PaymentView p) {
        if ("CNY".equals(p.payerCurrency()) && p.payerTotal() != null) {
            return p.payerTotal();
        }
        return "CNY".equals(p.currency()) ? Long.valueOf(p.actualAmount()) : null;
    }

    private static String str(Long value) {
        return value == null ? null : value.toString();
    }
}
