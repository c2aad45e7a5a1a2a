package org.cbec.web.error;

import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.ProcessingException;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The wording both web modules use for requests refused before any business rule ran, and the one
 * place where an unexpected failure is logged with the reference that the caller is given.
 */
public final class RequestProblems {

    private static final Logger LOG = Logger.getLogger(RequestProblems.class.getName());

    public static final String UNREADABLE_BODY = "malformed request body: expected JSON of the documented shape";

    private RequestProblems() {
    }

    /** A caller-facing message for a refusal of the JAX-RS runtime with this status. */
    public static String describe(int status, Throwable cause) {
        return switch (status) {
            case 400 -> isUnreadableBody(cause) ? UNREADABLE_BODY : "bad request";
            case 404 -> "not found: no resource at this path";
            case 405 -> "method not allowed on this path";
            case 406 -> "not acceptable: this API answers application/json";
            case 413 -> "request body too large";
            case 415 -> "unsupported media type: send application/json";
            default -> "request refused (HTTP " + status + ")";
        };
    }

    /**
     * Whether the failure comes from reading the request body as JSON, or from decoding it in the
     * charset its {@code Content-Type} names (an unknown charset, in a body read as text, used to
     * escape as a 500).
     */
    public static boolean isUnreadableBody(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof JsonbException || t instanceof JsonException || t instanceof ProcessingException
                    || t instanceof java.nio.charset.IllegalCharsetNameException || t instanceof java.nio.charset.UnsupportedCharsetException) {
                return true;
            }
        }
        return false;
    }

    /**
     * A member of the body that made it unreadable, and why, in the words after "the member
     * {name}": given more than once, or not one of the request's.
     */
    public record Member(String name, String problem) {
    }

    /** The 400 envelope of an unreadable body; naming the member when one made it so ({@code member}, else null). */
    public static Object unreadableBody(org.cbec.web.ServiceEnvelope envelope, Member member) {
        return member == null ? envelope.refusal(400, UNREADABLE_BODY, null)
                : envelope.refusal(400, "malformed request body: the member " + member.name() + " " + member.problem(), member.name());
    }

    /** Logs an unexpected failure and returns the reference to give the caller instead of details. */
    public static String logUnexpected(Throwable e) {
        String reference = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, reference " + reference, e);
        return reference;
    }
}
