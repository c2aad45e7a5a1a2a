package org.cbec.company.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.cbec.company.Beneficiary;
import org.cbec.company.BillFile;
import org.cbec.company.CompanyBill;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.CompanyUnavailable;
import org.cbec.customs.entity.DeclarationState;
import org.cbec.company.CreatedOrder;
import org.cbec.company.CustomsDeclaration;
import org.cbec.company.CustomsRecord;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HttpCall;
import org.cbec.company.HeldMoney;
import org.cbec.company.HttpExchange;
import org.cbec.company.Invocation;
import org.cbec.company.Json;
import org.cbec.company.Nonces;
import org.cbec.company.Notification;
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
import org.cbec.company.UnverifiedAnswer;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.cbec.plumbing.json.Jsonp;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * alphapay: JSON over REST, amounts in fen. Every request is signed SHA256withRSA with the
 * merchant's key over method, path, timestamp, nonce and body ({@link AlphapaySigning}); every
 * answer must carry the company's signature, verified with its public key, or it is no answer.
 * NATIVE gets a code URL, H5 an H5 URL, JSAPI/MINIPRO/APP a prepay id. Settlement is WeChat Pay v3's
 * profit sharing, its wire format in {@link AlphapayProfitSharing}; payouts abroad are this project's
 * own convention in the same style, their wire format in {@link AlphapayPayouts}. The daily bills are
 * WeChat Pay v3's, their wire format in {@link AlphapayBills}; their downloaded files are the one
 * answer accepted without a signature, by the hash a signed answer gave.
 */
@ApplicationScoped
public class AlphapayCompany implements PaymentCompany {

    public static final String METHOD = "alphapay";
    static final String CUSTOMS_PATH = "/v3/global/customs/orders";
    static final String REFUNDS_PATH = "/v3/refund/domestic/refunds";

    @Inject
    AlphapayTransport transport;

    /** The API base; no default (the real company's address is the operator's to give). */
    @Inject
    @ConfigProperty(name = "alphapay.url")
    Optional<String> endpoint;

    @Override
    public String method() {
        return METHOD;
    }

    /** alphapay's code at customs (the code the sandbox's company forwards its payment documents under). */
    @Override
    public String customsCode() {
        return "4403169D3W";
    }

    @Override
    public Set<PaymentType> supportedTypes() {
        return EnumSet.allOf(PaymentType.class);
    }

    /**
     * WeChat-Pay-v3 style: {@code PARAM_ERROR} names a parameter it does not accept;
     * {@code CURRENCY_NOT_SUPPORTED} is a payout's target currency that is not its beneficiary's
     * or not one the company pays in.
     */
    @Override
    public boolean invalidRequest(String refusalCode) {
        return "PARAM_ERROR".equals(refusalCode) || "CURRENCY_NOT_SUPPORTED".equals(refusalCode);
    }

    /**
     * WeChat-Pay-v3 style: {@code FREQUENCY_LIMITED} (HTTP 429), and {@code SYSTEM_ERROR} and
     * {@code BANK_ERROR}, the company's own failures, to be sent again with the same parameters.
     */
    @Override
    public boolean tryLater(String refusalCode) {
        return refusalCode != null && TRY_LATER.contains(refusalCode);
    }

    private static final Set<String> TRY_LATER = Set.of("FREQUENCY_LIMITED", "SYSTEM_ERROR", "BANK_ERROR");

    /** The query's 404 {@code ORDER_NOT_EXIST}. */
    @Override
    public boolean noSuchOrder(String refusalCode) {
        return "ORDER_NOT_EXIST".equals(refusalCode);
    }

    @Override
    public boolean configured() {
        return endpoint.filter(url -> !url.isBlank()).isPresent();
    }

    @Override
    public CreatedOrder create(CompanyAccount account, OrderRequest order, ExchangeRecorder recorder) {
        String path = "/v3/pay/transactions/" + pathOf(order.type());
        JsonObject answer = Json.object(send(account, "create", "POST", path, createBody(account, order), recorder).body());
        String payMessage = switch (order.type()) {
            case NATIVE -> Json.string(answer, "code_url");
            case H5 -> Json.string(answer, "h5_url");
            case JSAPI, MINIPRO, APP -> Json.string(answer, "prepay_id");
        };
        if (payMessage == null) {
            throw new CompanyUnavailable("the company's answer to create lacked the payment reference");
        }
        return new CreatedOrder(order.type().name(), payMessage);
    }

