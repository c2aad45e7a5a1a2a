package org.cbec.broker.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.security.PublicKey;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import org.cbec.payment.company.Json;
import org.cbec.payment.company.RsaSignatures;
import org.cbec.payment.company.betapay.BetapaySigning;
import org.cbec.platform.json.Jsonp;
import org.cbec.sandbox.entity.SandboxOrder;

/** The company side of the betapay gateway: verifies the RSA2 signature, keeps orders, signs answers. */
@ApplicationScoped
public class BetapaySandbox {

    static final String METHOD = "betapay";
    private static final DateTimeFormatter GATEWAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @Inject
    SandboxBooks books;

    @Inject
    SandboxFaults faults;

    public Response gateway(String form, String baseUrl) {
        Map<String, String> params;
        try {
            params = BetapaySigning.formDecode(form);
        } catch (IllegalArgumentException e) {
            params = Map.of();
        }
        String method = params.getOrDefault("method", "");
        if (!method.matches("betapay\\.trade\\.(precreate|wap\\.pay|app\\.pay|create|query|close|customs\\.(declare|redeclare|query))")) {
            return answer("betapay.error", node("40004", "Business Failed", "ACQ.INVALID_METHOD", "unknown method"), false);
        }
        String appId = params.getOrDefault("app_id", "");
        String mch = appId.substring(appId.lastIndexOf('-') + 1);
        Optional<PublicKey> key = books.merchantKey(METHOD, mch);
        if (key.isEmpty() || !BetapaySigning.verify(params, key.get())) {
            return answer(method, node("40002", "Invalid Arguments", "isv.invalid-signature", "the request signature does not verify"), false);
        }
        JsonObject biz = Json.object(params.get("biz_content"));
        String orderRef = Json.string(biz, "out_trade_no");
        if (orderRef == null) {
            return answer(method, node("40004", "Business Failed", "ACQ.INVALID_PARAMETER", "out_trade_no is required"), false);
        }
        Optional<SandboxFaults.Fault> fault = faults.take(METHOD, mch, orderRef);
        Optional<Integer> failure = faults.stallOrFail(fault);
        if (failure.isPresent()) {
            return Response.status(failure.get()).type(MediaType.TEXT_PLAIN).entity("sandbox fault").build();
        }
        boolean bad = fault.isPresent() && fault.get().mode() == SandboxFaults.Mode.BAD_SIGNATURE;
        return answer(method, handle(method, mch, orderRef, biz, baseUrl), bad);
    }

    private String handle(String method, String mch, String orderRef, JsonObject biz, String baseUrl) {
        switch (method) {
            case "betapay.trade.customs.declare":
            case "betapay.trade.customs.redeclare": {
                String customs = Json.string(biz, "customs_place");
                String requestNo = Json.string(biz, "out_request_no");
                String sub = requestNo == null || requestNo.equals(orderRef) ? "" : requestNo;
                SandboxBooks.CustomsOutcome outcome = method.endsWith("redeclare")
                        ? books.redeclare(METHOD, mch, orderRef, sub, String.valueOf(customs))
                        : books.declare(METHOD, mch, orderRef, sub, String.valueOf(customs),
                                SandboxBooks.identityHash(Json.string(biz, "buyer_name"), Json.string(biz, "buyer_cert_no")));
                if (outcome.declaration() == null) {
                    return node("40004", "Business Failed", "ACQ." + outcome.refusalCode(), outcome.refusal());
                }
                JsonObjectBuilder answer = success();
                customsRecord(outcome.declaration()).forEach(answer::add);
                return answer.build().toString();
            }
            case "betapay.trade.customs.query": {
                var records = Jsonp.array();
                books.declarations(METHOD, mch, orderRef, String.valueOf(Json.string(biz, "customs_place")))
                        .forEach(d -> records.add(customsRecord(d)));
                return success().add("out_trade_no", orderRef).add("records", records).build().toString();
            }
            case "betapay.trade.query": {
                return books.order(METHOD, mch, orderRef).map(this::status)
                        .orElseGet(() -> node("40004", "Business Failed", "ACQ.TRADE_NOT_EXIST", "no such trade"));
            }
            case "betapay.trade.close": {
                if (books.order(METHOD, mch, orderRef).isEmpty()) {
                    return node("40004", "Business Failed", "ACQ.TRADE_NOT_EXIST", "no such trade");
                }
                return books.close(METHOD, mch, orderRef) ? success().add("out_trade_no", orderRef).build().toString()
                        : node("40004", "Business Failed", "ACQ.TRADE_STATUS_ERROR", "the trade is paid and cannot be closed");
            }
            default: {
                long amount;
                try {
                    amount = BetapaySigning.fen(String.valueOf(Json.string(biz, "total_amount")));
                } catch (IllegalArgumentException e) {
                    return node("40004", "Business Failed", "ACQ.INVALID_PARAMETER", "total_amount must be an amount like 88.88");
                }
                String currency = Json.string(biz, "trans_currency") != null ? Json.string(biz, "trans_currency") : "CNY";
                String tradeType = switch (method) {
                    case "betapay.trade.precreate" -> "NATIVE";
                    case "betapay.trade.wap.pay" -> "H5";
                    case "betapay.trade.app.pay" -> "APP";
                    default -> "MINIPRO";
                };
                SandboxBooks.Created created = books.create(METHOD, mch, orderRef, tradeType, amount, currency, Json.string(biz, "subject"));
                if (created.conflicting()) {
                    return node("40004", "Business Failed", "ACQ.TRADE_HAS_EXIST", "out_trade_no was used with other parameters");
                }
                String tradeNo = created.order().getPrepayId();
                JsonObjectBuilder answer = success().add("out_trade_no", orderRef);
                switch (tradeType) {
                    case "NATIVE" -> answer.add("qr_code", "betapay://qr/" + tradeNo);
                    case "H5" -> answer.add("page_url", baseUrl + "/page/" + tradeNo);
                    default -> answer.add("trade_no", tradeNo);
                }
                return answer.build().toString();
            }
        }
    }

