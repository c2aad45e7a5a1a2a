package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.codec.JsonText;

/**
 * Signs alphapay's answers and callbacks with the company key: every answer, success or refusal,
 * and every callback attempt carries Alphapay-Timestamp, -Nonce, -Serial and -Signature over
 * {@code timestamp\nnonce\nbody\n}.
 */
@ApplicationScoped
public class AlphapaySigner {

    public static final String H_TIMESTAMP = "Alphapay-Timestamp";
    public static final String H_NONCE = "Alphapay-Nonce";
    public static final String H_SERIAL = "Alphapay-Serial";
    public static final String H_SIGNATURE = "Alphapay-Signature";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String NONCE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    @Inject
    Accounts accounts;

    public Response signed(AlphapayAnswer answer, boolean badSignature) {
        Response.ResponseBuilder response = Response.status(answer.status());
        headers(answer.body(), badSignature).forEach(response::header);
        if (answer.body().isEmpty()) {
            return response.build();
        }
        // Bytes, so that the runtime writes exactly the text that was signed.
        return response.type(MediaType.APPLICATION_JSON_TYPE).entity(answer.body().getBytes(StandardCharsets.UTF_8)).build();
    }

    /**
     * The four headers signing {@code body}, made now: every answer carries them, and so does every
     * attempt of a callback (its receiver verifies them as it verifies an answer).
     */
    public Map<String, String> headers(String body) {
        return headers(body, false);
    }

    private Map<String, String> headers(String body, boolean badSignature) {
        CompanySigner company = accounts.companySigner(AlphapayGate.COMPANY);
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        String nonce = nonce();
        // BAD_SIGNATURE fault: a well-formed signature by the right key over another text, so
        // that only verification (not parsing) can tell.
        String text = AlphapayTexts.answer(timestamp, nonce, body) + (badSignature ? "tampered" : "");
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(H_TIMESTAMP, timestamp);
        headers.put(H_NONCE, nonce);
        headers.put(H_SERIAL, company.serial());
        headers.put(H_SIGNATURE, sign(company.privateKey(), text));
        return headers;
    }

    public Response refusal(int status, String code, String message) {
        return signed(AlphapayAnswer.refusal(status, code, message), false);
    }

    /** An ERROR fault's answer: a failure of the company, so neither work nor signature. */
    public static Response faultError(int status) {
        byte[] body = JsonText.object().add("code", "SYSTEM_ERROR").add("message", "sandbox fault").build().toString()
                .getBytes(StandardCharsets.UTF_8);
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }

    /** Signs a text with the company key (the vectors test answer signing through this). */
    static String sign(PrivateKey companyKey, String text) {
        return Rsa.sign(companyKey, text);
    }

    private static String nonce() {
        StringBuilder s = new StringBuilder(32);
        for (int i = 0; i < 32; i++) {
            s.append(NONCE_CHARS.charAt(RANDOM.nextInt(NONCE_CHARS.length())));
        }
        return s.toString();
    }
}
