package org.cbec.payment.company.alphapay;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.cbec.payment.company.RsaSignatures;

/**
 * The signatures of Alphapay, a company whose API follows WeChat Pay v3: the merchant signs each
 * request into the {@code Authorization} header, the company signs each response into
 * {@code Alphapay-*} headers, and the merchant signs the parameters its app hands to the wallet.
 *
 * <p>Every signed text ends each line with {@code \n}, including the last, exactly as the
 * protocol defines it; a missing final newline is the classic interoperability bug.
 */
public final class AlphapaySigning {

    /** The authentication scheme that opens the {@code Authorization} header. */
    public static final String SCHEME = "ALPHAPAY2-SHA256-RSA2048";

    /** Response header: seconds since the epoch when the company signed. */
    public static final String H_TIMESTAMP = "Alphapay-Timestamp";
    /** Response header: the company's nonce. */
    public static final String H_NONCE = "Alphapay-Nonce";
    /** Response header: Base64 SHA256withRSA over the response message. */
    public static final String H_SIGNATURE = "Alphapay-Signature";
    /** Response header: serial number of the company key, so a merchant can pick it during rotation. */
    public static final String H_SERIAL = "Alphapay-Serial";

    private static final String JSAPI_SIGN_TYPE = "RSA";
    private static final String APP_PACKAGE = "Sign=WXPay";

    // No sign, no leading zeros: the message signs the decimal text, and a parsed long must
    // print back to exactly the text that was signed.
    private static final Pattern TIMESTAMP = Pattern.compile("0|[1-9][0-9]{0,17}");

    private AlphapaySigning() {
    }

    /** The parameters of an {@code Authorization} header, as a company reads them. */
    public record Authorization(String mchid, String nonce, long timestamp, String serialNo, String signature) {
    }

    /** What the company puts into the {@code Alphapay-*} headers of a response. */
    public record ResponseSignature(String timestamp, String nonce, String signature, String serial) {
    }

    // ---------------------------------------------------------------- requests

    /**
     * The {@code Authorization} header value of a merchant request.
     *
     * @param pathAndQuery the URL path plus {@code ?query} if any, as sent
     * @param body the request body; {@code null} or {@code ""} when there is none (GET)
     */
    public static String authorization(String mchid, String serialNo, PrivateKey merchantKey, String method,
            String pathAndQuery, String body, long timestampSeconds, String nonce) {
        requireQuotable(mchid, "mchid");
        requireQuotable(serialNo, "serial_no");
        requireQuotable(nonce, "nonce");
        String signature = RsaSignatures.sign(merchantKey,
                requestMessage(method, pathAndQuery, body, Long.toString(timestampSeconds), nonce));
        return SCHEME + " mchid=\"" + mchid + "\",nonce_str=\"" + nonce + "\",timestamp=\"" + timestampSeconds
                + "\",serial_no=\"" + serialNo + "\",signature=\"" + signature + "\"";
    }

    /**
     * Reads an {@code Authorization} header. Lenient about parameter order and spaces, strict
     * about everything that is signed or needed: empty on another scheme, a missing, empty or
     * repeated parameter, a timestamp that is not a plain decimal, or {@code null}.
     */
    public static Optional<Authorization> parse(String headerValue) {
        if (headerValue == null) {
            return Optional.empty();
        }
        String value = headerValue.strip();
        if (!value.startsWith(SCHEME) || value.length() == SCHEME.length()
                || !Character.isWhitespace(value.charAt(SCHEME.length()))) {
            return Optional.empty();
        }
        Map<String, String> params = parameters(value.substring(SCHEME.length()));
        if (params == null) {
            return Optional.empty();
        }
        String mchid = params.get("mchid");
        String nonce = params.get("nonce_str");
        String timestamp = params.get("timestamp");
        String serialNo = params.get("serial_no");
        String signature = params.get("signature");
        if (isEmpty(mchid) || isEmpty(nonce) || isEmpty(serialNo) || isEmpty(signature)
                || timestamp == null || !TIMESTAMP.matcher(timestamp).matches()) {
            return Optional.empty();
        }
        return Optional.of(new Authorization(mchid, nonce, Long.parseLong(timestamp), serialNo, signature));
    }

    /**
     * Whether the merchant signed this request. Freshness of the timestamp and reuse of the nonce
     * are the caller's to check: they need a clock and a memory this class does not have.
     */
    public static boolean verifyRequest(PublicKey merchantKey, String method, String pathAndQuery, String body,
            Authorization auth) {
        if (merchantKey == null || method == null || pathAndQuery == null || auth == null
                || auth.nonce() == null || auth.signature() == null) {
            return false;
        }
        String message = requestMessage(method, pathAndQuery, body, Long.toString(auth.timestamp()), auth.nonce());
        return RsaSignatures.verify(merchantKey, message, auth.signature());
    }

