package org.cbec.company.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.cbec.company.Beneficiary;
import org.cbec.company.BillFile;
import org.cbec.company.BillLine;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyBill;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.CompanyUnavailable;
import org.cbec.customs.entity.DeclarationState;
import org.cbec.company.CreatedOrder;
import org.cbec.company.CustomsDeclaration;
import org.cbec.company.CustomsRecord;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HeldMoney;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.Invocation;
import org.cbec.company.Json;
import org.cbec.company.Nonces;
import org.cbec.company.Notification;
import org.cbec.company.NotificationRefused;
import org.cbec.company.OrderRequest;
import org.cbec.company.OrderStatus;
import org.cbec.company.PaymentCompany;
import org.cbec.company.PaymentType;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.company.RefundRequest;
import org.cbec.company.RefundStatus;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.identity.ResidentId;
import org.cbec.plumbing.json.Jsonp;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * betapay: one gateway endpoint; a method name and a JSON {@code biz_content}, all parameters
 * signed RSA2 over their ASCII-sorted {@code k=v} string; the answer's response node signed by the
 * company. Amounts travel as decimal units ("88.88"), converted exactly from fen. Supports NATIVE
 * (QR code), H5 (a wap payment page), MINIPRO and APP; it has no in-wallet web page, so no JSAPI.
 * Settlement is Alipay's royalties: receivers bound to the app, a frozen trade split by settles and
 * released by a settle that finishes ({@link BetapayRoyalty} holds that wire format). Payouts abroad
 * are this project's own gateway methods, written in Alipay's style ({@link BetapayPayouts}). Daily
 * bills are Alipay's bill download: a signed query for a link, then an unsigned ZIP of GBK CSVs
 * from the company's own host ({@link BetapayBills}).
 */
@ApplicationScoped
public class BetapayCompany implements PaymentCompany {

    public static final String METHOD = "betapay";
    static final String SUCCESS_CODE = "10000";
    private static final ZoneId GATEWAY_ZONE = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter GATEWAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @Inject
    BetapayTransport transport;

    /** The gateway; no default (the real company's address is the operator's to give). */
    @Inject
    @ConfigProperty(name = "betapay.url")
    Optional<String> gateway;

    @Override
    public String method() {
        return METHOD;
    }

    /** betapay's code at customs (the code the sandbox's company forwards its payment documents under). */
    @Override
    public String customsCode() {
        return "31222699S7";
    }

    @Override
    public Set<PaymentType> supportedTypes() {
        return EnumSet.of(PaymentType.NATIVE, PaymentType.H5, PaymentType.MINIPRO, PaymentType.APP);
    }

    /**
     * Alipay style: {@code ACQ.INVALID_PARAMETER}, and the gateway's {@code isv.invalid-…} and
     * {@code isv.missing-…} sub-codes; and {@code ACQ.CURRENCY_NOT_SUPPORT}, a payout or beneficiary in a
     * currency the company does not pay (or not the beneficiary's), which no resend can change.
     */
    @Override
    public boolean invalidRequest(String refusalCode) {
        return refusalCode != null && (refusalCode.equals("ACQ.INVALID_PARAMETER") || refusalCode.equals("ACQ.CURRENCY_NOT_SUPPORT")
                || refusalCode.startsWith("isv.invalid-")
                || refusalCode.startsWith("isv.missing-"));
    }

    /**
     * Alipay style: {@code isp.unknow-error} (code 20000: the company's side failed) and
     * {@code ACQ.SYSTEM_ERROR} (also as the gateway's {@code aop.ACQ.SYSTEM_ERROR}), which the
     * company asks to send again with the same parameters. Not every {@code isp.…} code: a bill's
     * {@code isp.bill_not_exist} is an answer (a day without lines).
     */
    @Override
    public boolean tryLater(String refusalCode) {
        return refusalCode != null && TRY_LATER.contains(refusalCode);
    }

    /** The query's {@code ACQ.TRADE_NOT_EXIST}. */
    @Override
    public boolean noSuchOrder(String refusalCode) {
        return "ACQ.TRADE_NOT_EXIST".equals(refusalCode);
    }

    private static final Set<String> TRY_LATER = Set.of("isp.unknow-error", "ACQ.SYSTEM_ERROR", "aop.ACQ.SYSTEM_ERROR");

