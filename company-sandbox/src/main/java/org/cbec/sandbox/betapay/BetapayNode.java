package org.cbec.sandbox.betapay;

import jakarta.json.JsonObjectBuilder;
import org.cbec.sandbox.codec.JsonText;

/** The node of a betapay answer: {@code code} and {@code msg} first, then the method's members or the refusal's. */
public final class BetapayNode {

    public static final String SUCCESS = "10000";
    /** A request whose signature does not verify (or whose signer is unknown). */
    public static final String INVALID_ARGUMENTS = "40002";
    /** A business refusal; {@code sub_code} says which. */
    public static final String BUSINESS_FAILED = "40004";
    /** The company failed on its side ({@code sub_code} {@code isp.…}): the same request may go through later. */
    public static final String UNAVAILABLE = "20000";

    private BetapayNode() {
    }

    public static JsonObjectBuilder success() {
        return JsonText.object().add("code", SUCCESS).add("msg", "Success");
    }

    public static String refusal(String code, String subCode, String subMessage) {
        return JsonText.object()
                .add("code", code)
                .add("msg", SUCCESS.equals(code) ? "Success" : INVALID_ARGUMENTS.equals(code) ? "Invalid Arguments"
                        : UNAVAILABLE.equals(code) ? "Service Currently Unavailable" : "Business Failed")
                .add("sub_code", subCode)
                .add("sub_msg", subMessage)
                .build().toString();
    }

    public static String businessFailed(String subCode, String subMessage) {
        return refusal(BUSINESS_FAILED, subCode, subMessage);
    }

    /** A refusal with {@code subCode}: the company's own failure ({@code isp.…}, code 20000), or a business refusal. */
    public static String refusedWith(String subCode, String subMessage) {
        return refusal(subCode.startsWith("isp.") ? UNAVAILABLE : BUSINESS_FAILED, subCode, subMessage);
    }
}
