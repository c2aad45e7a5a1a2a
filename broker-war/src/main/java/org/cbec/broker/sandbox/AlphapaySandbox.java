package org.cbec.broker.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Optional;
import org.cbec.payment.company.Json;
import org.cbec.payment.company.Nonces;
import org.cbec.payment.company.RsaSignatures;
import org.cbec.payment.company.alphapay.AlphapaySensitive;
import org.cbec.payment.company.alphapay.AlphapaySigning;
import org.cbec.platform.json.Jsonp;
import org.cbec.sandbox.entity.SandboxOrder;

/** The company side of the alphapay protocol: verifies, keeps orders, answers signed. */
@ApplicationScoped
public class AlphapaySandbox {

    static final String METHOD = "alphapay";
    static final String SERIAL = "SANDBOX-ALPHAPAY-1";

    @Inject
    SandboxBooks books;

    @Inject
    SandboxFaults faults;

    public Response create(String kind, String method, String pathAndQuery, String authorization, String body, String baseUrl) {
        JsonObject o = Json.object(body);
        String mch = Json.string(o, "mchid");
        Optional<Response> refused = authenticate(mch, method, pathAndQuery, authorization, body);
        if (refused.isPresent()) {
            return refused.get();
        }
        String orderRef = Json.string(o, "out_trade_no");
        JsonObject amount = Json.child(o, "amount");
        Long total = Json.number(amount, "total");
        String tradeType = switch (kind) {
            case "native" -> "NATIVE";
            case "h5" -> "H5";
            case "jsapi" -> "JSAPI";
            case "app" -> "APP";
            default -> null;
        };
        if (orderRef == null || total == null || total <= 0 || tradeType == null || Json.string(o, "appid") == null) {
            return sign(400, error("PARAM_ERROR", "appid, out_trade_no, amount.total and a known trade type are required"), false);
        }
        String currency = Json.string(amount, "currency") != null ? Json.string(amount, "currency") : "CNY";
        return faulted(mch, orderRef, () -> {
            SandboxBooks.Created created = books.create(METHOD, mch, orderRef, tradeType, total, currency, Json.string(o, "description"));
            if (created.conflicting()) {
                return new Answer(400, error("INVALID_REQUEST", "out_trade_no " + orderRef + " was used with other parameters"));
            }
            String prepay = created.order().getPrepayId();
            String answer = switch (tradeType) {
                case "NATIVE" -> Jsonp.object().add("code_url", "alphapay://pay/bizpayurl?pr=" + prepay).build().toString();
                case "H5" -> Jsonp.object().add("h5_url", baseUrl + "/h5/" + prepay).build().toString();
                default -> Jsonp.object().add("prepay_id", prepay).build().toString();
            };
            return new Answer(200, answer);
        });
    }

    public Response query(String orderRef, String mch, String method, String pathAndQuery, String authorization) {
        Optional<Response> refused = authenticate(mch, method, pathAndQuery, authorization, "");
        if (refused.isPresent()) {
            return refused.get();
        }
        return faulted(mch, orderRef, () -> books.order(METHOD, mch, orderRef)
                .map(o -> new Answer(200, status(o)))
                .orElseGet(() -> new Answer(404, error("ORDER_NOT_EXIST", "no order " + orderRef))));
    }

    public Response close(String orderRef, String method, String pathAndQuery, String authorization, String body) {
        String mch = Json.string(Json.object(body), "mchid");
        Optional<Response> refused = authenticate(mch, method, pathAndQuery, authorization, body);
        if (refused.isPresent()) {
            return refused.get();
        }
        return faulted(mch, orderRef, () -> {
            if (books.order(METHOD, mch, orderRef).isEmpty()) {
                return new Answer(404, error("ORDER_NOT_EXIST", "no order " + orderRef));
            }
            return books.close(METHOD, mch, orderRef) ? new Answer(204, "")
                    : new Answer(400, error("ORDERPAID", "the order is paid and cannot be closed"));
        });
    }

    // ---- customs ---------------------------------------------------------------------------------