    @Override
    public boolean configured() {
        return gateway.filter(url -> !url.isBlank()).isPresent();
    }

    @Override
    public CreatedOrder create(CompanyAccount account, OrderRequest order, ExchangeRecorder recorder) {
        String method = createMethod(order.type());
        JsonObject node = call(account, "create", method, createBiz(order), order.notifyUrl(), recorder);
        String payMessage = switch (order.type()) {
            case NATIVE -> Json.string(node, "qr_code");
            case H5 -> Json.string(node, "page_url");
            default -> Json.string(node, "trade_no");
        };
        if (payMessage == null) {
            throw new CompanyUnavailable("the company's answer to create lacked the payment reference");
        }
        return new CreatedOrder(order.type().name(), payMessage);
    }

    /** The create's biz_content. */
    static String createBiz(OrderRequest order) {
        JsonObjectBuilder biz = Jsonp.object()
                .add("out_trade_no", order.orderRef())
                .add("total_amount", BetapayMoney.yuan(order.amount()))
                .add("trans_currency", order.currency())
                .add("subject", order.description() != null ? order.description() : order.orderRef());
        Json.putIfPresent(biz, "time_expire", order.timeExpire());
        Json.putIfPresent(biz, "passback_params", order.attach());
        Json.putIfPresent(biz, "goods_tag", order.goodsTag());
        Json.putIfPresent(biz, "buyer_id", order.payerId());
        Json.putIfPresent(biz, "quit_url", order.cancelUrl());
        Json.putIfPresent(biz, "return_url", order.successUrl());
        // Always sent, "false" included, as Alipay's extend_params take it: a string, not a JSON boolean.
        biz.add("extend_params", Jsonp.object().add("royalty_freeze", Boolean.toString(order.heldForSettlement())));
        return biz.build().toString();
    }

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public OrderStatus query(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
        String biz = Jsonp.object().add("out_trade_no", orderRef).build().toString();
        JsonObject node = call(account, "query", "betapay.trade.query", biz, null, recorder);
        String paid = Json.string(node, "send_pay_date");
        String total = Json.string(node, "total_amount");
        String payerAmount = Json.string(node, "buyer_pay_amount");
        return new OrderStatus(tradeState(Json.string(node, "trade_status")), Json.string(node, "trade_status"),
                Json.string(node, "trade_no"), Json.string(node, "trade_type"), Json.string(node, "fund_channel"),
                total == null ? null : BetapayMoney.fen(total), Json.string(node, "trans_currency"),
                payerAmount == null ? null : BetapayMoney.fen(payerAmount), payerAmount == null ? null : "CNY",
                paid == null ? null : LocalDateTime.parse(paid, GATEWAY_TIME).atZone(GATEWAY_ZONE).toOffsetDateTime());
    }

    @Override
    public void close(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
        String biz = Jsonp.object().add("out_trade_no", orderRef).build().toString();
        call(account, "close", "betapay.trade.close", biz, null, recorder);
    }

    /**
     * Synchronous: a success node is a refund made (fund_change Y) or one already made with this
     * number (N); either way the refund is SUCCESS. {@code send_back_fee} is what goes back to the
     * payer, in CNY.
     */
    @Override
    public RefundStatus refund(CompanyAccount account, RefundRequest r, ExchangeRecorder recorder) {
        JsonObjectBuilder biz = Jsonp.object().add("out_trade_no", r.orderRef());
        Json.putIfPresent(biz, "trade_no", r.transactionId());
        biz.add("refund_amount", BetapayMoney.yuan(r.amount()))
                .add("refund_currency", r.currency())
                .add("out_request_no", r.refundNo());
        Json.putIfPresent(biz, "refund_reason", r.reason());
        JsonObject node = call(account, "refund", "betapay.trade.refund", biz.build().toString(), r.notifyUrl(), recorder);
        return refundStatus(r, node, "fund_change " + Json.string(node, "fund_change"));
    }

    /** The refund query's success node has no {@code refund_status} when the company has no such refund. */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public Optional<RefundStatus> queryRefund(CompanyAccount account, RefundRequest r, ExchangeRecorder recorder) {
        String biz = Jsonp.object().add("out_trade_no", r.orderRef()).add("out_request_no", r.refundNo()).build().toString();
        JsonObject node = call(account, "refund-query", "betapay.trade.fastpay.refund.query", biz, null, recorder);
        String status = Json.string(node, "refund_status");
        if (status == null) {
            return Optional.empty();
        }
        return Optional.of(refundStatus(r, node, status));
    }

