package org.cbec.sandbox.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.sandbox.admin.Envelope;
import org.cbec.sandbox.alphapay.AlphapayAnswer;
import org.cbec.sandbox.alphapay.AlphapaySigner;
import org.cbec.sandbox.betapay.BetapayGate;

/**
 * A refusal in the format of the path it answers. Under alphapay's {@code /v3} it is alphapay's,
 * signed like all its answers (a 404 INVALID_REQUEST for a path it does not have); at betapay's
 * gateway it is a signed {@code betapay_error_response} node with HTTP 200, since betapay answers
 * nothing else; anywhere else it is the admin API's JSON. If signing itself fails (the database is
 * down, so the company key cannot be read), the refusal goes unsigned rather than not at all.
 */
@ApplicationScoped
public class Refusals {

    private static final Logger LOG = Logger.getLogger(Refusals.class.getName());

    /** Whose format a request path (context root included) is answered in. */
    public enum Format {
        ALPHAPAY,
        BETAPAY,
        ADMIN;

        public static Format of(String requestUri, String contextPath) {
            String path = requestUri == null ? "" : requestUri;
            String context = contextPath == null ? "" : contextPath;
            if (path.startsWith(context)) {
                path = path.substring(context.length());
            }
            if (path.equals("/alphapay/v3") || path.startsWith("/alphapay/v3/")) {
                return ALPHAPAY;
            }
            if (path.equals("/betapay/gateway.do")) {
                return BETAPAY;
            }
            return ADMIN;
        }
    }

    @Inject
    AlphapaySigner alphapay;

    @Inject
    BetapayGate betapay;

    public Response refusal(Format format, int status, String message) {
        try {
            return switch (format) {
                case ALPHAPAY -> alphapay.signed(AlphapayAnswer.refusal(status, alphapayCode(status), message), false);
                case BETAPAY -> betapay.error(status >= 500 ? "ACQ.SYSTEM_ERROR" : "ACQ.INVALID_PARAMETER", message);
                case ADMIN -> Envelope.response(status, message, null);
            };
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not sign a refusal; answering it unsigned", e);
            return Envelope.response(status >= 500 ? status : 500, "internal error", null);
        }
    }

    private static String alphapayCode(int status) {
        return switch (status) {
            case 401 -> "SIGN_ERROR";
            case 404, 405 -> "INVALID_REQUEST";
            default -> status >= 500 ? "SYSTEM_ERROR" : "PARAM_ERROR";
        };
    }

    /** The caller-facing words for a status the runtime or the container refused with. */
    public static String describe(int status) {
        return switch (status) {
            case 400 -> "bad request";
            case 404 -> "not found: no resource at this path";
            case 405 -> "method not allowed on this path";
            case 406 -> "not acceptable: this API answers application/json";
            case 413 -> "request body too large";
            case 415 -> "unsupported media type";
            default -> status >= 500 ? "internal error" : "request refused (HTTP " + status + ")";
        };
    }
}
