package org.cbec.payment.control;

import org.cbec.payment.PaymentFormats;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.regex.Pattern;
import org.cbec.company.PaymentType;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.platform.text.FreeText;
import org.cbec.platform.validation.IpLiteral;
import org.cbec.platform.validation.RequestChecks;
import org.cbec.payment.PaymentView;
import org.cbec.payment.CreatePayment;
import org.cbec.payment.ProductLine;
import org.cbec.payment.InvokePayment;

/**
 * The checks a payment request passes before any company is called. Each refusal names the
 * request field that failed; the first failure wins. The rules of one field are constraints on the
 * request records ({@link CreatePayment}, {@link InvokePayment}, and the refund component's {@code CreateRefund}); the rules
 * that read several fields, or the company, are here, run in their place among the constraints
 * ({@link RequestChecks#after}). The query parameters ({@code order_ref}, {@code payment_method},
 * {@code refund_ref}) are checked here with the same patterns and words.
 */
public final class PaymentRules {

    /** The headers of a create that carry {@link CreatePayment#clientIp} and {@link CreatePayment#clientId}. */
    static final String CLIENT_IP_HEADER = "X-Real-Ip";
    static final String CLIENT_ID_HEADER = "Client-Id";
    static final int MAX_CLIENT_ID = 128;
    private static final Pattern ORDER_REF_PATTERN = Pattern.compile(PaymentFormats.ORDER_REF);
    private static final Pattern REFUND_REF_PATTERN = Pattern.compile(PaymentFormats.REFUND_REF);

    private PaymentRules() {
    }


    public static String requireMethod(String field, String method) {
        PaymentFormats.methodProblem(method).ifPresent(problem -> {
            throw new InvalidRequestException(field, field + " " + problem);
        });
        return method;
    }