    private static RefundStatus refundStatus(RefundRequest r, JsonObject node, String desc) {
        String status = Json.string(node, "refund_status");
        RefundState state = status == null || "REFUND_SUCCESS".equals(status) ? RefundState.SUCCESS : RefundState.PROCESSING;
        String backFee = Json.string(node, "send_back_fee");
        String paid = Json.string(node, "gmt_refund_pay");
        return new RefundStatus(state, desc, Json.string(node, "trade_no") == null ? null : Json.string(node, "trade_no") + "/" + r.refundNo(),
                r.payerTotal(), backFee == null ? null : BetapayMoney.fen(backFee), "CNY", r.total(), r.amount(),
                paid == null ? null : LocalDateTime.parse(paid, GATEWAY_TIME).atZone(GATEWAY_ZONE).toOffsetDateTime());
    }

    /**
     * An Alipay-style asynchronous notification: form fields signed by the company
     * ({@link BetapaySigning#verifyNotification}), {@code notify_time} in Beijing time. With
     * {@code out_biz_no} it reports a refund (made: betapay refunds are decided when asked);
     * otherwise the trade's status.
     */
    @Override
    public Notification readNotification(CompanyAccount account, Map<String, String> headers, String body, Instant now) {
        Map<String, String> fields;
        try {
            fields = BetapayForm.decode(body);
        } catch (RuntimeException e) {
            throw new NotificationRefused("the callback is not the form betapay sends");
        }
        if (!BetapaySigning.verifyNotification(fields, account.companyKey())) {
            throw new NotificationRefused("the callback's sign does not verify with the company's key");
        }
        Instant sent;
        try {
            sent = LocalDateTime.parse(fields.get("notify_time"), GATEWAY_TIME).atZone(GATEWAY_ZONE).toInstant();
        } catch (RuntimeException e) {
            throw new NotificationRefused("the callback's notify_time is not a time");
        }
        if (Math.abs(now.getEpochSecond() - sent.getEpochSecond()) > CALLBACK_MAX_AGE_SECONDS) {
            throw new NotificationRefused("the callback's notify_time is more than five minutes away: a replay, or a stale one");
        }
        if (account.appId() != null && fields.get("app_id") != null && !account.appId().equals(fields.get("app_id"))) {
            throw new NotificationRefused("the callback is for another app_id");
        }
        String orderRef = fields.get("out_trade_no");
        if (orderRef == null) {
            throw new NotificationRefused("the callback names no order");
        }
        try {
            String refundNo = fields.get("out_biz_no");
            if (refundNo != null) {
                String back = fields.get("send_back_fee");
                String refunded = fields.get("gmt_refund");
                return new Notification(fields.get("notify_id"), orderRef, null, refundNo, new RefundStatus(RefundState.SUCCESS,
                        "notified: refund_fee " + fields.get("refund_fee"), fields.get("trade_no") + "/" + refundNo, null,
                        back == null ? null : BetapayMoney.fen(back), back == null ? null : "CNY", null, null,
                        refunded == null ? null : LocalDateTime.parse(refunded, GATEWAY_TIME).atZone(GATEWAY_ZONE).toOffsetDateTime()));
            }
            String paid = fields.get("gmt_payment");
            String total = fields.get("total_amount");
            String payerAmount = fields.get("buyer_pay_amount");
            return new Notification(fields.get("notify_id"), orderRef, new OrderStatus(tradeState(fields.get("trade_status")),
                    fields.get("trade_status"), fields.get("trade_no"), null, null, total == null ? null : BetapayMoney.fen(total), null,
                    payerAmount == null ? null : BetapayMoney.fen(payerAmount), payerAmount == null ? null : "CNY",
                    paid == null ? null : LocalDateTime.parse(paid, GATEWAY_TIME).atZone(GATEWAY_ZONE).toOffsetDateTime()), null, null);
        } catch (RuntimeException e) {
            throw new NotificationRefused("the callback's amounts or times are not betapay's");
        }
    }

