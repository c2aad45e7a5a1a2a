package org.cbec.customs.boundary;

import java.util.Set;
import java.util.regex.Pattern;
import org.cbec.payment.boundary.PaymentRules;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.identity.CjkNames;
import org.cbec.platform.identity.ResidentId;

/**
 * The checks a customs request passes before any payment or company is looked at. Each refusal
 * names the field; identity numbers never appear in a message.
 */
public final class CustomsRules {

    /** Spec 2.9; GUANGZHOU_ZS when none is given. */
    public static final Set<String> CUSTOMS = Set.of("GUANGZHOU_ZS", "HANGZHOU_ZS", "NINGBO", "ZHENGZHOU_BS", "CHONGQING",
            "SHANGHAI_ZS", "SHENZHEN", "ZHENGZHOU_ZH_ZS", "TIANJIN");
    public static final String DEFAULT_CUSTOMS = "GUANGZHOU_ZS";
    static final Pattern ORDER_NO = Pattern.compile("[A-Za-z0-9]{1,32}");
    static final Pattern TEXT_ID = Pattern.compile("[A-Za-z0-9_\\-]{1,64}");

    private CustomsRules() {
    }

    /** A declaration request with its defaults applied. {@code subOrderNo} is null when not split. */
    public record Checked(String customs, String actionType, String certType, String subOrderNo, String feeType) {
    }

    public static Checked checkDeclare(DeclareCustoms c) {
        orderNo("orderNo", c.orderNo());
        textId("transactionId", c.transactionId(), true);
        String customs = customs(c.customs());
        method(c.paymentMethod());
        textId("mchCustomsNo", c.mchCustomsNo(), false);
        String actionType = c.actionType() == null ? "ADD" : c.actionType();
        if (!actionType.equals("ADD") && !actionType.equals("MODIFY")) {
            throw new InvalidRequestException("actionType", "actionType must be ADD or MODIFY");
        }
        String certType = certType(c.certType());
        if (c.certId() != null) {
            certId("certId", c.certId());
        }
        if (c.name() != null && !CjkNames.isName(c.name())) {
            throw new InvalidRequestException("name", "name must be written in Chinese characters (a middle dot is allowed)");
        }
        nonNegative("duty", c.duty());
        if (c.feeType() != null && !c.feeType().equals("CNY")) {
            throw new InvalidRequestException("feeType", "feeType must be CNY");
        }
        if (c.subOrderNo() != null) {
            orderNo("subOrderNo", c.subOrderNo());
            for (String[] required : new String[][] {{"feeType", c.feeType()}, {"orderFee", str(c.orderFee())},
                    {"transportFee", str(c.transportFee())}, {"productFee", str(c.productFee())}}) {
                if (required[1] == null) {
                    throw new InvalidRequestException(required[0], required[0] + " is required when the order is split (subOrderNo)");
                }
            }
        }
        nonNegative("transportFee", c.transportFee());
        nonNegative("productFee", c.productFee());
        if (c.orderFee() != null && (c.orderFee() <= 0 || c.orderFee() > 1_000_000_000L)) {
            throw new InvalidRequestException("orderFee", "orderFee must be a positive amount in fen");
        }
        if (c.orderFee() != null && c.transportFee() != null && c.productFee() != null
                && c.orderFee() != c.transportFee() + c.productFee()) {
            throw new InvalidRequestException("orderFee", "orderFee must equal transportFee + productFee");
        }
        return new Checked(customs, actionType, certType, c.subOrderNo(), c.feeType() == null ? "CNY" : c.feeType());
    }

    public static String checkRedeclare(RedeclareCustoms r) {
        String customs = customs(r.customs());
        textId("mchCustomsNo", r.mchCustomsNo(), true);
        orderNo("orderNo", r.orderNo());
        textId("transactionId", r.transactionId(), false);
        if (r.subOrderNo() != null) {
            orderNo("subOrderNo", r.subOrderNo());
        }
        textId("subOrderId", r.subOrderId(), false);
        method(r.paymentMethod());
        return customs;
    }

    public static String checkIdentity(IdentityUpload u) {
        orderNo("orderNo", u.orderNo());
        textId("transactionId", u.transactionId(), true);
        if (u.subOrderNo() != null) {
            orderNo("subOrderNo", u.subOrderNo());
        }
        String customs = customs(u.customs());
        method(u.paymentMethod());
        textId("mchCustomsNo", u.mchCustomsNo(), false);
        certType(u.certType());
        if (u.certId() == null) {
            throw new InvalidRequestException("certId", "certId is required");
        }
        certId("certId", u.certId());
        if (u.certName() == null || !CjkNames.isName(u.certName())) {
            throw new InvalidRequestException("certName", "certName is required, in Chinese characters (a middle dot is allowed)");
        }
        return customs;
    }

    /** The customs office, GUANGZHOU_ZS when none is given. */
    public static String customs(String customs) {
        if (customs == null) {
            return DEFAULT_CUSTOMS;
        }
        if (!CUSTOMS.contains(customs)) {
            throw new InvalidRequestException("customs", "customs must be one of " + String.join(", ", CUSTOMS.stream().sorted().toList()));
        }
        return customs;
    }

    static void orderNo(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
        if (!ORDER_NO.matcher(value).matches()) {
            throw new InvalidRequestException(field, field + " must be 1 to 32 letters or digits");
        }
    }

    private static void textId(String field, String value, boolean required) {
        if (value == null) {
            if (required) {
                throw new InvalidRequestException(field, field + " is required");
            }
            return;
        }
        if (!TEXT_ID.matcher(value).matches()) {
            throw new InvalidRequestException(field, field + " must be 1 to 64 letters, digits, '_' or '-'");
        }
    }

    private static void method(String method) {
        if (method != null) {
            PaymentRules.requireMethod("paymentMethod", method);
        }
    }

    private static String certType(String certType) {
        if (certType != null && !certType.equals("IDCARD")) {
            throw new InvalidRequestException("certType", "certType must be IDCARD (mainland resident identity card)");
        }
        return "IDCARD";
    }

    private static void certId(String field, String certId) {
        ResidentId.problem(certId).ifPresent(problem -> {
            throw new InvalidRequestException(field, field + " " + problem);
        });
    }

    private static void nonNegative(String field, Long value) {
        if (value != null && (value < 0 || value > 1_000_000_000L)) {
            throw new InvalidRequestException(field, field + " must be an amount in fen, not negative");
        }
    }

    private static String str(Long value) {
        return value == null ? null : value.toString();
    }
}
