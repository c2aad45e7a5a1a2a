package org.cbec.payment.boundary;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.regex.Pattern;
import org.cbec.payment.company.PaymentType;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.text.FreeText;

/**
 * The checks a payment request passes before any company is called. Each refusal names the
 * request field that failed; the first failure wins.
 */
public final class PaymentRules {

    /** The companies in a fixed order: the order in which a payment is looked for at each. */
    public static final List<String> ALL_METHODS = List.of("alphapay", "betapay");
    public static final Set<String> METHODS = Set.copyOf(ALL_METHODS);
    public static final Set<String> CURRENCIES = Set.of("CNY", "GBP");
    /** The companies' merchant order numbers: 1 to 32 letters, digits, {@code _ - | *}. */
    static final Pattern ORDER_REF = Pattern.compile("[A-Za-z0-9_\\-|*]{1,32}");
    /** The merchant's refund numbers: 1 to 64 letters, digits, {@code _ - | * @}. */
    static final Pattern REFUND_REF = Pattern.compile("[A-Za-z0-9_\\-|*@]{1,64}");
    static final Pattern NONCE = Pattern.compile("[A-Za-z0-9]{1,32}");
    static final Pattern DIGITS = Pattern.compile("[0-9]{1,13}");
    /** No single payment above 10,000,000.00 in either currency: well past any cross-border order. */
    static final long MAX_AMOUNT = 1_000_000_000L;

    private PaymentRules() {
    }

    public static String requireMethod(String field, String method) {
        require(field, method);
        if (!METHODS.contains(method)) {
            throw new InvalidRequestException(field, field + " must be alphapay or betapay");
        }
        return method;
    }

    /**
     * The companies to look for a merchant's order at: the one the request names, checked as by
     * {@link #requireMethod}, or both when it names none (absent or blank). The spec names only the
     * order reference; its payment-method parameter only restricts (spec 4.1, 4.3).
     */
    public static List<String> methodsToSearch(String field, String method) {
        if (method == null || method.isBlank()) {
            return ALL_METHODS;
        }
        return List.of(requireMethod(field, method));
    }

    /**
     * The payment an order reference names, among the merchant's payments with that reference that
     * were found at the companies searched ({@link #methodsToSearch}; at most one per company, by
     * the unique constraint): none, or the only one. A reference the merchant has at both companies
     * names no single payment, so the request must name the company: 422 naming {@code methodField}.
     */
    public static Optional<PaymentView> onePayment(List<PaymentView> found, String methodField, String orderRef) {
        if (found.size() > 1) {
            throw new InvalidRequestException(methodField, "this merchant has a payment " + orderRef + " at both "
                    + found.stream().map(PaymentView::paymentMethod).sorted().collect(Collectors.joining(" and "))
                    + ": give " + methodField + " to say which");
        }
        return found.stream().findFirst();
    }

    public static PaymentType requireType(String type) {
        require("paymentType", type);
        try {
            return PaymentType.valueOf(type);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("paymentType", "paymentType must be one of NATIVE, H5, JSAPI, MINIPRO, APP");
        }
    }

    public static String requireOrderRef(String field, String orderRef) {
        require(field, orderRef);
        if (!ORDER_REF.matcher(orderRef).matches()) {
            throw new InvalidRequestException(field, field + " must be 1 to 32 letters, digits, '_', '-', '|' or '*'");
        }
        return orderRef;
    }