    @Override
    public Invocation invocation(CompanyAccount account, PaymentType type, String tradeNo, String timeStamp, String nonceStr) {
        Instant now = timeStamp != null ? Instant.ofEpochSecond(Long.parseLong(timeStamp)) : Instant.now();
        String nonce = nonceStr != null ? nonceStr : Nonces.newNonce();
        Map<String, String> params = new LinkedHashMap<>();
        params.put("app_id", account.appId());
        params.put("method", "betapay.trade.pay");
        params.put("trade_no", tradeNo);
        params.put("timestamp", BetapayForm.timestamp(now));
        params.put("nonce_str", nonce);
        params.put("sign_type", "RSA2");
        params.put("sign", BetapaySigning.sign(params, account.merchantKey()));
        return new Invocation(String.valueOf(now.getEpochSecond()), nonce, Json.of(params));
    }

    @Override
    public CustomsRecord declare(CompanyAccount account, CustomsDeclaration d, ExchangeRecorder recorder) {
        JsonObjectBuilder biz = customsBiz(d)
                .add("action_type", d.actionType())
                .add("is_split", d.subOrderNo() != null ? "T" : "F");
        Json.putIfPresent(biz, "fee_type", d.feeType());
        putYuan(biz, "amount", d.orderFee());
        putYuan(biz, "transport_amount", d.transportFee());
        putYuan(biz, "product_amount", d.productFee());
        putYuan(biz, "duty_amount", d.duty());
        JsonObject common = biz.build();
        JsonObjectBuilder redacted = Jsonp.object(common);
        biz = Jsonp.object(common);
        if (d.certId() != null) {
            biz.add("buyer_cert_type", d.certType()).add("buyer_cert_no", d.certId());
            redacted.add("buyer_cert_type", d.certType()).add("buyer_cert_no", ResidentId.mask(d.certId()));
        }
        if (d.certName() != null) {
            biz.add("buyer_name", d.certName());
            redacted.add("buyer_name", "*");
        }
        return customsRecord(call(account, "customs-declare", "betapay.trade.customs.declare", biz.build().toString(),
                redacted.build().toString(), null, recorder));
    }

    @Override
    public CustomsRecord redeclare(CompanyAccount account, CustomsDeclaration d, ExchangeRecorder recorder) {
        JsonObjectBuilder biz = customsBiz(d);
        Json.putIfPresent(biz, "customs_trade_no", d.subOrderId());
        return customsRecord(call(account, "customs-redeclare", "betapay.trade.customs.redeclare", biz.build().toString(), null, recorder));
    }

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public List<CustomsRecord> queryCustoms(CompanyAccount account, String orderNo, String customs, ExchangeRecorder recorder) {
        String biz = Jsonp.object().add("out_trade_no", orderNo).add("customs_place", customs).build().toString();
        JsonObject node = call(account, "customs-query", "betapay.trade.customs.query", biz, null, recorder);
        JsonArray records = node.get("records") instanceof JsonArray a ? a : JsonValue.EMPTY_JSON_ARRAY;
        return records.stream().map(v -> customsRecord(v.asJsonObject())).toList();
    }

    @Override
    public boolean verifiesIdentity() {
        return false;
    }

    @Override
    public CustomsRecord uploadIdentity(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder) {
        throw new UnsupportedOperationException("betapay does not re-verify payer identity");
    }

    private static JsonObjectBuilder customsBiz(CustomsDeclaration d) {
        JsonObjectBuilder biz = Jsonp.object()
                .add("out_request_no", d.subOrderNo() != null ? d.subOrderNo() : d.orderNo())
                .add("out_trade_no", d.orderNo())
                .add("trade_no", d.transactionId())
                .add("customs_place", d.customs());
        Json.putIfPresent(biz, "merchant_customs_code", d.mchCustomsNo());
        return biz;
    }

    private static CustomsRecord customsRecord(JsonObject o) {
        String modified = Json.string(o, "last_modified_time");
        String requestNo = Json.string(o, "out_request_no");
        return new CustomsRecord(declarationState(Json.string(o, "status")),
                requestNo != null && requestNo.equals(Json.string(o, "out_trade_no")) ? null : requestNo,
                Json.string(o, "customs_trade_no"), Json.string(o, "memo"),
                modified == null ? null : LocalDateTime.parse(modified, GATEWAY_TIME).atZone(GATEWAY_ZONE).toOffsetDateTime(),
                Json.string(o, "identity_check"), Json.string(o, "verify_department"), Json.string(o, "verify_department_trade_id"),
                Json.string(o, "customs_result_code"), o.toString());
    }