    static String requestMessage(String method, String pathAndQuery, String body, String timestamp, String nonce) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pathAndQuery, "pathAndQuery");
        return method.toUpperCase(Locale.ROOT) + "\n" + pathAndQuery + "\n" + timestamp + "\n" + nonce + "\n"
                + (body == null ? "" : body) + "\n";
    }

    // ---------------------------------------------------------------- responses

    /** Signs a response body; the result goes into the {@code Alphapay-*} headers. */
    public static ResponseSignature signResponse(PrivateKey companyKey, String serial, String body,
            long timestampSeconds, String nonce) {
        Objects.requireNonNull(nonce, "nonce");
        String timestamp = Long.toString(timestampSeconds);
        String signature = RsaSignatures.sign(companyKey, responseMessage(timestamp, nonce, body == null ? "" : body));
        return new ResponseSignature(timestamp, nonce, signature, serial);
    }

    /** Whether the company signed this response; false when any part is missing. */
    public static boolean verifyResponse(PublicKey companyKey, String timestamp, String nonce, String body,
            String signature) {
        if (companyKey == null || timestamp == null || nonce == null || body == null || signature == null) {
            return false;
        }
        return RsaSignatures.verify(companyKey, responseMessage(timestamp, nonce, body), signature);
    }

    private static String responseMessage(String timestamp, String nonce, String body) {
        return timestamp + "\n" + nonce + "\n" + body + "\n";
    }

    // ---------------------------------------------------------------- wallet invocation

    /**
     * The parameters a web page inside the wallet passes to its payment call, in the order the
     * wallet documents them. Unmodifiable: changing any signed value would break the signature.
     */
    public static Map<String, String> jsapiInvocation(String appId, String prepayId, PrivateKey merchantKey,
            long timestampSeconds, String nonce) {
        Objects.requireNonNull(appId, "appId");
        Objects.requireNonNull(prepayId, "prepayId");
        Objects.requireNonNull(nonce, "nonce");
        String timeStamp = Long.toString(timestampSeconds);
        String pkg = "prepay_id=" + prepayId;
        Map<String, String> params = new LinkedHashMap<>();
        params.put("appId", appId);
        params.put("timeStamp", timeStamp);
        params.put("nonceStr", nonce);
        params.put("package", pkg);
        params.put("signType", JSAPI_SIGN_TYPE);
        params.put("paySign", RsaSignatures.sign(merchantKey, lines(appId, timeStamp, nonce, pkg)));
        return Collections.unmodifiableMap(params);
    }

    /**
     * The parameters a native app passes to the wallet SDK, in the order the SDK documents them.
     * Unmodifiable for the same reason as {@link #jsapiInvocation}.
     */
    public static Map<String, String> appInvocation(String appId, String partnerId, String prepayId,
            PrivateKey merchantKey, long timestampSeconds, String nonce) {
        Objects.requireNonNull(appId, "appId");
        Objects.requireNonNull(partnerId, "partnerId");
        Objects.requireNonNull(prepayId, "prepayId");
        Objects.requireNonNull(nonce, "nonce");
        String timestamp = Long.toString(timestampSeconds);
        Map<String, String> params = new LinkedHashMap<>();
        params.put("appid", appId);
        params.put("partnerid", partnerId);
        params.put("prepayid", prepayId);
        params.put("package", APP_PACKAGE);
        params.put("noncestr", nonce);
        params.put("timestamp", timestamp);
        params.put("sign", RsaSignatures.sign(merchantKey, lines(appId, timestamp, nonce, prepayId)));
        return Collections.unmodifiableMap(params);
    }

    /** Whether the merchant signed these wallet parameters; also insists on {@code signType=RSA}. */
    public static boolean verifyJsapiInvocation(PublicKey merchantKey, Map<String, String> params) {
        if (merchantKey == null || params == null) {
            return false;
        }
        String appId = params.get("appId");
        String timeStamp = params.get("timeStamp");
        String nonceStr = params.get("nonceStr");
        String pkg = params.get("package");
        String paySign = params.get("paySign");
        if (appId == null || timeStamp == null || nonceStr == null || pkg == null || paySign == null
                || !JSAPI_SIGN_TYPE.equals(params.get("signType"))) {
            return false;
        }
        return RsaSignatures.verify(merchantKey, lines(appId, timeStamp, nonceStr, pkg), paySign);
    }

    /**
     * Whether the merchant signed these app parameters. The signature does not cover
     * {@code partnerid} or {@code package}, so the fixed package is checked here and the
     * caller must match {@code partnerid} against the prepay order itself.
     */
    public static boolean verifyAppInvocation(PublicKey merchantKey, Map<String, String> params) {
        if (merchantKey == null || params == null) {
            return false;
        }
        String appId = params.get("appid");
        String prepayId = params.get("prepayid");
        String nonce = params.get("noncestr");
        String timestamp = params.get("timestamp");
        String sign = params.get("sign");
        if (appId == null || prepayId == null || nonce == null || timestamp == null || sign == null
                || params.get("partnerid") == null || !APP_PACKAGE.equals(params.get("package"))) {
            return false;
        }
        return RsaSignatures.verify(merchantKey, lines(appId, timestamp, nonce, prepayId), sign);
    }

    // ---------------------------------------------------------------- helpers

    private static String lines(String... values) {
        StringBuilder text = new StringBuilder();
        for (String v : values) {
            text.append(v).append('\n');
        }
        return text.toString();
    }

    /**
     * Splits {@code key="value", key="value"}; null when malformed or a key repeats, because a
     * repeated key would let two readers of one header see different values.
     */
    private static Map<String, String> parameters(String text) {
        Map<String, String> params = new HashMap<>();
        int i = 0;
        int n = text.length();
        while (true) {
            i = skipSpaces(text, i);
            int eq = text.indexOf('=', i);
            if (eq < 0) {
                return null;
            }
            String key = text.substring(i, eq).strip();
            i = skipSpaces(text, eq + 1);
            if (key.isEmpty() || i >= n || text.charAt(i) != '"') {
                return null;
            }
            int close = text.indexOf('"', i + 1);
            if (close < 0 || params.put(key, text.substring(i + 1, close)) != null) {
                return null;
            }
            i = skipSpaces(text, close + 1);
            if (i == n) {
                return params;
            }
            if (text.charAt(i) != ',') {
                return null;
            }
            i++;
        }
    }

    private static int skipSpaces(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isEmpty(String s) {
        return s == null || s.isEmpty();
    }

    private static void requireQuotable(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isEmpty() || value.indexOf('"') >= 0) {
            throw new IllegalArgumentException(name + " must be non-empty and free of double quotes");
        }
    }
}
