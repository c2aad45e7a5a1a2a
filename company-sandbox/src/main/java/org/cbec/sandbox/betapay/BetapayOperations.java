package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.cbec.sandbox.books.Books;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Identity;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;
import org.cbec.sandbox.codec.NotifyUrl;
import org.cbec.sandbox.entity.CompanyOrder;

/**
 * betapay's methods on an authenticated request: reading the common parameters and
 * {@code biz_content} (anything malformed is an ACQ.INVALID_PARAMETER node naming it), and the work
 * on the books, which runs later in the request's transaction. The answer is always a node: HTTP 200.
 */
@ApplicationScoped
public class BetapayOperations {

    /** The gateway's methods, with the trade type a create makes and the request-log kind. */
    public enum Method {
        PRECREATE("betapay.trade.precreate", "NATIVE", RequestLog.CREATE),
        WAP_PAY("betapay.trade.wap.pay", "H5", RequestLog.CREATE),
        APP_PAY("betapay.trade.app.pay", "APP", RequestLog.CREATE),
        CREATE("betapay.trade.create", "MINIPRO", RequestLog.CREATE),
        QUERY("betapay.trade.query", null, RequestLog.QUERY),
        CLOSE("betapay.trade.close", null, RequestLog.CLOSE),
        CUSTOMS_DECLARE("betapay.trade.customs.declare", null, RequestLog.CUSTOMS_DECLARE),
        CUSTOMS_REDECLARE("betapay.trade.customs.redeclare", null, RequestLog.CUSTOMS_REDECLARE),
        CUSTOMS_QUERY("betapay.trade.customs.query", null, RequestLog.CUSTOMS_QUERY),
        REFUND("betapay.trade.refund", null, RequestLog.REFUND),
        REFUND_QUERY("betapay.trade.fastpay.refund.query", null, RequestLog.REFUND_QUERY),
        RELATION_BIND("betapay.trade.royalty.relation.bind", null, RequestLog.RECEIVER_ADD),
        RELATION_UNBIND("betapay.trade.royalty.relation.unbind", null, RequestLog.RECEIVER_DELETE),
        RELATION_BATCHQUERY("betapay.trade.royalty.relation.batchquery", null, RequestLog.RECEIVER_QUERY),
        /** A split; the call says RELEASE when it finishes without royalty_parameters. */
        SETTLE("betapay.trade.order.settle", null, RequestLog.SPLIT),
        SETTLE_QUERY("betapay.trade.order.settle.query", null, RequestLog.SPLIT_QUERY),
        ONSETTLE_QUERY("betapay.trade.order.onsettle.query", null, RequestLog.HELD_QUERY),
        BENEFICIARY_BIND("betapay.overseas.beneficiary.bind", null, RequestLog.BENEFICIARY),
        PAYOUT_APPLY("betapay.overseas.payout.apply", null, RequestLog.PAYOUT),
        PAYOUT_QUERY("betapay.overseas.payout.query", null, RequestLog.PAYOUT_QUERY),
        BILL_DOWNLOADURL_QUERY("betapay.data.bill.downloadurl.query", null, BetapayBills.KIND);

        private final String method;
        private final String tradeType;
        private final String kind;

        Method(String method, String tradeType, String kind) {
            this.method = method;
            this.tradeType = tradeType;
            this.kind = kind;
        }

        public String method() {
            return method;
        }

        public String kind() {
            return kind;
        }

        public static Optional<Method> named(String method) {
            return Arrays.stream(values()).filter(m -> m.method.equals(method)).findFirst();
        }
    }

    /**
     * An authenticated request, read: the order it is about (for the log and faults), the request
     * log's kind when it is not the method's own (null), and its work.
     */
    public record Call(String orderRef, String kind, Supplier<String> work) {

        public Call(String orderRef, Supplier<String> work) {
            this(orderRef, null, work);
        }
    }