    private static JsonObject customsRecord(org.cbec.sandbox.entity.SandboxDeclaration d) {
        JsonObjectBuilder r = Jsonp.object()
                .add("out_request_no", d.getSubOrderNo().isEmpty() ? d.getOrderRef() : d.getSubOrderNo())
                .add("out_trade_no", d.getOrderRef())
                .add("customs_trade_no", d.getSubOrderId())
                .add("status", d.getState())
                .add("last_modified_time", d.getModifiedAt().atZoneSameInstant(ZoneId.of("Asia/Shanghai")).format(GATEWAY_TIME))
                .add("identity_check", d.getCertCheckResult())
                .add("verify_department", "OTHERS")
                .add("verify_department_trade_id", d.getVerifyTradeId())
                .add("customs_result_code", "SUCCESS");
        if (d.getExplanation() != null) {
            r.add("memo", d.getExplanation());
        }
        return r.build();
    }

    private String status(SandboxOrder o) {
        JsonObjectBuilder s = success()
                .add("out_trade_no", o.getOrderRef())
                .add("trade_status", switch (o.getState()) {
                    case NOTPAY -> "WAIT_BUYER_PAY";
                    case SUCCESS -> "TRADE_SUCCESS";
                    case CLOSED -> "TRADE_CLOSED";
                })
                .add("trade_type", o.getTradeType())
                .add("total_amount", BetapaySigning.yuan(o.getAmount()))
                .add("trans_currency", o.getCurrency());
        if (o.getState() == SandboxOrder.State.SUCCESS) {
            long payer = "CNY".equals(o.getCurrency()) ? o.getAmount() : o.getAmount() * 9;
            s.add("trade_no", o.getTransactionId())
                    .add("buyer_pay_amount", BetapaySigning.yuan(payer))
                    .add("fund_channel", "BALANCE")
                    .add("send_pay_date", o.getPaidAt().atZoneSameInstant(ZoneId.of("Asia/Shanghai")).format(GATEWAY_TIME));
        }
        return s.build().toString();
    }

    private Response answer(String method, String node, boolean bad) {
        String body = BetapaySigning.signedResponse(method, node, books.companyPrivateKey(METHOD));
        if (bad) {
            String tampered = RsaSignatures.sign(books.companyPrivateKey(METHOD), "tampered " + node);
            body = "{\"" + BetapaySigning.responseKey(method) + "\":" + node + ",\"sign\":\"" + tampered + "\"}";
        }
        return Response.ok(body, MediaType.APPLICATION_JSON).build();
    }

    private static JsonObjectBuilder success() {
        return Jsonp.object().add("code", "10000").add("msg", "Success");
    }

    private static String node(String code, String msg, String subCode, String subMsg) {
        return Jsonp.object().add("code", code).add("msg", msg).add("sub_code", subCode)
                .add("sub_msg", subMsg).build().toString();
    }
}
