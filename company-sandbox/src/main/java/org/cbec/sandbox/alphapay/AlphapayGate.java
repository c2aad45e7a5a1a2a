package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.codec.PlainText;
import org.cbec.sandbox.faults.Reception;

/**
 * alphapay's door: authenticates every request (the Authorization header, the account it names,
 * the clock, the signature over the exact path, query and body), then hands the authenticated
 * request to {@link Reception} (fault, request log, books) and signs what comes back. Every answer
 * is signed, a refusal of authentication (401 SIGN_ERROR) included.
 */
@ApplicationScoped
public class AlphapayGate {

    private static final Logger LOG = Logger.getLogger(AlphapayGate.class.getName());

    static final String COMPANY = Companies.ALPHAPAY;

    /** How far a request's timestamp may be from the company's clock, either way. */
    static final long CLOCK_SKEW_SECONDS = 300;

    @Inject
    Accounts accounts;

    @Inject
    Reception reception;

    @Inject
    AlphapaySigner signer;

    @Inject
    AlphapayOperations operations;

    @Inject
    AlphapayBills bills;

    public Response serve(AlphapayOperations.Operation operation, AlphapayRequest request) {
        Authenticated auth = authenticate(request);
        if (auth.refusal() != null) {
            return auth.refusal();
        }
        AlphapayOperations.Call call = operations.read(operation, request, auth.party());
        RequestLog.Visit visit = new RequestLog.Visit(auth.party().accountId(), COMPANY, operation.kind(), call.orderRef());
        Reception.Served<AlphapayAnswer> served = reception.serve(visit, call.work(), AlphapayAnswer::status);
        if (served.errorStatus() != null) {
            return AlphapaySigner.faultError(served.errorStatus());
        }
        if (served.refusal() != null) {
            return signer.signed(AlphapayAnswer.refusal(served.refusal().status(), served.refusal().code(), "sandbox fault: refused"), false);
        }
        return signer.signed(served.answer(), served.badSignature());
    }

    /**
     * A bill's download: authenticated as every request, and then, alone of all alphapay's answers,
     * answered unsigned when it is the file (as WeChat Pay's download is): the merchant checks the
     * file against the hash of the signed answer that gave it the URL. A refusal is signed as always.
     */
    public Response download(AlphapayRequest request) {
        Authenticated auth = authenticate(request);
        if (auth.refusal() != null) {
            return auth.refusal();
        }
        RequestLog.Visit visit = new RequestLog.Visit(auth.party().accountId(), COMPANY, AlphapayBills.DOWNLOAD_KIND, null);
        Reception.Served<AlphapayBills.Download> served = reception.serve(visit, bills.download(request, auth.party()),
                AlphapayBills.Download::status);
        if (served.errorStatus() != null) {
            return AlphapaySigner.faultError(served.errorStatus());
        }
        if (served.refusal() != null) {
            return signer.signed(AlphapayAnswer.refusal(served.refusal().status(), served.refusal().code(), "sandbox fault: refused"), false);
        }
        AlphapayBills.Download file = served.answer();
        if (file.refusal() != null) {
            return signer.signed(file.refusal(), served.badSignature());
        }
        return Response.ok(file.body(), file.gzip() ? "application/octet-stream" : "text/csv; charset=UTF-8").build();
    }

    /** The request's account, or the signed 401 SIGN_ERROR (or 413) that refuses it. */
    private record Authenticated(Party party, Response refusal) {
    }

    private Authenticated authenticate(AlphapayRequest request) {
        if (request.body() == null) {
            return new Authenticated(null, signer.refusal(413, "PARAM_ERROR", "the request body is larger than 64 KiB"));
        }
        Optional<AlphapayAuthorization> auth = AlphapayAuthorization.parse(request.authorization());
        if (auth.isEmpty()) {
            return refused("missing or malformed Authorization header (scheme " + AlphapayAuthorization.SCHEME + ")", null);
        }
        String mchid = auth.get().mchid();
        // A mchid that cannot be stored cannot name an account; not worth a query (and PostgreSQL
        // refuses NUL in a parameter).
        Optional<Party> party = PlainText.isPlain(mchid, 16) ? accounts.byCompanyMerchantId(COMPANY, mchid) : Optional.empty();
        if (party.isEmpty() || !party.get().keySerial().equals(auth.get().serialNo())) {
            return refused("no account with this mchid and serial_no", null);
        }
        if (Math.abs(Instant.now().getEpochSecond() - auth.get().epochSecond()) > CLOCK_SKEW_SECONDS) {
            return refused("the timestamp is more than 5 minutes from the company's clock", party.get());
        }
        byte[] text = AlphapayTexts.request(request.method(), request.pathAndQuery(), auth.get().timestamp(),
                auth.get().nonce(), request.body());
        if (!Rsa.verify(party.get().merchantKey(), text, auth.get().signature())) {
            return refused("the request signature does not verify", party.get());
        }
        return new Authenticated(party.get(), null);
    }

    private Authenticated refused(String reason, Party party) {
        return new Authenticated(null, refuseSignature(reason, party));
    }

    private Response refuseSignature(String reason, Party party) {
        LOG.info(() -> "alphapay request refused (SIGN_ERROR): " + reason + (party == null ? "" : ", " + party));
        return signer.refusal(401, "SIGN_ERROR", reason);
    }
}