    /**
     * The create's JSON body. {@code settle_info.profit_sharing} is always sent, false included: the
     * company holds the money for settlement only when it is true (as WeChat Pay v3, whose default is false).
     */
    static String createBody(CompanyAccount account, OrderRequest order) {
        JsonObjectBuilder body = Jsonp.object()
                .add("appid", account.appId())
                .add("mchid", account.companyMerchantId())
                .add("description", order.description() != null ? order.description() : order.orderRef())
                .add("out_trade_no", order.orderRef())
                .add("amount", Jsonp.object().add("total", order.amount()).add("currency", order.currency()));
        Json.putIfPresent(body, "time_expire", order.timeExpire());
        Json.putIfPresent(body, "attach", order.attach());
        Json.putIfPresent(body, "notify_url", order.notifyUrl());
        Json.putIfPresent(body, "goods_tag", order.goodsTag());
        if (order.payerId() != null) {
            body.add("payer", Jsonp.object().add("openid", order.payerId()));
        }
        if (order.clientIp() != null) {
            body.add("scene_info", Jsonp.object().add("payer_client_ip", order.clientIp()));
        }
        body.add("settle_info", Jsonp.object().add("profit_sharing", order.heldForSettlement()));
        return body.build().toString();
    }

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public OrderStatus query(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
        String path = "/v3/pay/transactions/out-trade-no/" + encode(orderRef) + "?mchid=" + encode(account.companyMerchantId());
        return orderStatus(Json.object(send(account, "query", "GET", path, "", recorder).body()));
    }

    /** A transaction record (the query's answer, a callback's resource) in the broker's terms. */
    static OrderStatus orderStatus(JsonObject o) {
        JsonObject amount = Json.child(o, "amount");
        String state = Json.string(o, "trade_state");
        String successTime = Json.string(o, "success_time");
        return new OrderStatus(tradeState(state), Json.string(o, "trade_state_desc"), Json.string(o, "transaction_id"),
                Json.string(o, "trade_type"), Json.string(o, "bank_type"), Json.number(amount, "total"),
                Json.string(amount, "currency"), Json.number(amount, "payer_total"), Json.string(amount, "payer_currency"),
                successTime == null ? null : OffsetDateTime.parse(successTime));
    }

    @Override
    public void close(CompanyAccount account, String orderRef, ExchangeRecorder recorder) {
        String path = "/v3/pay/transactions/out-trade-no/" + encode(orderRef) + "/close";
        String body = Jsonp.object().add("mchid", account.companyMerchantId()).build().toString();
        send(account, "close", "POST", path, body, recorder);
    }

    @Override
    public RefundStatus refund(CompanyAccount account, RefundRequest r, ExchangeRecorder recorder) {
        JsonObjectBuilder body = Jsonp.object().add("mchid", account.companyMerchantId()).add("out_trade_no", r.orderRef());
        Json.putIfPresent(body, "transaction_id", r.transactionId());
        body.add("out_refund_no", r.refundNo());
        Json.putIfPresent(body, "reason", r.reason());
        Json.putIfPresent(body, "notify_url", r.notifyUrl());
        body.add("amount", Jsonp.object().add("refund", r.amount()).add("total", r.total()).add("currency", r.currency()));
        return refundStatus(Json.object(send(account, "refund", "POST", REFUNDS_PATH, body.build().toString(), recorder).body()));
    }

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public Optional<RefundStatus> queryRefund(CompanyAccount account, RefundRequest r, ExchangeRecorder recorder) {
        try {
            return Optional.of(refundStatus(Json.object(send(account, "refund-query", "GET",
                    REFUNDS_PATH + "/" + encode(r.refundNo()), "", recorder).body())));
        } catch (CompanyRefusal refusal) {
            if ("RESOURCE_NOT_EXISTS".equals(refusal.code())) {
                return Optional.empty();
            }
            throw refusal;
        }
    }

    @Override
    public Notification readNotification(CompanyAccount account, Map<String, String> headers, String body, Instant now) {
        return AlphapayCallbacks.read(account, headers, body, now);
    }

    /** A refund record: {@code status}, {@code refund_id}, and the amount object's figures. */
    static RefundStatus refundStatus(JsonObject o) {
        JsonObject amount = Json.child(o, "amount");
        String success = Json.string(o, "success_time");
        String status = Json.string(o, "status");
        return new RefundStatus(refundState(status), status, Json.string(o, "refund_id"), Json.number(amount, "payer_total"),
                Json.number(amount, "payer_refund"), Json.string(amount, "payer_currency"), Json.number(amount, "settlement_total"),
                Json.number(amount, "settlement_refund"), success == null ? null : OffsetDateTime.parse(success));
    }

