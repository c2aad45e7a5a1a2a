package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Books;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Identity;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;
import org.cbec.sandbox.codec.NotifyUrl;
import org.cbec.sandbox.codec.PlainText;
import org.cbec.sandbox.codec.UrlEncoded;
import org.cbec.sandbox.codec.Utf8;
import org.cbec.sandbox.entity.CompanyOrder;

/**
 * alphapay's operations on an authenticated request: reading its members (a malformed or missing
 * one is a 400 PARAM_ERROR naming it, never a 500) and the work on the books, which runs later in
 * the request's transaction. Amounts are fen; a GBP order's payer pays CNY at a fixed 9.00.
 */
@ApplicationScoped
public class AlphapayOperations {

    /** The operations, by the request-log kind they are counted as. */
    public enum Operation {
        CREATE_NATIVE(RequestLog.CREATE),
        CREATE_H5(RequestLog.CREATE),
        CREATE_JSAPI(RequestLog.CREATE),
        CREATE_APP(RequestLog.CREATE),
        QUERY(RequestLog.QUERY),
        CLOSE(RequestLog.CLOSE),
        DECLARE(RequestLog.CUSTOMS_DECLARE),
        REDECLARE(RequestLog.CUSTOMS_REDECLARE),
        CUSTOMS_QUERY(RequestLog.CUSTOMS_QUERY),
        IDENTITY(RequestLog.IDENTITY),
        REFUND(RequestLog.REFUND),
        REFUND_QUERY(RequestLog.REFUND_QUERY),
        RECEIVER_ADD(RequestLog.RECEIVER_ADD),
        RECEIVER_DELETE(RequestLog.RECEIVER_DELETE),
        SPLIT(RequestLog.SPLIT),
        RELEASE(RequestLog.RELEASE),
        SPLIT_QUERY(RequestLog.SPLIT_QUERY),
        HELD_QUERY(RequestLog.HELD_QUERY),
        BENEFICIARY(RequestLog.BENEFICIARY),
        PAYOUT(RequestLog.PAYOUT),
        PAYOUT_QUERY(RequestLog.PAYOUT_QUERY),
        TRADE_BILL(AlphapayBills.BILL_KIND),
        FUNDFLOW_BILL(AlphapayBills.BILL_KIND),
        PROFITSHARING_BILL(AlphapayBills.BILL_KIND);

        private final String kind;

        Operation(String kind) {
            this.kind = kind;
        }

        public String kind() {
            return kind;
        }

        /** The create of a trade type as it appears in the path ({@code native}, {@code h5}, ...). */
        public static Operation create(String pathKind) {
            return valueOf("CREATE_" + pathKind.toUpperCase(Locale.ROOT));
        }
    }

    /** An authenticated request, read: the order it is about (for the log and faults) and its work. */
    public record Call(String orderRef, Supplier<AlphapayAnswer> work) {
    }

    /** The broker's merchant order numbers and the companies': 1 to 32 letters, digits, {@code _ - | *}. */
    static final Pattern ORDER_REF = Pattern.compile("[A-Za-z0-9_\\-|*]{1,32}");
    static final String ORDER_REF_RULE = "1 to 32 letters, digits, '_', '-', '|' or '*'";
    /** The merchant's refund numbers: 1 to 64 letters, digits, {@code _ - | * @}. */
    static final Pattern REFUND_NO = Pattern.compile("[A-Za-z0-9_\\-|*@]{1,64}");
    static final String REFUND_NO_RULE = "1 to 64 letters, digits, '_', '-', '|', '*' or '@'";
    static final Set<String> CURRENCIES = Set.of("CNY", "GBP");
    /** 10^10 yuan: beyond any real order, and times 9 still far inside a long. */
    static final long MAX_FEN = 1_000_000_000_000L;