    /** Every rule of a create that does not need the database; {@code supported} is the company's types. */
    public static PaymentType checkCreate(CreatePayment c, Set<PaymentType> supported) {
        requireMethod("paymentMethod", c.paymentMethod());
        PaymentType type = requireType(c.paymentType());
        requireOrderRef("orderRef", c.orderRef());
        if (c.actualAmount() == null) {
            throw new InvalidRequestException("actualAmount", "actualAmount is required");
        }
        positive("actualAmount", c.actualAmount());
        if (c.total() != null) {
            positive("total", c.total());
            if (c.actualAmount() > c.total()) {
                throw new InvalidRequestException("actualAmount", "actualAmount must not exceed total");
            }
        }
        if (c.subsidyAmount() != null && (c.subsidyAmount() < 0 || c.subsidyAmount() > MAX_AMOUNT)) {
            throw new InvalidRequestException("subsidyAmount", "subsidyAmount must be between 0 and " + MAX_AMOUNT);
        }
        if (c.costPrice() != null) {
            positive("costPrice", c.costPrice());
        }
        require("currency", c.currency());
        if (!CURRENCIES.contains(c.currency())) {
            throw new InvalidRequestException("currency", "currency must be CNY or GBP");
        }
        FreeText.check("description", c.description(), 127);
        FreeText.check("attach", c.attach(), 128);
        FreeText.check("goodsTag", c.goodsTag(), 32);
        FreeText.check("payerId", c.payerId(), 128);
        FreeText.check("merchantPayerId", c.merchantPayerId(), 128);
        FreeText.check("invoiceId", c.invoiceId(), 64);
        FreeText.check("spAppId", c.spAppId(), 64);
        url("notifyUrl", c.notifyUrl());
        url("successUrl", c.successUrl());
        url("cancelUrl", c.cancelUrl());
        if (c.timeExpire() != null) {
            try {
                OffsetDateTime.parse(c.timeExpire());
            } catch (DateTimeParseException e) {
                throw new InvalidRequestException("timeExpire", "timeExpire must be an ISO 8601 timestamp with offset");
            }
        }
        if (!supported.contains(type)) {
            throw new InvalidRequestException("paymentType", c.paymentMethod() + " does not support paymentType " + type
                    + "; it supports " + supported);
        }
        if ("alphapay".equals(c.paymentMethod()) && (type == PaymentType.JSAPI || type == PaymentType.MINIPRO)
                && (c.payerId() == null || c.payerId().isBlank())) {
            throw new InvalidRequestException("payerId", "payerId (the payer's id at alphapay) is required for " + type);
        }
        return type;
    }

    /** Every rule of a refund request that does not need the database; {@code paymentMethod} is optional ({@link #onePayment}). */
    public static void checkRefund(CreateRefund r) {
        methodsToSearch("paymentMethod", r.paymentMethod());
        requireOrderRef("orderRef", r.orderRef());
        require("refundRef", r.refundRef());
        if (!REFUND_REF.matcher(r.refundRef()).matches()) {
            throw new InvalidRequestException("refundRef", "refundRef must be 1 to 64 letters, digits, '_', '-', '|', '*' or '@'");
        }
        if (r.amount() == null) {
            throw new InvalidRequestException("amount", "amount is required");
        }
        positive("amount", r.amount());
        if (r.currency() != null && !CURRENCIES.contains(r.currency())) {
            throw new InvalidRequestException("currency", "currency must be CNY or GBP");
        }
        FreeText.check("reason", r.reason(), 80);
        url("notifyUrl", r.notifyUrl());
    }

    /** The refund number of a refund query. */
    public static String requireRefundRef(String field, String refundRef) {
        require(field, refundRef);
        if (!REFUND_REF.matcher(refundRef).matches()) {
            throw new InvalidRequestException(field, field + " must be 1 to 64 letters, digits, '_', '-', '|', '*' or '@'");
        }
        return refundRef;
    }

    /** Every rule of an invoke that does not need the database. */
    public static PaymentType checkInvoke(InvokePayment i) {
        requireMethod("paymentMethod", i.paymentMethod());
        PaymentType type = requireType(i.paymentType());
        if (!type.isInvoked()) {
            throw new InvalidRequestException("paymentType", "only JSAPI, MINIPRO and APP payments are invoked by the client");
        }
        require("payMessage", i.payMessage());
        FreeText.check("payMessage", i.payMessage(), 256);
        if (i.timeStamp() != null && !DIGITS.matcher(i.timeStamp()).matches()) {
            throw new InvalidRequestException("timeStamp",
                    "timeStamp must be seconds since the epoch: a whole number from 0, or a string of digits, at most 13 digits");
        }
        if (i.nonceStr() != null && !NONCE.matcher(i.nonceStr()).matches()) {
            throw new InvalidRequestException("nonceStr", "nonceStr must be 1 to 32 letters or digits");
        }
        url("notifyUrl", i.notifyUrl());
        return type;
    }

    static void url(String field, String value) {
        if (value == null) {
            return;
        }
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme();
            if (!uri.isAbsolute() || uri.getHost() == null || !("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
                    || value.length() > 256) {
                throw new URISyntaxException(value, "not absolute http(s)");
            }
        } catch (URISyntaxException e) {
            throw new InvalidRequestException(field, field + " must be an absolute http or https URL of at most 256 characters");
        }
    }

    private static void positive(String field, long value) {
        if (value <= 0 || value > MAX_AMOUNT) {
            throw new InvalidRequestException(field, field + " must be a positive amount in the smallest unit, at most " + MAX_AMOUNT);
        }
    }

    private static void require(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
    }

}
