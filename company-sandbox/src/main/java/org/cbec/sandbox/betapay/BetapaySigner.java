package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Companies;

/**
 * betapay's answers: always HTTP 200 with {@code {"<method_with_underscores>_response":<node>,"sign":"…"}},
 * the signature over the node's text exactly as it stands in the body. The body is assembled from
 * that text rather than serialised from an object, so there is no second writer to disagree with it.
 */
@ApplicationScoped
public class BetapaySigner {

    /** Where a request that names no known method is answered. */
    public static final String ERROR_RESPONSE = "betapay_error_response";

    @Inject
    Accounts accounts;

    public Response answer(String responseKey, String node, boolean badSignature) {
        PrivateKey key = accounts.companySigner(Companies.BETAPAY).privateKey();
        // BAD_SIGNATURE fault: a genuine signature of the company over other text.
        String signature = Rsa.sign(key, badSignature ? node + " " : node);
        return Response.ok(body(responseKey, node, signature).getBytes(StandardCharsets.UTF_8), MediaType.APPLICATION_JSON_TYPE)
                .build();
    }

    /** The member holding the answer of a method: {@code betapay.trade.query} → {@code betapay_trade_query_response}. */
    public static String responseKey(String method) {
        return method.replace('.', '_') + "_response";
    }

    static String body(String responseKey, String node, String signature) {
        return "{\"" + responseKey + "\":" + node + ",\"sign\":\"" + signature + "\"}";
    }

    /** An ERROR fault's answer: a failure of the company, plain text, unsigned, without the work. */
    public static Response faultError(int status) {
        return Response.status(status).type(MediaType.TEXT_PLAIN_TYPE).entity("sandbox fault".getBytes(StandardCharsets.UTF_8))
                .build();
    }
}