    static RefundState refundState(String status) {
        if (status == null) {
            return RefundState.UNKNOWN;
        }
        return switch (status) {
            case "SUCCESS" -> RefundState.SUCCESS;
            case "PROCESSING" -> RefundState.PROCESSING;
            case "CLOSED" -> RefundState.CLOSED;
            case "ABNORMAL" -> RefundState.ABNORMAL;
            default -> RefundState.UNKNOWN;
        };
    }

    @Override
    public Invocation invocation(CompanyAccount account, PaymentType type, String prepayId, String timeStamp, String nonceStr) {
        long timestamp = timeStamp != null ? Long.parseLong(timeStamp) : Instant.now().getEpochSecond();
        String nonce = nonceStr != null ? nonceStr : Nonces.newNonce();
        Map<String, String> params = type == PaymentType.APP
                ? AlphapaySigning.appInvocation(account.appId(), account.companyMerchantId(), prepayId, account.merchantKey(), timestamp, nonce)
                : AlphapaySigning.jsapiInvocation(account.appId(), prepayId, account.merchantKey(), timestamp, nonce);
        return new Invocation(String.valueOf(timestamp), nonce, Json.of(params));
    }

    @Override
    public CustomsRecord declare(CompanyAccount account, CustomsDeclaration d, ExchangeRecorder recorder) {
        JsonObjectBuilder body = customsBody(account, d).add("action_type", d.actionType());
        Json.putIfPresent(body, "fee_type", d.feeType());
        putIfPresent(body, "order_fee", d.orderFee());
        putIfPresent(body, "transport_fee", d.transportFee());
        putIfPresent(body, "product_fee", d.productFee());
        putIfPresent(body, "duty", d.duty());
        if (d.certId() != null) {
            body.add("cert_type", d.certType()).add("cert_id", AlphapaySensitive.encrypt(account.companyKey(), d.certId()));
        }
        if (d.certName() != null) {
            body.add("name", AlphapaySensitive.encrypt(account.companyKey(), d.certName()));
        }
        return customsRecord(send(account, "customs-declare", "POST", CUSTOMS_PATH, body.build().toString(), recorder).body());
    }

    @Override
    public CustomsRecord redeclare(CompanyAccount account, CustomsDeclaration d, ExchangeRecorder recorder) {
        JsonObjectBuilder body = customsBody(account, d);
        Json.putIfPresent(body, "sub_order_id", d.subOrderId());
        return customsRecord(send(account, "customs-redeclare", "PUT", CUSTOMS_PATH, body.build().toString(), recorder).body());
    }

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public List<CustomsRecord> queryCustoms(CompanyAccount account, String orderNo, String customs, ExchangeRecorder recorder) {
        String path = CUSTOMS_PATH + "?mchid=" + encode(account.companyMerchantId()) + "&order_type=out_trade_no&order_no="
                + encode(orderNo) + "&customs=" + encode(customs);
        JsonObject answer = Json.object(send(account, "customs-query", "GET", path, "", recorder).body());
        JsonArray data = answer.containsKey("data") && answer.get("data") instanceof JsonArray a ? a : JsonValue.EMPTY_JSON_ARRAY;
        return data.stream().map(v -> customsRecord(v.asJsonObject(), v.toString())).toList();
    }

    @Override
    public boolean verifiesIdentity() {
        return true;
    }

    @Override
    public CustomsRecord uploadIdentity(CompanyAccount account, CustomsDeclaration d, ExchangeRecorder recorder) {
        JsonObjectBuilder body = customsBody(account, d)
                .add("certificate_type", d.certType())
                .add("certificate_id", AlphapaySensitive.encrypt(account.companyKey(), d.certId()))
                .add("certificate_name", AlphapaySensitive.encrypt(account.companyKey(), d.certName()));
        return customsRecord(send(account, "identity-upload", "POST", CUSTOMS_PATH + "/verify-certificate",
                body.build().toString(), recorder).body());
    }

    private static JsonObjectBuilder customsBody(CompanyAccount account, CustomsDeclaration d) {
        JsonObjectBuilder body = Jsonp.object()
                .add("appid", account.appId())
                .add("mchid", account.companyMerchantId())
                .add("out_trade_no", d.orderNo())
                .add("transaction_id", d.transactionId())
                .add("customs", d.customs());
        Json.putIfPresent(body, "merchant_customs_no", d.mchCustomsNo());
        Json.putIfPresent(body, "sub_order_no", d.subOrderNo());
        return body;
    }