    /** POST (declare, ADD or MODIFY) and PUT (redeclare) of /v3/global/customs/orders. */
    public Response customsSubmit(boolean redeclare, String method, String pathAndQuery, String authorization, String body) {
        JsonObject o = Json.object(body);
        String mch = Json.string(o, "mchid");
        Optional<Response> refused = authenticate(mch, method, pathAndQuery, authorization, body);
        if (refused.isPresent()) {
            return refused.get();
        }
        String orderRef = Json.string(o, "out_trade_no");
        String customs = Json.string(o, "customs");
        if (orderRef == null || customs == null || Json.string(o, "transaction_id") == null) {
            return sign(400, error("PARAM_ERROR", "out_trade_no, transaction_id and customs are required"), false);
        }
        String sub = Json.string(o, "sub_order_no") == null ? "" : Json.string(o, "sub_order_no");
        return faulted(mch, orderRef, () -> {
            SandboxBooks.CustomsOutcome outcome;
            if (redeclare) {
                outcome = books.redeclare(METHOD, mch, orderRef, sub, customs);
            } else {
                String certId = decrypt(Json.string(o, "cert_id"));
                String name = decrypt(Json.string(o, "name"));
                outcome = books.declare(METHOD, mch, orderRef, sub, customs, SandboxBooks.identityHash(name, certId));
            }
            return outcome.declaration() == null ? new Answer(400, error(outcome.refusalCode(), outcome.refusal()))
                    : new Answer(200, record(outcome.declaration(), o));
        });
    }

    public Response customsQuery(String mch, String orderRef, String customs, String method, String pathAndQuery, String authorization) {
        Optional<Response> refused = authenticate(mch, method, pathAndQuery, authorization, "");
        if (refused.isPresent()) {
            return refused.get();
        }
        return faulted(mch, orderRef, () -> {
            var data = Jsonp.array();
            for (var d : books.declarations(METHOD, mch, orderRef, customs)) {
                data.add(Json.object(record(d, null)));
            }
            return new Answer(200, Jsonp.object().add("data", data).build().toString());
        });
    }

    public Response verifyCertificate(String method, String pathAndQuery, String authorization, String body) {
        JsonObject o = Json.object(body);
        String mch = Json.string(o, "mchid");
        Optional<Response> refused = authenticate(mch, method, pathAndQuery, authorization, body);
        if (refused.isPresent()) {
            return refused.get();
        }
        String orderRef = Json.string(o, "out_trade_no");
        String certId = decrypt(Json.string(o, "certificate_id"));
        String name = decrypt(Json.string(o, "certificate_name"));
        if (orderRef == null || certId == null || name == null) {
            return sign(400, error("PARAM_ERROR", "out_trade_no and the encrypted certificate_id and certificate_name are required"), false);
        }
        String sub = Json.string(o, "sub_order_no") == null ? "" : Json.string(o, "sub_order_no");
        String customs = String.valueOf(Json.string(o, "customs"));
        return faulted(mch, orderRef, () -> {
            SandboxBooks.CustomsOutcome outcome = books.verifyIdentity(METHOD, mch, orderRef, sub, customs,
                    SandboxBooks.identityHash(name, certId));
            if (outcome.refusalCode() != null) {
                return new Answer(400, error(outcome.refusalCode(), outcome.refusal()));
            }
            if (outcome.declaration() != null) {
                return new Answer(200, record(outcome.declaration(), o));
            }
            return new Answer(200, Jsonp.object().add("out_trade_no", orderRef).add("customs", customs)
                    .add("state", "UNDECLARED").add("cert_check_result", outcome.refusal()).build().toString());
        });
    }

    private String decrypt(String ciphertext) {
        return ciphertext == null ? null : AlphapaySensitive.decrypt(books.companyPrivateKey(METHOD), ciphertext);
    }

    private static String record(org.cbec.sandbox.entity.SandboxDeclaration d, JsonObject request) {
        var r = Jsonp.object()
                .add("out_trade_no", d.getOrderRef())
                .add("customs", d.getCustoms())
                .add("state", d.getState())
                .add("sub_order_id", d.getSubOrderId())
                .add("modify_time", d.getModifiedAt().withOffsetSameInstant(java.time.ZoneOffset.ofHours(8)).toString())
                .add("cert_check_result", d.getCertCheckResult())
                .add("verify_department", "OTHERS")
                .add("verify_department_trade_id", d.getVerifyTradeId())
                .add("result_code", "SUCCESS");
        if (!d.getSubOrderNo().isEmpty()) {
            r.add("sub_order_no", d.getSubOrderNo());
        }
        if (d.getExplanation() != null) {
            r.add("explanation", d.getExplanation());
        }
        return r.build().toString();
    }