    /**
     * The companies to look for a merchant's order at: the one the request names, checked as by
     * {@link #requireMethod}, or both when it names none (absent or blank). The spec names only the
     * order reference; its payment-method parameter only restricts (spec 4.1, 4.3).
     */
    public static List<String> methodsToSearch(String field, String method) {
        if (method == null || method.isBlank()) {
            return PaymentFormats.ALL_METHODS;
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

    /** A payment operation's answer when the merchant has no payment with this reference at these companies: 404. */
    public static UnknownResourceException unknownPayment(String merchant, List<String> paymentMethods, String orderRef) {
        return new UnknownResourceException("no payment " + orderRef + " of " + merchant + " at " + String.join(" or ", paymentMethods));
    }

    /** The order reference of a query: required, {@link #PaymentFormats.ORDER_REF}. */
    public static String requireOrderRef(String field, String orderRef) {
        return require(field, orderRef, ORDER_REF_PATTERN, PaymentFormats.ORDER_REF_RULE);
    }

    /** The refund number of a refund query: required, {@link #PaymentFormats.REFUND_REF}. */
    public static String requireRefundRef(String field, String refundRef) {
        return require(field, refundRef, REFUND_REF_PATTERN, PaymentFormats.REFUND_REF_RULE);
    }

    public static String requireSettlementRef(String field, String settlementRef) {
        return require(field, settlementRef, REFUND_REF_PATTERN, PaymentFormats.SETTLEMENT_REF_RULE);
    }

    private static final Pattern RECEIVER_ACCOUNT_PATTERN = Pattern.compile(PaymentFormats.RECEIVER_ACCOUNT);

    public static String requireReceiverAccount(String field, String account) {
        return require(field, account, RECEIVER_ACCOUNT_PATTERN, PaymentFormats.RECEIVER_ACCOUNT_RULE);
    }

    /** Every rule of a create that does not need the database; {@code supported} is the company's types. */
    public static PaymentType checkCreate(CreatePayment c, Set<PaymentType> supported) {
        RequestChecks.check(c,
                RequestChecks.after("total", () -> {
                    if (c.total() != null && c.actualAmount() > c.total()) {
                        throw new InvalidRequestException("actualAmount", "actualAmount must not exceed total");
                    }
                }),
                RequestChecks.after("timeExpire", () -> checkCompanyTakes(c, PaymentType.valueOf(c.paymentType()), supported)),
                RequestChecks.after("profitSharing", () -> checkProfitSharing(c.currency(), c.profitSharing())),
                RequestChecks.after("products", () -> checkLinesGiven(c.products())),
                RequestChecks.after("clientIp", () -> checkClientIp(c.clientIp())),
                RequestChecks.after("clientId", () -> FreeText.check(CLIENT_ID_HEADER, c.clientId(), MAX_CLIENT_ID)));
        return PaymentType.valueOf(c.paymentType());
    }

    /**
     * Whether a create holds the money for settlement at the company: a CNY payment is held unless
     * its {@code profitSharing} is false (spec 2.2: "default true"); a GBP payment never is (both
     * companies hold only CNY, and {@link #checkProfitSharing} refuses one that asks for it).
     */
    public static boolean heldForSettlement(String currency, Boolean profitSharing) {
        return "CNY".equals(currency) && !Boolean.FALSE.equals(profitSharing);
    }

    /** Only CNY money is held for settlement: a GBP payment that asks for it is refused, one that does not say is not held. */
    static void checkProfitSharing(String currency, Boolean profitSharing) {
        if (Boolean.TRUE.equals(profitSharing) && !"CNY".equals(currency)) {
            throw new InvalidRequestException("profitSharing", "profitSharing can be true only for a CNY payment; a "
                    + currency + " payment is not held for settlement");
        }
    }

    /**
     * A create sent again with the orderRef of a stored payment must be the same create: the same
     * amount, total, currency, payment type and profitSharing as it takes effect
     * ({@link #heldForSettlement}). Otherwise 422 naming {@code orderRef}. The effect is compared
     * with the stored flag and, only where they differ, with the stored request's: a payment stored
     * before holding existed is not held (its flag is false) although its request, without the
     * member, reads as held; the merchant's identical retry of it is the same create, and it is still
     * sent not held (the stored flag is what every send uses).
     */
    public static void checkRepeat(PaymentView stored, Supplier<CreatePayment> storedRequest, CreatePayment c) {
        boolean held = heldForSettlement(c.currency(), c.profitSharing());
        if (stored.actualAmount() != c.actualAmount() || !stored.currency().equals(c.currency())
                || !stored.paymentType().name().equals(c.paymentType()) || !java.util.Objects.equals(stored.total(), c.total())
                || stored.heldForSettlement() != held && requestedHeld(storedRequest.get()) != held) {
            throw new InvalidRequestException("orderRef", "orderRef " + c.orderRef()
                    + " is already a payment with another amount, total, currency, payment type or profitSharing");
        }
    }

    private static boolean requestedHeld(CreatePayment request) {
        return heldForSettlement(request.currency(), request.profitSharing());
    }

    /** A null in the list is no product line (the constraints skip it). */
    static void checkLinesGiven(List<ProductLine> products) {
        for (int i = 0; products != null && i < products.size(); i++) {
            if (products.get(i) == null) {
                throw new InvalidRequestException("products[" + i + "]", "products[" + i + "] must be a product line, not null");
            }
        }
    }

    /** The payer's address, sent on to the company: an IP literal only, or absent. */
    static void checkClientIp(String clientIp) {
        if (clientIp != null && !IpLiteral.isValid(clientIp)) {
            throw new InvalidRequestException(CLIENT_IP_HEADER, CLIENT_IP_HEADER + " must be an IPv4 or IPv6 address");
        }
    }

    /** The rules of a create that depend on the company: the payment types it supports and what it needs for them. */
    static void checkCompanyTakes(CreatePayment c, PaymentType type, Set<PaymentType> supported) {
        if (!supported.contains(type)) {
            throw new InvalidRequestException("paymentType", c.paymentMethod() + " does not support paymentType " + type
                    + "; it supports " + supported);
        }
        if ("alphapay".equals(c.paymentMethod()) && (type == PaymentType.JSAPI || type == PaymentType.MINIPRO)
                && (c.payerId() == null || c.payerId().isBlank())) {
            throw new InvalidRequestException("payerId", "payerId (the payer's id at alphapay) is required for " + type);
        }
    }

    /** Every rule of an invoke that does not need the database. */
    public static PaymentType checkInvoke(InvokePayment i) {
        RequestChecks.check(i, RequestChecks.after("paymentType", () -> checkInvoked(PaymentType.valueOf(i.paymentType()))));
        return PaymentType.valueOf(i.paymentType());
    }

    /** Only the payments that the payer's client opens are invoked. */
    static void checkInvoked(PaymentType type) {
        if (!type.isInvoked()) {
            throw new InvalidRequestException("paymentType", "only JSAPI, MINIPRO and APP payments are invoked by the client");
        }
    }

    private static String require(String field, String value, Pattern pattern, String rule) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
        if (!pattern.matcher(value).matches()) {
            throw new InvalidRequestException(field, field + " " + rule);
        }
        return value;
    }
}