    private static CustomsRecord customsRecord(String raw) {
        return customsRecord(Json.object(raw), raw);
    }

    private static CustomsRecord customsRecord(JsonObject o, String raw) {
        String modified = Json.string(o, "modify_time");
        return new CustomsRecord(declarationState(Json.string(o, "state")), Json.string(o, "sub_order_no"),
                Json.string(o, "sub_order_id"), Json.string(o, "explanation"), modified == null ? null : OffsetDateTime.parse(modified),
                Json.string(o, "cert_check_result"), Json.string(o, "verify_department"),
                Json.string(o, "verify_department_trade_id"), Json.string(o, "result_code"), raw);
    }

    static DeclarationState declarationState(String state) {
        try {
            return state == null ? DeclarationState.UNDECLARED : DeclarationState.valueOf(state);
        } catch (IllegalArgumentException unknown) {
            return DeclarationState.EXCEPT;
        }
    }

    private static void putIfPresent(JsonObjectBuilder body, String name, Long value) {
        if (value != null) {
            body.add(name, value);
        }
    }

    /** Signs and sends; a verified 4xx answer {@code {code, message}} is the company's refusal. */
    private HttpExchange send(CompanyAccount account, String operation, String method, String path, String body,
            ExchangeRecorder recorder) {
        return send(account, operation, method, path, body, UnaryOperator.identity(), recorder);
    }

    /** As above; {@code masking} is applied to the answer before it is stored and to a refusal's message. */
    private HttpExchange send(CompanyAccount account, String operation, String method, String path, String body,
            UnaryOperator<String> masking, ExchangeRecorder recorder) {
        String endpoint = this.endpoint.orElseThrow(() -> new CompanyUnavailable("alphapay.url is not configured"));
        URI base = URI.create(endpoint);
        String pathAndQuery = base.getRawPath() + path;
        String authorization = AlphapaySigning.authorization(account.companyMerchantId(), account.keySerial(),
                account.merchantKey(), method, pathAndQuery, body, Instant.now().getEpochSecond(), Nonces.newNonce());
        HttpCall call = new HttpCall(operation, method, endpoint + path,
                Map.of("Authorization", authorization, "Accept", "application/json"),
                "GET".equals(method) ? null : body, "application/json", method + " " + pathAndQuery + "\n" + body, masking);
        // Fault Tolerance's refusals (an open circuit, a full bulkhead) pass through to CompanyPort, which makes them outcomes.
        HttpExchange answer = transport.exchange(call, a -> AlphapaySigning.verifyResponse(account.companyKey(),
                a.header(AlphapaySigning.H_TIMESTAMP), a.header(AlphapaySigning.H_NONCE), a.body(),
                a.header(AlphapaySigning.H_SIGNATURE)), recorder);
        if (answer.status() >= 300) {
            JsonObject error = Json.object(answer.body());
            throw new CompanyRefusal(String.valueOf(Json.string(error, "code")),
                    masking.apply(String.valueOf(Json.string(error, "message"))));
        }
        return answer;
    }

    private static String pathOf(PaymentType type) {
        return switch (type) {
            case NATIVE -> "native";
            case H5 -> "h5";
            case JSAPI, MINIPRO -> "jsapi";
            case APP -> "app";
        };
    }