    private static final DateTimeFormatter ISO_SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssXXX", Locale.ROOT);
    private static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);

    @Inject
    Books books;

    @Inject
    Accounts accounts;

    @Inject
    AlphapayProfitSharing profitSharing;

    @Inject
    AlphapayPayouts payouts;

    @Inject
    AlphapayBills bills;

    public Call read(Operation operation, AlphapayRequest request, Party party) {
        String orderRef = null;
        try {
            switch (operation) {
                case QUERY -> {
                    orderRef = pathNumber(request, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
                    return query(party, orderRef, queryParameters(request));
                }
                case REFUND_QUERY -> {
                    String refundNo = pathNumber(request, "out_refund_no", REFUND_NO, REFUND_NO_RULE);
                    String mchid = queryParameters(request).get("mchid");
                    if (mchid != null) {
                        requireMchid(mchid, "mchid", party);
                    }
                    // The order the refund belongs to, for the request log and an order's faults.
                    orderRef = books.refundByNumber(party.accountId(), refundNo).map(Books.RefundView::orderRef).orElse(null);
                    return refundQuery(party, refundNo, orderRef);
                }
                case CUSTOMS_QUERY -> {
                    Map<String, String> q = queryParameters(request);
                    orderRef = q.get("order_no");
                    return customsQuery(party, q);
                }
                case RECEIVER_ADD, RECEIVER_DELETE, SPLIT, RELEASE, SPLIT_QUERY, HELD_QUERY -> {
                    return profitSharing.read(operation, request, party);
                }
                case BENEFICIARY, PAYOUT, PAYOUT_QUERY -> {
                    return payouts.read(operation, request, party);
                }
                case TRADE_BILL, FUNDFLOW_BILL, PROFITSHARING_BILL -> {
                    return bills.read(operation, request, party);
                }
                case CLOSE -> {
                    orderRef = pathNumber(request, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
                    body(request, party);
                    return close(party, orderRef);
                }
                default -> {
                    JsonObject body = body(request, party);
                    orderRef = body.get("out_trade_no") instanceof jakarta.json.JsonString s ? s.getString() : null;
                    return switch (operation) {
                        case DECLARE -> declare(party, body);
                        case REDECLARE -> redeclare(party, body);
                        case IDENTITY -> identity(party, body);
                        case REFUND -> refund(party, body);
                        default -> create(operation, party, body, request.baseUrl());
                    };
                }
            }
        } catch (Members.Invalid e) {
            return refused(orderRef, 400, "PARAM_ERROR", e.getMessage());
        } catch (Refused e) {
            return refused(orderRef, e.answer);
        }
    }

    // ---- the operations ------------------------------------------------------------------------

    private Call create(Operation operation, Party party, JsonObject body, String baseUrl) {
        String tradeType = operation.name().substring("CREATE_".length());
        String orderRef = Members.text(body, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        requireAppId(body, party);
        String description = Members.text(body, "description", 127);
        JsonObject amount = Members.object(body, "amount");
        long total = Members.nested("amount", () -> Members.integer(amount, "total", 1, MAX_FEN));
        String currency = Members.nested("amount", () -> Members.optionalText(amount, "currency", 3)).orElse("CNY");
        if (!CURRENCIES.contains(currency)) {
            throw new Members.Invalid("amount.currency", "amount.currency must be CNY or GBP");
        }
        Members.optionalText(body, "time_expire", 64);
        Members.optionalText(body, "attach", 128);
        String notifyUrl = notifyUrl(body);
        Members.optionalText(body, "goods_tag", 32);
        Optional<JsonObject> payer = Members.optionalObject(body, "payer");
        Optional<String> openid = payer.flatMap(p -> Members.nested("payer", () -> Members.optionalText(p, "openid", 128)));
        Members.optionalObject(body, "scene_info")
                .ifPresent(s -> Members.nested("scene_info", () -> Members.optionalText(s, "payer_client_ip", 45)));
        boolean held = heldForSettlement(body);
        if ("JSAPI".equals(tradeType) && openid.isEmpty()) {
            throw new Members.Invalid("payer.openid", "payer.openid is required for a jsapi payment");
        }
        Books.OrderTerms terms = new Books.OrderTerms(orderRef, tradeType, total, currency, description, notifyUrl, held);
        return new Call(orderRef, () -> {
            Books.Created created = books.create(party, terms);
            if (created.conflicting()) {
                return AlphapayAnswer.refusal(400, "INVALID_REQUEST",
                        "out_trade_no " + orderRef + " was used with another amount, currency or trade type");
            }
            String reference = created.order().reference();
            return AlphapayAnswer.ok(switch (tradeType) {
                case "NATIVE" -> JsonText.object().add("code_url", "alphapay://pay/bizpayurl?pr=" + reference).build();
                case "H5" -> JsonText.object().add("h5_url", baseUrl + "/h5/" + reference).build();
                default -> JsonText.object().add("prepay_id", reference).build();
            });
        });
    }

    /** {@code settle_info.profit_sharing}: a JSON boolean; absent (or no settle_info) is false, as at WeChat Pay. */
    static boolean heldForSettlement(JsonObject body) {
        return Members.optionalObject(body, "settle_info")
                .flatMap(s -> Members.nested("settle_info", () -> Members.optionalBoolean(s, "profit_sharing"))).orElse(false);
    }

    private Call query(Party party, String orderRef, Map<String, String> query) {
        requireMchid(query.get("mchid"), "mchid", party);
        return new Call(orderRef, () -> books.order(party.accountId(), orderRef)
                .map(o -> AlphapayAnswer.ok(transaction(party.companyMerchantId(), o)))
                .orElseGet(AlphapayOperations::notFound));
    }

    private Call close(Party party, String orderRef) {
        return new Call(orderRef, () -> switch (books.close(party, orderRef)) {
            case CLOSED -> AlphapayAnswer.noContent();
            case PAID -> AlphapayAnswer.refusal(400, "ORDERPAID", "the order is paid and cannot be closed");
            case NOT_FOUND -> notFound();
        });
    }

    private Call refund(Party party, JsonObject body) {
        String orderRef = Members.text(body, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        Members.optionalText(body, "transaction_id", 64);
        String refundNo = Members.text(body, "out_refund_no", REFUND_NO, REFUND_NO_RULE);
        String reason = Members.optionalText(body, "reason", 80).orElse(null);
        String notifyUrl = notifyUrl(body);
        Members.optionalText(body, "funds_account", 16);
        JsonObject amount = Members.object(body, "amount");
        long refund = Members.nested("amount", () -> Members.integer(amount, "refund", 1, MAX_FEN));
        long total = Members.nested("amount", () -> Members.integer(amount, "total", 1, MAX_FEN));
        String currency = Members.nested("amount", () -> Members.text(amount, "currency", 3));
        // alphapay numbers refunds per account and decides them later (PROCESSING first); a refund
        // is reported to its own notify_url only (not the order's), as WeChat Pay's refunds are.
        Books.RefundTerms terms = new Books.RefundTerms(orderRef, refundNo, refund, total, currency, reason, true, false,
                notifyUrl, false);
        return new Call(orderRef, () -> {
            Books.RefundOutcome outcome = books.refund(party, terms);
            return outcome.refusal() != null ? refusal(outcome.refusal(), outcome.reason()) : AlphapayAnswer.ok(refundRecord(outcome.refund()));
        });
    }

    private Call refundQuery(Party party, String refundNo, String orderRef) {
        return new Call(orderRef, () -> books.refundByNumber(party.accountId(), refundNo)
                .map(r -> AlphapayAnswer.ok(refundRecord(r)))
                .orElseGet(() -> AlphapayAnswer.refusal(404, "RESOURCE_NOT_EXISTS", "no refund with this out_refund_no")));
    }

    private Call declare(Party party, JsonObject body) {
        Books.DeclarationKey key = customsKey(party, body);
        String action = Members.text(body, "action_type", 16);
        if (!action.equals("ADD") && !action.equals("MODIFY")) {
            throw new Members.Invalid("action_type", "action_type must be ADD or MODIFY");
        }
        Members.optionalText(body, "merchant_customs_no", 64);
        Members.optionalText(body, "fee_type", 3);
        for (String fee : new String[] {"order_fee", "transport_fee", "product_fee", "duty"}) {
            Members.optionalInteger(body, fee, 0, MAX_FEN);
        }
        Members.optionalText(body, "cert_type", 16);
        String identity = identityHash(body, "cert_id", "name", false);
        return new Call(key.orderRef(), () -> customsAnswer(books.declare(party, key, identity)));
    }

    private Call redeclare(Party party, JsonObject body) {
        Books.DeclarationKey key = customsKey(party, body);
        Members.optionalText(body, "sub_order_id", 64);
        Members.optionalText(body, "merchant_customs_no", 64);
        return new Call(key.orderRef(), () -> customsAnswer(books.redeclare(party, key)));
    }

    private Call customsQuery(Party party, Map<String, String> query) {
        requireMchid(query.get("mchid"), "mchid", party);
        String orderType = query.get("order_type");
        if (!"out_trade_no".equals(orderType)) {
            throw new Members.Invalid("order_type", "order_type must be out_trade_no");
        }
        String orderNo = query.get("order_no");
        if (orderNo == null || !ORDER_REF.matcher(orderNo).matches()) {
            throw new Members.Invalid("order_no", "order_no must be " + ORDER_REF_RULE);
        }
        String customs = query.get("customs");
        if (!PlainText.isPlain(customs, 32)) {
            throw new Members.Invalid("customs", "customs must be 1 to 32 characters");
        }
        return new Call(orderNo, () -> {
            JsonArrayBuilder data = JsonText.array();
            books.declarations(party.accountId(), orderNo, customs).forEach(d -> data.add(record(d)));
            return AlphapayAnswer.ok(JsonText.object().add("data", data).build());
        });
    }

    private Call identity(Party party, JsonObject body) {
        Books.DeclarationKey key = customsKey(party, body);
        Members.optionalText(body, "certificate_type", 16);
        String identity = identityHash(body, "certificate_id", "certificate_name", true);
        return new Call(key.orderRef(), () -> {
            Books.IdentityOutcome outcome = books.verifyIdentity(party, key, identity);
            if (outcome.refusal() != null) {
                return refusal(outcome.refusal(), outcome.reason());
            }
            if (outcome.declaration() != null) {
                return AlphapayAnswer.ok(record(outcome.declaration()));
            }
            return AlphapayAnswer.ok(JsonText.object().add("out_trade_no", key.orderRef()).add("customs", key.customs())
                    .add("state", "UNDECLARED").add("cert_check_result", outcome.result()).build());
        });
    }

    // ---- reading -------------------------------------------------------------------------------

    /** A request's JSON body, with the mchid it must carry: the account that signed it. */
    private static JsonObject body(AlphapayRequest request, Party party) {
        JsonObject body = jsonBody(request);
        requireMchid(Members.text(body, "mchid", 32), "mchid", party);
        return body;
    }

    /** A request's JSON body in UTF-8, sent as application/json; the profit-sharing bodies carry no mchid (the header names the account). */
    static JsonObject jsonBody(AlphapayRequest request) {
        if (!isJson(request.contentType())) {
            throw new Refused(AlphapayAnswer.refusal(415, "PARAM_ERROR", "Content-Type must be application/json"));
        }
        JsonObject body;
        try {
            body = JsonText.parseObject(Utf8.decode(request.body()));
        } catch (IllegalArgumentException e) {
            throw new Members.Invalid("body", "the body must be a JSON object in UTF-8 (" + e.getMessage() + ")");
        }
        return body;
    }

    private Books.DeclarationKey customsKey(Party party, JsonObject body) {
        requireAppId(body, party);
        String orderRef = Members.text(body, "out_trade_no", ORDER_REF, ORDER_REF_RULE);
        Members.text(body, "transaction_id", 64);
        String customs = Members.text(body, "customs", 32);
        String sub = Members.optionalText(body, "sub_order_no", 64).orElse("");
        return new Books.DeclarationKey(orderRef, sub, customs);
    }

    /** The declared identity's hash, decrypted from the two members and dropped at once. */
    private String identityHash(JsonObject body, String idMember, String nameMember, boolean required) {
        Optional<String> id = Members.optionalText(body, idMember, 1024);
        Optional<String> name = Members.optionalText(body, nameMember, 1024);
        if (id.isEmpty() && name.isEmpty() && !required) {
            return null;
        }
        if (id.isEmpty()) {
            throw new Members.Invalid(idMember, idMember + " is required with " + nameMember);
        }
        if (name.isEmpty()) {
            throw new Members.Invalid(nameMember, nameMember + " is required with " + idMember);
        }
        var key = accounts.companySigner(AlphapayGate.COMPANY).privateKey();
        return Identity.hash(PersonalData.decrypt(key, nameMember, name.get()), PersonalData.decrypt(key, idMember, id.get()));
    }

    /** The optional notify_url: where the company reports the order's payment or close, or the refund's end. */
    private static String notifyUrl(JsonObject body) {
        return Members.optionalText(body, "notify_url", NotifyUrl.MAX_LENGTH).map(url -> {
            if (!NotifyUrl.isValid(url)) {
                throw new Members.Invalid("notify_url", "notify_url must be " + NotifyUrl.RULE);
            }
            return url;
        }).orElse(null);
    }

    private static void requireAppId(JsonObject body, Party party) {
        if (!Members.text(body, "appid", 64).equals(party.appId())) {
            throw new Members.Invalid("appid", "appid does not belong to mchid " + party.companyMerchantId());
        }
    }

    private static void requireMchid(String mchid, String member, Party party) {
        if (mchid == null) {
            throw new Members.Invalid(member, member + " is required");
        }
        if (!mchid.equals(party.companyMerchantId())) {
            throw new Members.Invalid(member, member + " must be the mchid of the Authorization header");
        }
    }

    /** The path's number (out_trade_no or out_refund_no), decoded strictly; one that cannot exist is refused before any lookup. */
    static String pathNumber(AlphapayRequest request, String name, Pattern pattern, String rule) {
        String number;
        try {
            number = UrlEncoded.component(request.rawPathNumber(), false);
        } catch (IllegalArgumentException e) {
            throw new Members.Invalid(name, name + " in the path is not well-formed percent-encoded UTF-8");
        }
        if (!pattern.matcher(number).matches()) {
            throw new Members.Invalid(name, name + " must be " + rule);
        }
        return number;
    }

    /** The query string's parameters; a repeated one is refused, being two answers to one question. */
    static Map<String, String> queryParameters(AlphapayRequest request) {
        Map<String, String> params = new HashMap<>();
        try {
            for (var pair : UrlEncoded.decode(request.rawQuery())) {
                if (params.put(pair.getKey(), pair.getValue()) != null) {
                    throw new Members.Invalid(pair.getKey(), "query parameter " + pair.getKey() + " is repeated");
                }
            }
        } catch (IllegalArgumentException e) {
            throw new Members.Invalid("query", "the query string is not well-formed percent-encoded UTF-8");
        }
        return params;
    }

    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String[] parts = contentType.split(";");
        if (!parts[0].strip().equalsIgnoreCase("application/json")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String[] param = parts[i].strip().split("=", 2);
            if (param[0].strip().equalsIgnoreCase("charset")
                    && (param.length < 2 || !param[1].strip().replace("\"", "").equalsIgnoreCase("utf-8"))) {
                return false;
            }
        }
        return true;
    }

    // ---- answers -------------------------------------------------------------------------------

    /** The order as the query answers it; also the resource of a TRANSACTION callback. */
    static JsonObject transaction(String mchid, Books.OrderView o) {
        JsonObjectBuilder amount = JsonText.object().add("total", o.amount()).add("currency", o.currency());
        JsonObjectBuilder status = JsonText.object()
                .add("mchid", mchid)
                .add("out_trade_no", o.orderRef())
                .add("trade_type", o.tradeType())
                .add("trade_state", o.state().name())
                .add("trade_state_desc", switch (o.state()) {
                    case NOTPAY -> "awaiting payment";
                    case SUCCESS -> "payment succeeded";
                    case CLOSED -> "order closed";
                });
        if (o.state() == CompanyOrder.State.SUCCESS) {
            amount.add("payer_total", payerTotal(o.amount(), o.currency())).add("payer_currency", "CNY");
            status.add("transaction_id", o.transactionId())
                    .add("bank_type", "OTHERS")
                    .add("success_time", beijing(o.paidAt()));
        }
        return status.add("amount", amount).build();
    }

    /** What the payer paid in CNY: the amount itself, or a GBP amount at the sandbox's fixed 9.00. */
    static long payerTotal(long amount, String currency) {
        return Companies.inCny(amount, currency);
    }

    /** The refund record as the refund and its query answer it; also the resource of a REFUND callback. */
    static JsonObject refundRecord(Books.RefundView r) {
        JsonObjectBuilder amount = JsonText.object()
                .add("total", r.orderTotal())
                .add("refund", r.amount())
                .add("payer_total", payerTotal(r.orderTotal(), r.currency()))
                .add("payer_refund", payerTotal(r.amount(), r.currency()))
                .add("settlement_total", r.orderTotal())
                .add("settlement_refund", r.amount())
                .add("discount_refund", 0)
                .add("currency", r.currency())
                .add("payer_currency", "CNY");
        JsonObjectBuilder record = JsonText.object()
                .add("refund_id", r.refundId())
                .add("out_refund_no", r.refundNo())
                .add("transaction_id", r.transactionId())
                .add("out_trade_no", r.orderRef())
                .add("channel", "ORIGINAL")
                .add("user_received_account", "the payer's balance")
                .add("create_time", beijing(r.createdAt()))
                .add("status", r.state())
                .add("funds_account", "AVAILABLE");
        if ("SUCCESS".equals(r.state())) {
            record.add("success_time", beijing(r.decidedAt()));
        }
        return record.add("amount", amount).build();
    }

    private static JsonObject record(Books.DeclarationView d) {
        JsonObjectBuilder r = JsonText.object()
                .add("out_trade_no", d.orderRef())
                .add("customs", d.customs())
                .add("state", d.state());
        if (!d.subOrderNo().isEmpty()) {
            r.add("sub_order_no", d.subOrderNo());
        }
        r.add("sub_order_id", d.subOrderId()).add("modify_time", beijing(d.modifiedAt()));
        if (d.certCheckResult() != null) {
            r.add("cert_check_result", d.certCheckResult());
        }
        r.add("verify_department", "OTHERS").add("verify_department_trade_id", d.verifyTradeId()).add("result_code", "SUCCESS");
        if (d.explanation() != null && ("FAIL".equals(d.state()) || "EXCEPT".equals(d.state()))) {
            r.add("explanation", d.explanation());
        }
        return r.build();
    }

    private static AlphapayAnswer customsAnswer(Books.CustomsOutcome outcome) {
        return outcome.refusal() != null ? refusal(outcome.refusal(), outcome.reason()) : AlphapayAnswer.ok(record(outcome.declaration()));
    }

    private static AlphapayAnswer refusal(Books.Refusal refusal, String reason) {
        return switch (refusal) {
            case ORDER_NOT_EXIST -> AlphapayAnswer.refusal(404, "ORDER_NOT_EXIST", reason);
            case ORDER_NOT_PAID -> AlphapayAnswer.refusal(400, "ORDER_NOT_PAID", reason);
            case INVALID_REQUEST, REFUND_EXCEEDS, REFUND_CONFLICT, REFUND_LIMIT -> AlphapayAnswer.refusal(400, "INVALID_REQUEST", reason);
        };
    }

    private static AlphapayAnswer notFound() {
        return AlphapayAnswer.refusal(404, "ORDER_NOT_EXIST", "no order with this out_trade_no");
    }

    static String beijing(OffsetDateTime at) {
        return at.withOffsetSameInstant(BEIJING).truncatedTo(ChronoUnit.SECONDS).format(ISO_SECONDS);
    }

    private static Call refused(String orderRef, int status, String code, String message) {
        return refused(orderRef, AlphapayAnswer.refusal(status, code, message));
    }

    private static Call refused(String orderRef, AlphapayAnswer answer) {
        return new Call(orderRef, () -> answer);
    }

    /** A refusal decided while reading, other than a member's (e.g. the content type). */
    static final class Refused extends RuntimeException {

        private static final long serialVersionUID = 1L;
        private final transient AlphapayAnswer answer;

        Refused(AlphapayAnswer answer) {
            super(answer.body(), null, false, false);
            this.answer = answer;
        }
    }
}