    static final Pattern ORDER_REF = Pattern.compile("[A-Za-z0-9_\\-|*]{1,32}");
    static final String ORDER_REF_RULE = "1 to 32 letters, digits, '_', '-', '|' or '*'";
    /** The merchant's refund request numbers: 1 to 64 letters, digits, {@code _ - | * @}. */
    static final Pattern REQUEST_NO = Pattern.compile("[A-Za-z0-9_\\-|*@]{1,64}");
    static final String REQUEST_NO_RULE = "1 to 64 letters, digits, '_', '-', '|', '*' or '@'";
    static final Set<String> CURRENCIES = Set.of("CNY", "GBP");
    static final long MAX_FEN = 1_000_000_000_000L;

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter GATEWAY_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT).withResolverStyle(ResolverStyle.STRICT);

    @Inject
    Books books;

    @Inject
    BetapayRoyalties royalties;

    @Inject
    BetapayPayouts payouts;

    @Inject
    BetapayBills bills;

    public Call read(Method method, Map<String, String> params, Party party, String baseUrl) {
        String orderRef = null;
        try {
            JsonObject biz = common(params);
            // A payout is logged and faulted by its out_payout_no, as a trade by its out_trade_no.
            orderRef = biz.get("out_trade_no") instanceof JsonString s ? s.getString()
                    : biz.get("out_payout_no") instanceof JsonString p ? p.getString() : null;
            return switch (method) {
                case QUERY -> query(party, biz);
                case CLOSE -> close(party, biz);
                case CUSTOMS_DECLARE -> declare(party, biz);
                case CUSTOMS_REDECLARE -> redeclare(party, biz);
                case CUSTOMS_QUERY -> customsQuery(party, biz);
                case REFUND -> refund(party, biz, notifyUrl(params));
                case REFUND_QUERY -> refundQuery(party, biz);
                case RELATION_BIND -> royalties.bind(party, biz);
                case RELATION_UNBIND -> royalties.unbind(party, biz);
                case RELATION_BATCHQUERY -> royalties.batchQuery(party, biz);
                case SETTLE -> royalties.settle(party, biz);
                case SETTLE_QUERY -> royalties.settleQuery(party, biz);
                case ONSETTLE_QUERY -> royalties.onsettleQuery(party, biz);
                case BENEFICIARY_BIND -> payouts.bind(party, biz);
                case PAYOUT_APPLY -> payouts.apply(party, biz);
                case PAYOUT_QUERY -> payouts.query(party, biz);
                case BILL_DOWNLOADURL_QUERY -> bills.query(party, biz, baseUrl);
                default -> create(method, party, biz, baseUrl, notifyUrl(params));
            };
        } catch (Members.Invalid e) {
            String node = BetapayNode.businessFailed("ACQ.INVALID_PARAMETER", e.getMessage());
            return new Call(orderRef, () -> node);
        }
    }

    // ---- the methods ---------------------------------------------------------------------------

    /** {@code extend_params.royalty_freeze}: the string "true" or "false"; absent (or no extend_params) is false, as at Alipay. */
    static boolean heldForSettlement(JsonObject biz) {
        return Members.optionalObject(biz, "extend_params")
                .flatMap(e -> Members.nested("extend_params", () -> Members.optionalFlagText(e, "royalty_freeze"))).orElse(false);
    }

    private Call create(Method method, Party party, JsonObject biz, String baseUrl, String notifyUrl) {
        String orderRef = Members.text(biz, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        long amount = fen(biz, "total_amount").orElseThrow(() -> new Members.Invalid("total_amount", "total_amount is required"));
        if (amount < 1 || amount > MAX_FEN) {
            throw new Members.Invalid("total_amount", "total_amount must be at least 0.01");
        }
        String currency = Members.optionalText(biz, "trans_currency", 3).orElse("CNY");
        if (!CURRENCIES.contains(currency)) {
            throw new Members.Invalid("trans_currency", "trans_currency must be CNY or GBP");
        }
        String subject = Members.text(biz, "subject", 256);
        Members.optionalText(biz, "time_expire", 64);
        Members.optionalText(biz, "passback_params", 512);
        Members.optionalText(biz, "goods_tag", 32);
        Members.optionalText(biz, "buyer_id", 128);
        Members.optionalText(biz, "quit_url", 400);
        Members.optionalText(biz, "return_url", 400);
        boolean held = heldForSettlement(biz);
        Books.OrderTerms terms = new Books.OrderTerms(orderRef, method.tradeType, amount, currency, subject, notifyUrl, held);
        return new Call(orderRef, () -> {
            Books.Created created = books.create(party, terms);
            if (created.conflicting()) {
                return BetapayNode.businessFailed("ACQ.TRADE_HAS_EXIST",
                        "out_trade_no " + orderRef + " was used with another amount, currency or trade type");
            }
            String tradeNo = created.order().reference();
            JsonObjectBuilder node = BetapayNode.success().add("out_trade_no", orderRef);
            switch (method) {
                case PRECREATE -> node.add("qr_code", "betapay://qr/" + tradeNo);
                case WAP_PAY -> node.add("page_url", baseUrl + "/page/" + tradeNo);
                default -> node.add("trade_no", tradeNo);
            }
            return node.build().toString();
        });
    }

    private Call query(Party party, JsonObject biz) {
        String orderRef = Members.text(biz, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        return new Call(orderRef, () -> books.order(party.accountId(), orderRef).map(BetapayOperations::status)
                .orElseGet(() -> BetapayNode.businessFailed("ACQ.TRADE_NOT_EXIST", "no trade with this out_trade_no")));
    }

    private Call close(Party party, JsonObject biz) {
        String orderRef = Members.text(biz, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        return new Call(orderRef, () -> switch (books.close(party, orderRef)) {
            case CLOSED -> BetapayNode.success().add("out_trade_no", orderRef).build().toString();
            case PAID -> BetapayNode.businessFailed("ACQ.TRADE_STATUS_ERROR", "the trade is paid and cannot be closed");
            case NOT_FOUND -> BetapayNode.businessFailed("ACQ.TRADE_NOT_EXIST", "no trade with this out_trade_no");
        });
    }

    private Call refund(Party party, JsonObject biz, String notifyUrl) {
        String orderRef = Members.text(biz, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        Members.optionalText(biz, "trade_no", 64);
        long amount = fen(biz, "refund_amount").orElseThrow(() -> new Members.Invalid("refund_amount", "refund_amount is required"));
        if (amount < 1 || amount > MAX_FEN) {
            throw new Members.Invalid("refund_amount", "refund_amount must be at least 0.01");
        }
        String currency = Members.optionalText(biz, "refund_currency", 3).orElse(null);
        // Without out_request_no the refund is numbered by the order itself (so only one such refund).
        String requestNo = biz.containsKey("out_request_no") ? Members.text(biz, "out_request_no", REQUEST_NO, REQUEST_NO_RULE) : orderRef;
        String reason = Members.optionalText(biz, "refund_reason", 256).orElse(null);
        // betapay numbers refunds per trade and decides them at once; it reports a refund to the
        // refund's notify_url, else to the trade's, as Alipay reports refunds to the trade's.
        Books.RefundTerms terms = new Books.RefundTerms(orderRef, requestNo, amount, null, currency, reason, false, true,
                notifyUrl, true);
        return new Call(orderRef, () -> {
            Books.RefundOutcome outcome = books.refund(party, terms);
            if (outcome.refusal() != null) {
                return BetapayNode.businessFailed(subCode(outcome.refusal()), outcome.reason());
            }
            Books.RefundView r = outcome.refund();
            return BetapayNode.success()
                    .add("trade_no", r.transactionId())
                    .add("out_trade_no", r.orderRef())
                    .add("out_request_no", r.refundNo())
                    .add("buyer_logon_id", "buy***@sandbox")
                    // Y when this request moved money; N when it found a refund already made.
                    .add("fund_change", outcome.repeated() ? "N" : "Y")
                    .add("refund_fee", Yuan.text(r.refundedTotal()))
                    .add("refund_currency", r.currency())
                    .add("send_back_fee", Yuan.text(paid(r.amount(), r.currency())))
                    .add("gmt_refund_pay", gatewayTime(r.decidedAt()))
                    .build().toString();
        });
    }

    private Call refundQuery(Party party, JsonObject biz) {
        String orderRef = Members.text(biz, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        String requestNo = Members.text(biz, "out_request_no", REQUEST_NO, REQUEST_NO_RULE);
        return new Call(orderRef, () -> {
            if (books.order(party.accountId(), orderRef).isEmpty()) {
                return BetapayNode.businessFailed("ACQ.TRADE_NOT_EXIST", "no trade with this out_trade_no");
            }
            // As the Alipay-style gateways answer it: a refund that does not exist is a success node
            // without refund_status (and without amounts).
            JsonObjectBuilder node = BetapayNode.success();
            Optional<Books.RefundView> refund = books.refund(party.accountId(), orderRef, requestNo);
            refund.ifPresent(r -> node.add("trade_no", r.transactionId()));
            node.add("out_trade_no", orderRef).add("out_request_no", requestNo);
            refund.ifPresent(r -> {
                node.add("total_amount", Yuan.text(r.orderTotal()))
                        .add("refund_amount", Yuan.text(r.amount()))
                        .add("refund_currency", r.currency())
                        .add("send_back_fee", Yuan.text(paid(r.amount(), r.currency())))
                        .add("refund_status", "REFUND_SUCCESS")
                        .add("gmt_refund_pay", gatewayTime(r.decidedAt()));
                if (r.reason() != null) {
                    node.add("refund_reason", r.reason());
                }
            });
            return node.build().toString();
        });
    }

    private Call declare(Party party, JsonObject biz) {
        Books.DeclarationKey key = customsKey(biz);
        String action = Members.optionalText(biz, "action_type", 16).orElse("ADD");
        if (!action.equals("ADD") && !action.equals("MODIFY")) {
            throw new Members.Invalid("action_type", "action_type must be ADD or MODIFY");
        }
        String split = Members.optionalText(biz, "is_split", 1).orElse("F");
        if (!split.equals("T") && !split.equals("F")) {
            throw new Members.Invalid("is_split", "is_split must be T or F");
        }
        Members.optionalText(biz, "fee_type", 3);
        for (String amount : new String[] {"amount", "transport_amount", "product_amount", "duty_amount"}) {
            fen(biz, amount);
        }
        Members.optionalText(biz, "buyer_cert_type", 16);
        Optional<String> certNo = Members.optionalText(biz, "buyer_cert_no", 64);
        Optional<String> name = Members.optionalText(biz, "buyer_name", 128);
        if (certNo.isPresent() != name.isPresent()) {
            String missing = certNo.isEmpty() ? "buyer_cert_no" : "buyer_name";
            throw new Members.Invalid(missing, "buyer_cert_no and buyer_name go together");
        }
        // betapay's identity comes in clear (signed, over TLS); only its hash goes any further.
        String identity = certNo.isPresent() ? Identity.hash(name.get(), certNo.get()) : null;
        return new Call(key.orderRef(), () -> customsAnswer(books.declare(party, key, identity)));
    }

    private Call redeclare(Party party, JsonObject biz) {
        Books.DeclarationKey key = customsKey(biz);
        Members.optionalText(biz, "customs_trade_no", 64);
        return new Call(key.orderRef(), () -> customsAnswer(books.redeclare(party, key)));
    }

    private Call customsQuery(Party party, JsonObject biz) {
        String orderRef = Members.text(biz, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        String customs = Members.text(biz, "customs_place", 32);
        return new Call(orderRef, () -> {
            JsonArrayBuilder records = JsonText.array();
            books.declarations(party.accountId(), orderRef, customs).forEach(d -> records.add(record(d)));
            return BetapayNode.success().add("out_trade_no", orderRef).add("records", records).build().toString();
        });
    }

    // ---- reading -------------------------------------------------------------------------------

    /** The common parameters other than those the gate checked, and biz_content as an object. */
    private static JsonObject common(Map<String, String> params) {
        String timestamp = params.get("timestamp");
        if (timestamp == null) {
            throw new Members.Invalid("timestamp", "timestamp is required");
        }
        try {
            LocalDateTime.parse(timestamp, GATEWAY_TIME);
        } catch (DateTimeParseException e) {
            throw new Members.Invalid("timestamp", "timestamp must be yyyy-MM-dd HH:mm:ss");
        }
        expect(params, "charset", "utf-8");
        expect(params, "format", "JSON");
        expect(params, "version", "1.0");
        String biz = params.get("biz_content");
        if (biz == null || biz.isEmpty()) {
            throw new Members.Invalid("biz_content", "biz_content is required");
        }
        try {
            return JsonText.parseObject(biz);
        } catch (IllegalArgumentException e) {
            throw new Members.Invalid("biz_content", "biz_content must be a JSON object (" + e.getMessage() + ")");
        }
    }

    /**
     * The optional common parameter notify_url (empty is none): where the company reports the
     * trade's payment, close or refunds.
     */
    private static String notifyUrl(Map<String, String> params) {
        String url = params.get("notify_url");
        if (url == null || url.isEmpty()) {
            return null;
        }
        if (!NotifyUrl.isValid(url)) {
            throw new Members.Invalid("notify_url", "notify_url must be " + NotifyUrl.RULE);
        }
        return url;
    }

    /** An optional common parameter that, when sent, must have the protocol's one value. */
    private static void expect(Map<String, String> params, String name, String value) {
        String sent = params.get(name);
        if (sent != null && !sent.isEmpty() && !sent.equalsIgnoreCase(value)) {
            throw new Members.Invalid(name, name + " must be " + value);
        }
    }

    private static Books.DeclarationKey customsKey(JsonObject biz) {
        String orderRef = Members.text(biz, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        String requestNo = Members.text(biz, "out_request_no", 64);
        Members.text(biz, "trade_no", 64);
        String customs = Members.text(biz, "customs_place", 32);
        Members.optionalText(biz, "merchant_customs_code", 64);
        // out_request_no is the sub-order number, or the out_trade_no itself when not split.
        return new Books.DeclarationKey(orderRef, requestNo.equals(orderRef) ? "" : requestNo, customs);
    }

    private static Optional<Long> fen(JsonObject biz, String member) {
        return Members.optionalNumeral(biz, member).map(text -> {
            try {
                return Yuan.fen(text);
            } catch (IllegalArgumentException e) {
                throw new Members.Invalid(member, member + " must be yuan with at most two decimals, like 25.99");
            }
        });
    }

    // ---- answers -------------------------------------------------------------------------------

    private static String status(Books.OrderView o) {
        JsonObjectBuilder node = BetapayNode.success()
                .add("out_trade_no", o.orderRef())
                .add("trade_status", switch (o.state()) {
                    case NOTPAY -> "WAIT_BUYER_PAY";
                    case SUCCESS -> "TRADE_SUCCESS";
                    case CLOSED -> "TRADE_CLOSED";
                })
                .add("trade_type", o.tradeType())
                .add("total_amount", Yuan.text(o.amount()))
                .add("trans_currency", o.currency());
        if (o.state() == CompanyOrder.State.SUCCESS) {
            node.add("trade_no", o.transactionId())
                    .add("buyer_pay_amount", Yuan.text(paid(o.amount(), o.currency())))
                    .add("fund_channel", "BALANCE")
                    .add("send_pay_date", gatewayTime(o.paidAt()));
        }
        return node.build().toString();
    }

    /** What the buyer pays (or gets back) in CNY: the amount itself, or a GBP amount at the fixed 9.00. */
    static long paid(long amount, String currency) {
        return Companies.inCny(amount, currency);
    }

    private static JsonObject record(Books.DeclarationView d) {
        JsonObjectBuilder r = JsonText.object()
                .add("out_request_no", d.subOrderNo().isEmpty() ? d.orderRef() : d.subOrderNo())
                .add("out_trade_no", d.orderRef())
                .add("customs_place", d.customs())
                .add("status", d.state())
                .add("customs_trade_no", d.subOrderId())
                .add("last_modified_time", gatewayTime(d.modifiedAt()));
        if (d.certCheckResult() != null) {
            r.add("identity_check", d.certCheckResult());
        }
        r.add("verify_department", "OTHERS")
                .add("verify_department_trade_id", d.verifyTradeId())
                .add("customs_result_code", "SUCCESS");
        if (d.explanation() != null && ("FAIL".equals(d.state()) || "EXCEPT".equals(d.state()))) {
            r.add("memo", d.explanation());
        }
        return r.build();
    }

    private static String customsAnswer(Books.CustomsOutcome outcome) {
        if (outcome.refusal() == null) {
            JsonObjectBuilder node = BetapayNode.success();
            record(outcome.declaration()).forEach(node::add);
            return node.build().toString();
        }
        return BetapayNode.businessFailed(subCode(outcome.refusal()), outcome.reason());
    }

    /** The sub_code of a refusal of the books. */
    private static String subCode(Books.Refusal refusal) {
        return switch (refusal) {
            case ORDER_NOT_PAID -> "ACQ.ORDER_NOT_PAID";
            case ORDER_NOT_EXIST -> "ACQ.TRADE_NOT_EXIST";
            case INVALID_REQUEST -> "ACQ.INVALID_REQUEST";
            case REFUND_EXCEEDS -> "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL";
            case REFUND_CONFLICT -> "ACQ.DISCORDANT_REPEAT_REQUEST";
            case REFUND_LIMIT -> "ACQ.REFUND_COUNT_EXCEEDED";
        };
    }

    static String gatewayTime(OffsetDateTime at) {
        return at.atZoneSameInstant(BEIJING).format(GATEWAY_TIME);
    }
}
