package org.cbec.company.alphapay;

import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.cbec.plumbing.crypto.Rsa;

/**
 * The merchant's side of the signatures of Alphapay, a company whose API follows WeChat Pay v3: the
 * merchant signs each request into the {@code Authorization} header, checks the company's signature
 * in the {@code Alphapay-*} headers of each response, and signs the parameters its app hands to the
 * wallet. The company's side (reading the header, signing answers, the wallet's checks) is not the
 * broker's to run; its known answers are the vector files of docs/companies/vectors/alphapay, which
 * the tests read.
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

    private AlphapaySigning() {
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
        return authorizationOfBytes(mchid, serialNo, merchantKey, method, pathAndQuery,
                body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8), timestampSeconds, nonce);
    }

    /**
     * The same over the body's bytes as they are sent: the signature covers bytes, whatever they
     * encode (the broker sends UTF-8 JSON; its tests of the sandbox also send bodies that are not).
     */
    public static String authorizationOfBytes(String mchid, String serialNo, PrivateKey merchantKey, String method,
            String pathAndQuery, byte[] body, long timestampSeconds, String nonce) {
        requireQuotable(mchid, "mchid");
        requireQuotable(serialNo, "serial_no");
        requireQuotable(nonce, "nonce");
        String signature = Rsa.sign(merchantKey,
                requestMessage(method, pathAndQuery, body, Long.toString(timestampSeconds), nonce));
        return SCHEME + " mchid=\"" + mchid + "\",nonce_str=\"" + nonce + "\",timestamp=\"" + timestampSeconds
                + "\",serial_no=\"" + serialNo + "\",signature=\"" + signature + "\"";
    }

    static String requestMessage(String method, String pathAndQuery, String body, String timestamp, String nonce) {
        return new String(requestMessage(method, pathAndQuery, body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8),
                timestamp, nonce), StandardCharsets.UTF_8);
    }

    private static byte[] requestMessage(String method, String pathAndQuery, byte[] body, String timestamp, String nonce) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pathAndQuery, "pathAndQuery");
        byte[] head = (method.toUpperCase(Locale.ROOT) + "\n" + pathAndQuery + "\n" + timestamp + "\n" + nonce + "\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] text = new byte[head.length + body.length + 1];
        System.arraycopy(head, 0, text, 0, head.length);
        System.arraycopy(body, 0, text, head.length, body.length);
        text[text.length - 1] = '\n';
        return text;
    }

    // ---------------------------------------------------------------- responses

    /** Whether the company signed this response; false when any part is missing. */
    public static boolean verifyResponse(PublicKey companyKey, String timestamp, String nonce, String body,
            String signature) {
        if (companyKey == null || timestamp == null || nonce == null || body == null || signature == null) {
            return false;
        }
        return Rsa.verify(companyKey, responseMessage(timestamp, nonce, body), signature);
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
        params.put("paySign", Rsa.sign(merchantKey, lines(appId, timeStamp, nonce, pkg)));
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
        params.put("sign", Rsa.sign(merchantKey, lines(appId, timestamp, nonce, prepayId)));
        return Collections.unmodifiableMap(params);
    }

    // ---------------------------------------------------------------- helpers

    private static String lines(String... values) {
        StringBuilder text = new StringBuilder();
        for (String v : values) {
            text.append(v).append('\n');
        }
        return text.toString();
    }

    private static void requireQuotable(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isEmpty() || value.indexOf('"') >= 0) {
            throw new IllegalArgumentException(name + " must be non-empty and free of double quotes");
        }
    }
}