    static DeclarationState declarationState(String status) {
        try {
            return status == null ? DeclarationState.UNDECLARED : DeclarationState.valueOf(status);
        } catch (IllegalArgumentException unknown) {
            return DeclarationState.EXCEPT;
        }
    }

    private static void putYuan(JsonObjectBuilder biz, String name, Long fen) {
        if (fen != null) {
            biz.add(name, BetapayMoney.yuan(fen));
        }
    }

    /** Signs and posts one gateway call; returns the verified response node or throws the refusal. */
    private JsonObject call(CompanyAccount account, String operation, String method, String bizContent, String notifyUrl,
            ExchangeRecorder recorder) {
        return call(account, operation, method, bizContent, bizContent, notifyUrl, recorder);
    }

    /** {@code redactedBiz} is what is stored of the business content: personal data masked. */
    private JsonObject call(CompanyAccount account, String operation, String method, String bizContent, String redactedBiz,
            String notifyUrl, ExchangeRecorder recorder) {
        Map<String, String> params = BetapayForm.gatewayParams(account.appId(), method, Instant.now());
        if (notifyUrl != null) {
            params.put("notify_url", notifyUrl);
        }
        params.put("biz_content", bizContent);
        Map<String, String> redacted = new LinkedHashMap<>(params);
        redacted.put("biz_content", redactedBiz);
        params.put("sign", BetapaySigning.sign(params, account.merchantKey()));
        String gateway = this.gateway.orElseThrow(() -> new CompanyUnavailable("betapay.url is not configured"));
        HttpCall call = new HttpCall(operation, "POST", gateway, Map.of("Accept", "application/json"),
                BetapayForm.encode(params), "application/x-www-form-urlencoded", "POST " + gateway + "\n" + Json.of(redacted),
                BetapaySigning::withoutSign);
        // The answer is verified once, in the transport (where a bad signature counts as no answer),
        // and the node it verified is the one read here.
        // Fault Tolerance's refusals (an open circuit, a full bulkhead) pass through to CompanyPort, which makes them outcomes.
        AtomicReference<String> verified = new AtomicReference<>();
        transport.exchange(call, a -> {
            Optional<String> node = a.status() == 200 ? BetapaySigning.verifiedNode(a.body(), method, account.companyKey())
                    : Optional.empty();
            node.ifPresent(verified::set);
            return node.isPresent();
        }, recorder);
        JsonObject o = Json.object(verified.get());
        if (!SUCCESS_CODE.equals(Json.string(o, "code"))) {
            String code = Json.string(o, "sub_code") != null ? Json.string(o, "sub_code") : Json.string(o, "code");
            String message = Json.string(o, "sub_msg") != null ? Json.string(o, "sub_msg") : Json.string(o, "msg");
            throw new CompanyRefusal(String.valueOf(code), String.valueOf(message));
        }
        return o;
    }

    private static String createMethod(PaymentType type) {
        return switch (type) {
            case NATIVE -> "betapay.trade.precreate";
            case H5 -> "betapay.trade.wap.pay";
            case APP -> "betapay.trade.app.pay";
            case MINIPRO -> "betapay.trade.create";
            case JSAPI -> throw new IllegalArgumentException("betapay has no JSAPI");
        };
    }

    static TradeState tradeState(String status) {
        if (status == null) {
            return TradeState.UNKNOWN;
        }
        return switch (status) {
            case "WAIT_BUYER_PAY" -> TradeState.NOTPAY;
            case "TRADE_SUCCESS", "TRADE_FINISHED" -> TradeState.SUCCESS;
            case "TRADE_CLOSED" -> TradeState.CLOSED;
            default -> TradeState.UNKNOWN;
        };
    }

    // ---- settlement: royalties, Alipay style (wire format in BetapayRoyalty) ---------------------

    /** Binding the same receiver again is no change at betapay, so the call is retried with a new request number. */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public void addReceiver(CompanyAccount account, SettlementReceiver receiver, ExchangeRecorder recorder) {
        String requestNo = Nonces.newNonce();
        call(account, "receiver-add", BetapayRoyalty.BIND, BetapayRoyalty.bindBiz(receiver, requestNo),
                BetapayRoyalty.bindBizRedacted(receiver, requestNo), null, recorder);
    }