    static TradeState tradeState(String companyState) {
        if (companyState == null) {
            return TradeState.UNKNOWN;
        }
        return switch (companyState) {
            case "SUCCESS", "REFUND" -> TradeState.SUCCESS;
            case "NOTPAY" -> TradeState.NOTPAY;
            case "USERPAYING" -> TradeState.USERPAYING;
            case "CLOSED", "REVOKED" -> TradeState.CLOSED;
            case "PAYERROR" -> TradeState.PAYERROR;
            default -> TradeState.UNKNOWN;
        };
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    // ---- settlement (WeChat Pay v3 profit sharing; the wire format is AlphapayProfitSharing's) ----

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public void addReceiver(CompanyAccount account, SettlementReceiver receiver, ExchangeRecorder recorder) {
        send(account, "receiver-add", "POST", AlphapayProfitSharing.RECEIVER_ADD_PATH,
                AlphapayProfitSharing.receiverAddBody(account, receiver), recorder);
    }

    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public void deleteReceiver(CompanyAccount account, String type, String receiverAccount, ExchangeRecorder recorder) {
        send(account, "receiver-delete", "POST", AlphapayProfitSharing.RECEIVER_DELETE_PATH,
                AlphapayProfitSharing.receiverDeleteBody(account, type, receiverAccount), recorder);
    }

    @Override
    public SplitStatus split(CompanyAccount account, SplitRequest split, ExchangeRecorder recorder) {
        return AlphapayProfitSharing.splitStatus(send(account, "split", "POST", AlphapayProfitSharing.ORDERS_PATH,
                AlphapayProfitSharing.splitBody(account, split), recorder).body());
    }

    @Override
    public SplitStatus release(CompanyAccount account, ReleaseRequest release, ExchangeRecorder recorder) {
        return AlphapayProfitSharing.splitStatus(send(account, "release", "POST", AlphapayProfitSharing.UNFREEZE_PATH,
                AlphapayProfitSharing.unfreezeBody(release), recorder).body());
    }

    /** A split or a release by its number; the company's 404 {@code RESOURCE_NOT_EXISTS} is "no such split". */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public Optional<SplitStatus> querySplit(CompanyAccount account, String orderRef, String transactionId, String splitNo,
            ExchangeRecorder recorder) {
        try {
            return Optional.of(AlphapayProfitSharing.splitStatus(send(account, "split-query", "GET",
                    AlphapayProfitSharing.queryPath(splitNo, transactionId), "", recorder).body()));
        } catch (CompanyRefusal refusal) {
            if ("RESOURCE_NOT_EXISTS".equals(refusal.code())) {
                return Optional.empty();
            }
            throw refusal;
        }
    }

    /** alphapay knows a payment's held money by its transaction id only ({@code orderRef} is not sent). */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public HeldMoney heldMoney(CompanyAccount account, String orderRef, String transactionId, ExchangeRecorder recorder) {
        return AlphapayProfitSharing.heldMoney(send(account, "held-query", "GET", AlphapayProfitSharing.amountsPath(transactionId),
                "", recorder).body(), transactionId);
    }

    // ---- payouts abroad (this project's convention, modelled on WeChat Pay settlement batches; wire format in AlphapayPayouts) ----

    /**
     * The company answers the beneficiary masked; whatever it answers is stored and read masked
     * all the same ({@link AlphapayPayouts#masked}), so that neither the recorded exchange nor a
     * refusal's message holds the account or the holder in clear.
     */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public void registerBeneficiary(CompanyAccount account, Beneficiary beneficiary, ExchangeRecorder recorder) {
        send(account, "beneficiary", "POST", AlphapayPayouts.BENEFICIARY_PATH, AlphapayPayouts.beneficiaryBody(account, beneficiary),
                text -> AlphapayPayouts.masked(beneficiary, text), recorder);
    }

    @Override
    public PayoutStatus payout(CompanyAccount account, PayoutRequest payout, ExchangeRecorder recorder) {
        return AlphapayPayouts.payoutStatus(send(account, "payout", "POST", AlphapayPayouts.PAYOUTS_PATH,
                AlphapayPayouts.payoutBody(payout), recorder).body());
    }

    /** A payout by its number; the company's 404 {@code RESOURCE_NOT_EXISTS} is "no such payout". */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public Optional<PayoutStatus> queryPayout(CompanyAccount account, String payoutNo, ExchangeRecorder recorder) {
        try {
            return Optional.of(AlphapayPayouts.payoutStatus(send(account, "payout-query", "GET", AlphapayPayouts.queryPath(payoutNo), "",
                    recorder).body()));
        } catch (CompanyRefusal refusal) {
            if ("RESOURCE_NOT_EXISTS".equals(refusal.code())) {
                return Optional.empty();
            }
            throw refusal;
        }
    }

    // ---- daily bills (WeChat Pay v3's trade, fund-flow and profit-sharing bills; wire format in AlphapayBills) ----

    /**
     * Asks for each of the day's three bills (signed and verified as every call), and downloads each
     * offered file, gzip, from the company's own host, into a working file; each is read through once
     * (a file that does not read is no answer) before the bill is given. The company's
     * {@code NO_STATEMENT_EXIST} is a bill without lines.
     */
    @Override
    @Retry(maxRetries = 2, delay = 200, delayUnit = ChronoUnit.MILLIS, retryOn = CompanyUnavailable.class)
    public CompanyBill bill(CompanyAccount account, LocalDate billDate, ExchangeRecorder recorder) {
        List<BillFile> files = new ArrayList<>();
        List<AlphapayBills.Bill> read = new ArrayList<>();
        long count = 0;
        try {
            for (AlphapayBills.Bill bill : AlphapayBills.Bill.values()) {
                AlphapayBills.Offer offer;
                try {
                    offer = AlphapayBills.offer(send(account, "bill", "GET", bill.path(billDate), "", recorder).body());
                } catch (CompanyRefusal refusal) {
                    if ("NO_STATEMENT_EXIST".equals(refusal.code())) {
                        continue;
                    }
                    throw refusal;
                }
                Path file = workFile(bill);
                files.add(new BillFile(bill.fileName, AlphapayBills.CONTENT_TYPE, offer.hashType(), offer.hashValue(), file, 0));
                download(account, bill, billDate, offer, file, recorder);
                count += AlphapayBills.read(bill, billDate, file, line -> { });
                files.set(files.size() - 1, new BillFile(bill.fileName, AlphapayBills.CONTENT_TYPE, offer.hashType(), offer.hashValue(),
                        file, size(file)));
                read.add(bill);
            }
        } catch (RuntimeException e) {
            new CompanyBill(billDate, files, 0, (orders, each) -> { }).close();
            throw e;
        }
        List<BillFile> kept = List.copyOf(files);
        return new CompanyBill(billDate, kept, count, (orders, each) -> {
            for (int i = 0; i < kept.size(); i++) {
                AlphapayBills.lines(read.get(i), billDate, kept.get(i).path(), orders, each);
            }
        });
    }

    private static Path workFile(AlphapayBills.Bill bill) {
        try {
            return Files.createTempFile("cbec-alphapay-" + bill.fileName + "-", ".gz");
        } catch (IOException e) {
            throw new CompanyUnavailable("no working file for the bill could be made: " + e.getMessage());
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new CompanyUnavailable("the bill's working file could not be read");
        }
    }

    /**
     * Downloads an offered file into {@code file} with the merchant's signed Authorization, as the
     * company requires. The file is the one answer of alphapay that carries no signature, and the
     * only unsigned answer this adapter accepts: it is taken only from the company's own scheme, host
     * and port, and only when its content has the SHA-1 that the signed answer offering it gave
     * ({@link AlphapayBills.FileCheck}). What is recorded of it is a summary, not the file.
     */
    private void download(CompanyAccount account, AlphapayBills.Bill bill, LocalDate billDate, AlphapayBills.Offer offer, Path file,
            ExchangeRecorder recorder) {
        String endpoint = this.endpoint.orElseThrow(() -> new CompanyUnavailable("alphapay.url is not configured"));
        String what = "the alphapay " + bill.fileName + " of " + billDate;
        if (!AlphapayBills.onCompanyHost(offer.downloadUrl(), endpoint)) {
            throw new UnverifiedAnswer(what + " was offered from a URL that is not the company's; not fetched");
        }
        URI url = URI.create(offer.downloadUrl());
        String pathAndQuery = url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        String authorization = AlphapaySigning.authorization(account.companyMerchantId(), account.keySerial(),
                account.merchantKey(), "GET", pathAndQuery, "", Instant.now().getEpochSecond(), Nonces.newNonce());
        HttpCall call = new HttpCall("bill-download", "GET", offer.downloadUrl(), Map.of("Authorization", authorization), null, null,
                "GET " + pathAndQuery + "\n").summarisedAs(received -> AlphapayBills.summary(bill, file));
        AlphapayBills.FileCheck check = new AlphapayBills.FileCheck(offer.hashValue(), a -> AlphapaySigning.verifyResponse(
                account.companyKey(), a.header(AlphapaySigning.H_TIMESTAMP), a.header(AlphapaySigning.H_NONCE), a.body(),
                a.header(AlphapaySigning.H_SIGNATURE)), file);
        HttpExchange answer;
        try {
            answer = transport.download(call, file, check, recorder);
        } catch (UnverifiedAnswer unverified) {
            if (check.fileUnmatched) {
                throw new UnverifiedAnswer(what + " does not match the SHA-1 the company gave for it");
            }
            throw unverified;
        }
        if (answer.status() >= 300) {
            JsonObject error = Json.object(answer.body());
            throw new CompanyRefusal(String.valueOf(Json.string(error, "code")), String.valueOf(Json.string(error, "message")));
        }
    }
}
