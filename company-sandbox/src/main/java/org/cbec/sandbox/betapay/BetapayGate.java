package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.codec.PlainText;
import org.cbec.sandbox.codec.Utf8;
import org.cbec.sandbox.faults.Reception;

/**
 * betapay's gateway: reads the form, finds the method and the account ({@code app_id}), verifies
 * the signature, then hands the authenticated request to {@link Reception} (fault, request log,
 * books) and signs the node that comes back. Every answer is HTTP 200 with a signed node, a refusal
 * of a body that is not a form included (then as {@code betapay_error_response}); only an ERROR
 * fault answers otherwise.
 */
@ApplicationScoped
public class BetapayGate {

    private static final Logger LOG = Logger.getLogger(BetapayGate.class.getName());

    static final String COMPANY = Companies.BETAPAY;

    @Inject
    Accounts accounts;

    @Inject
    Reception reception;

    @Inject
    BetapaySigner signer;

    @Inject
    BetapayOperations operations;

    public Response serve(String contentType, byte[] body, String baseUrl) {
        if (!GatewayForm.isForm(contentType)) {
            return error("ACQ.INVALID_PARAMETER", "Content-Type must be application/x-www-form-urlencoded (UTF-8)");
        }
        if (body == null) {
            return error("ACQ.INVALID_PARAMETER", "the request body is larger than 64 KiB");
        }
        Map<String, String> params;
        try {
            params = GatewayForm.decode(Utf8.decode(body));
        } catch (IllegalArgumentException e) {
            return error("ACQ.INVALID_PARAMETER", "the body is not a well-formed UTF-8 form: " + e.getMessage());
        }
        Optional<BetapayOperations.Method> method = BetapayOperations.Method.named(params.get("method"));
        if (method.isEmpty()) {
            return signer.answer(BetapaySigner.ERROR_RESPONSE,
                    BetapayNode.businessFailed("ACQ.INVALID_METHOD", "unknown or missing method"), false);
        }
        String responseKey = BetapaySigner.responseKey(method.get().method());
        String appId = params.get("app_id");
        Optional<Party> party = PlainText.isPlain(appId, 64) ? accounts.byAppId(COMPANY, appId) : Optional.empty();
        if (party.isEmpty()) {
            return refuseSignature(responseKey, "no account with this app_id", null);
        }
        if (!"RSA2".equals(params.get("sign_type"))) {
            return refuseSignature(responseKey, "sign_type must be RSA2", party.get());
        }
        if (!Rsa.verify(party.get().merchantKey(), SignContent.of(params), params.get("sign"))) {
            return refuseSignature(responseKey, "the request signature does not verify", party.get());
        }
        BetapayOperations.Call call = operations.read(method.get(), params, party.get(), baseUrl);
        String kind = call.kind() != null ? call.kind() : method.get().kind();
        RequestLog.Visit visit = new RequestLog.Visit(party.get().accountId(), COMPANY, kind, call.orderRef());
        Reception.Served<String> served = reception.serve(visit, call.work(), node -> 200);
        if (served.errorStatus() != null) {
            return BetapaySigner.faultError(served.errorStatus());
        }
        if (served.refusal() != null) {
            return signer.answer(responseKey, BetapayNode.refusedWith(served.refusal().code(), "sandbox fault: refused"), false);
        }
        return signer.answer(responseKey, served.answer(), served.badSignature());
    }

    /** A refusal before any method could be read, answered as betapay answers those. */
    public Response error(String subCode, String message) {
        return signer.answer(BetapaySigner.ERROR_RESPONSE, BetapayNode.businessFailed(subCode, message), false);
    }

    private Response refuseSignature(String responseKey, String reason, Party party) {
        LOG.info(() -> "betapay request refused (isv.invalid-signature): " + reason + (party == null ? "" : ", " + party));
        return signer.answer(responseKey, BetapayNode.refusal(BetapayNode.INVALID_ARGUMENTS, "isv.invalid-signature", reason), false);
    }
}