    /** Unbinding a receiver betapay does not have is a success there too. */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public void deleteReceiver(CompanyAccount account, String type, String receiverAccount, ExchangeRecorder recorder) {
        call(account, "receiver-delete", BetapayRoyalty.UNBIND, BetapayRoyalty.unbindBiz(type, receiverAccount, Nonces.newNonce()),
                null, recorder);
    }

    /** Asynchronous: the answer only accepts the split (its {@code settle_no}); every part is pending until queried. */
    @Override
    public SplitStatus split(CompanyAccount account, SplitRequest split, ExchangeRecorder recorder) {
        JsonObject node = call(account, "split", BetapayRoyalty.SETTLE, BetapayRoyalty.settleBiz(split), null, recorder);
        return BetapayRoyalty.accepted(split.splitNo(), split.parts(), node);
    }

    /** A settle with {@code royalty_finish} and no parameters; accepted, its outcome is the settle query's. */
    @Override
    public SplitStatus release(CompanyAccount account, ReleaseRequest release, ExchangeRecorder recorder) {
        JsonObject node = call(account, "release", BetapayRoyalty.SETTLE, BetapayRoyalty.releaseBiz(release), null, recorder);
        return BetapayRoyalty.accepted(release.releaseNo(), List.of(), node);
    }

    /** {@code ACQ.SETTLE_NOT_EXIST} is betapay's "no such split": empty, not a refusal. */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public Optional<SplitStatus> querySplit(CompanyAccount account, String orderRef, String transactionId, String splitNo,
            ExchangeRecorder recorder) {
        JsonObject node;
        try {
            node = call(account, "split-query", BetapayRoyalty.SETTLE_QUERY, BetapayRoyalty.settleQueryBiz(transactionId, splitNo),
                    null, recorder);
        } catch (CompanyRefusal refusal) {
            if (BetapayRoyalty.SETTLE_NOT_EXIST.equals(refusal.code())) {
                return Optional.empty();
            }
            throw refusal;
        }
        try {
            return Optional.of(BetapayRoyalty.splitStatus(splitNo, node));
        } catch (RuntimeException unreadable) {
            throw new CompanyUnavailable("the company's settle query answer has amounts, states or times that are not betapay's");
        }
    }

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public HeldMoney heldMoney(CompanyAccount account, String orderRef, String transactionId, ExchangeRecorder recorder) {
        JsonObject node = call(account, "held-query", BetapayRoyalty.ONSETTLE_QUERY, BetapayRoyalty.onsettleQueryBiz(transactionId),
                null, recorder);
        try {
            return BetapayRoyalty.heldMoney(transactionId, node);
        } catch (RuntimeException unreadable) {
            throw new CompanyUnavailable("the company's unsettled_amount is not an amount in yuan");
        }
    }

    // ---- payouts abroad: this project's convention, modelled on Alipay's gateway methods (wire format in BetapayPayouts) ----

    /**
     * Binding replaces the account's beneficiary; binding the same one again is no change, so the call
     * is retried. The stored exchange has the holder's name and the account number masked.
     */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public void registerBeneficiary(CompanyAccount account, Beneficiary beneficiary, ExchangeRecorder recorder) {
        call(account, "beneficiary", BetapayPayouts.BIND, BetapayPayouts.bindBiz(beneficiary), BetapayPayouts.bindBizRedacted(beneficiary),
                null, recorder);
    }

    /** Not retried: a payout whose answer was lost is found by its number with {@link #queryPayout}. */
    @Override
    public PayoutStatus payout(CompanyAccount account, PayoutRequest payout, ExchangeRecorder recorder) {
        JsonObject node = call(account, "payout", BetapayPayouts.APPLY, BetapayPayouts.applyBiz(payout), null, recorder);
        return payoutStatus(payout.payoutNo(), node);
    }

    /** {@code ACQ.PAYOUT_NOT_EXIST} is betapay's "no such payout": empty, not a refusal. */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public Optional<PayoutStatus> queryPayout(CompanyAccount account, String payoutNo, ExchangeRecorder recorder) {
        JsonObject node;
        try {
            node = call(account, "payout-query", BetapayPayouts.QUERY, BetapayPayouts.queryBiz(payoutNo), null, recorder);
        } catch (CompanyRefusal refusal) {
            if (BetapayPayouts.PAYOUT_NOT_EXIST.equals(refusal.code())) {
                return Optional.empty();
            }
            throw refusal;
        }
        return Optional.of(payoutStatus(payoutNo, node));
    }