    private String status(SandboxOrder o) {
        var amount = Jsonp.object().add("total", o.getAmount()).add("currency", o.getCurrency());
        var status = Jsonp.object()
                .add("mchid", o.getCompanyMerchantId())
                .add("out_trade_no", o.getOrderRef())
                .add("trade_type", o.getTradeType())
                .add("trade_state", o.getState().name())
                .add("trade_state_desc", switch (o.getState()) {
                    case NOTPAY -> "awaiting payment";
                    case SUCCESS -> "payment succeeded";
                    case CLOSED -> "order closed";
                });
        if (o.getState() == SandboxOrder.State.SUCCESS) {
            // The payer pays in CNY; the sandbox converts GBP at a fixed 9.00 for test arithmetic.
            long payerTotal = "CNY".equals(o.getCurrency()) ? o.getAmount() : o.getAmount() * 9;
            amount.add("payer_total", payerTotal).add("payer_currency", "CNY");
            status.add("transaction_id", o.getTransactionId()).add("bank_type", "OTHERS")
                    .add("success_time", o.getPaidAt().withOffsetSameInstant(java.time.ZoneOffset.ofHours(8)).toString());
        }
        return status.add("amount", amount).build().toString();
    }

    private Optional<Response> authenticate(String mch, String method, String pathAndQuery, String authorization, String body) {
        Optional<AlphapaySigning.Authorization> auth = AlphapaySigning.parse(authorization);
        if (auth.isEmpty()) {
            return Optional.of(sign(401, error("SIGN_ERROR", "missing or malformed Authorization"), false));
        }
        Optional<PublicKey> key = books.merchantKey(METHOD, auth.get().mchid());
        if (key.isEmpty() || mch != null && !mch.equals(auth.get().mchid())
                || !AlphapaySigning.verifyRequest(key.get(), method, pathAndQuery, body, auth.get())) {
            return Optional.of(sign(401, error("SIGN_ERROR", "the request signature does not verify"), false));
        }
        return Optional.empty();
    }

    /** An answer before signing. */
    record Answer(int status, String body) {
    }

    private Response faulted(String mch, String orderRef, java.util.function.Supplier<Answer> work) {
        Optional<SandboxFaults.Fault> fault = faults.take(METHOD, mch, orderRef);
        Optional<Integer> failure = faults.stallOrFail(fault);
        if (failure.isPresent()) {
            return Response.status(failure.get()).type(MediaType.APPLICATION_JSON).entity(error("SYSTEM_ERROR", "sandbox fault")).build();
        }
        Answer answer = work.get();
        boolean badSignature = fault.isPresent() && fault.get().mode() == SandboxFaults.Mode.BAD_SIGNATURE;
        return sign(answer.status(), answer.body(), badSignature);
    }

    private Response sign(int status, String body, boolean bad) {
        long timestamp = Instant.now().getEpochSecond();
        String nonce = Nonces.newNonce();
        AlphapaySigning.ResponseSignature signature = AlphapaySigning.signResponse(books.companyPrivateKey(METHOD), SERIAL,
                body, timestamp, nonce);
        String value = bad ? RsaSignatures.sign(books.companyPrivateKey(METHOD), "tampered " + body) : signature.signature();
        Response.ResponseBuilder response = Response.status(status)
                .header(AlphapaySigning.H_TIMESTAMP, signature.timestamp())
                .header(AlphapaySigning.H_NONCE, signature.nonce())
                .header(AlphapaySigning.H_SIGNATURE, value)
                .header(AlphapaySigning.H_SERIAL, signature.serial());
        return body.isEmpty() ? response.build() : response.type(MediaType.APPLICATION_JSON).entity(body).build();
    }

    static String error(String code, String message) {
        return Jsonp.object().add("code", code).add("message", message).build().toString();
    }
}