    private static PayoutStatus payoutStatus(String payoutNo, JsonObject node) {
        try {
            return BetapayPayouts.payoutStatus(payoutNo, node);
        } catch (RuntimeException unreadable) {
            throw new CompanyUnavailable("the company's payout answer has amounts, rates, states or times that are not betapay's");
        }
    }

    // ---- daily bills: Alipay's bill download, under betapay's method name (wire format in BetapayBills) ----

    /**
     * The signed query for the day's link ({@code isp.bill_not_exist}: a day without lines, an empty
     * bill), then the ZIP the link answers. That download is the one answer of betapay this adapter
     * takes unsigned: betapay signs no file and gives no hash of it, so the file is taken only from
     * a link on the configured gateway's own scheme, host and port, and a link elsewhere is
     * {@link org.cbec.company.UnverifiedAnswer} without being called. Retried when there is no
     * answer or the file is unusable (a new link each time).
     */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public CompanyBill bill(CompanyAccount account, LocalDate billDate, ExchangeRecorder recorder) {
        JsonObject node;
        try {
            node = call(account, "bill", BetapayBills.QUERY, BetapayBills.queryBiz(billDate), null, recorder);
        } catch (CompanyRefusal refusal) {
            if (BetapayBills.BILL_NOT_EXIST.equals(refusal.code())) {
                return CompanyBill.empty(billDate);
            }
            throw refusal;
        }
        String link = BetapayBills.downloadUrl(node);
        if (link == null) {
            throw new CompanyUnavailable("the company's bill answer has no bill_download_url");
        }
        URI url = BetapayBills.onCompanyHost(link, gateway.orElseThrow(() -> new CompanyUnavailable("betapay.url is not configured")));
        Path zip;
        try {
            zip = Files.createTempFile("cbec-betapay-statement-", ".zip");
        } catch (IOException e) {
            throw new CompanyUnavailable("no working file for the bill could be made: " + e.getMessage());
        }
        BillFile kept = new BillFile(BetapayBills.FILE, BetapayBills.CONTENT_TYPE, null, null, zip, 0);
        try {
            // Unsigned on purpose (see above): every answer below 500 is taken here and read by its status.
            HttpCall download = new HttpCall("bill-download", "GET", url.toString(), Map.of("Accept", BetapayBills.CONTENT_TYPE), null,
                    null, "GET " + BetapayBills.redacted(url)).summarisedAs(bytes -> BetapayBills.FILE + " (" + size(zip) + " bytes, "
                            + BetapayBills.CONTENT_TYPE + ")");
            HttpExchange file = transport.download(download, zip, unsigned -> true, recorder);
            if (file.status() != 200) {
                throw new CompanyUnavailable("the company's bill download answered HTTP " + file.status());
            }
            long count = lines(zip, account.companyMerchantId(), billDate, line -> { });
            kept = new BillFile(BetapayBills.FILE, BetapayBills.CONTENT_TYPE, null, null, zip, size(zip));
            // Every line, whatever the order: the caller keeps those of the orders it asked for.
            return new CompanyBill(billDate, List.of(kept), count, (orders, each) -> lines(zip, account.companyMerchantId(), billDate,
                    each));
        } catch (RuntimeException e) {
            new CompanyBill(billDate, List.of(kept), 0, (orders, each) -> { }).close();
            throw e;
        }
    }

    /** The downloaded ZIP's lines, as a stream; an unusable file is no answer. */
    private static long lines(Path zip, String companyMerchantId, LocalDate billDate, java.util.function.Consumer<BillLine> each) {
        try (InputStream in = Files.newInputStream(zip)) {
            return BetapayBills.read(new java.io.BufferedInputStream(in, 64 * 1024), companyMerchantId, billDate, each);
        } catch (IllegalArgumentException unusable) {
            throw new CompanyUnavailable("the company's bill file is unusable: " + unusable.getMessage());
        } catch (IOException e) {
            throw new CompanyUnavailable("the bill's working file could not be read");
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
