package org.cbec.testing;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.MGF1ParameterSpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.cbec.company.RsaSignatures;

/**
 * Alphapay's side of its protocol, for the broker's tests: the company reads and checks the
 * merchant's {@code Authorization} header, signs its answers into the {@code Alphapay-*} headers,
 * reads the personal data the merchant encrypts for it, and its wallet checks the parameters the
 * merchant's page or app hands over. The signed texts are
 * written here from the protocol, not taken from the adapter, so that a test of the adapter does not
 * check its texts with themselves; the RSA primitive is the shared {@link RsaSignatures}, which the
 * OpenSSL-made vectors pin. The running stand-in for the company is company-sandbox, which has its
 * own copy of this side and is reached over HTTP only.
 */
public final class AlphapayCompanySide {

    private static final String SCHEME = "ALPHAPAY2-SHA256-RSA2048";

    // No sign, no leading zeros: the message signs the decimal text, and a parsed long must
    // print back to exactly the text that was signed.
    private static final Pattern TIMESTAMP = Pattern.compile("0|[1-9][0-9]{0,17}");

    private AlphapayCompanySide() {
    }

    /** The parameters of an {@code Authorization} header, as the company reads them. */
    public record Authorization(String mchid, String nonce, long timestamp, String serialNo, String signature) {
    }

    /** What the company puts into the {@code Alphapay-*} headers of a response. */
    public record ResponseSignature(String timestamp, String nonce, String signature, String serial) {
    }

    // ---------------------------------------------------------------- requests

    /**
     * Reads an {@code Authorization} header. Lenient about parameter order and spaces, strict
     * about everything that is signed or needed: empty on another scheme, a missing, empty or
     * repeated parameter, a timestamp that is not a plain decimal, or {@code null}.
     */
    public static Optional<Authorization> parseAuthorization(String headerValue) {
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
     * Whether the merchant signed this request: method, path with query, timestamp, nonce and body,
     * each line ended by {@code \n}, the body line empty when there is none. Freshness of the
     * timestamp and reuse of the nonce are left out: they need a clock and a memory.
     */
    public static boolean verifyRequest(PublicKey merchantKey, String method, String pathAndQuery, String body,
            Authorization auth) {
        if (merchantKey == null || method == null || pathAndQuery == null || auth == null
                || auth.nonce() == null || auth.signature() == null) {
            return false;
        }
        String message = text(method.toUpperCase(Locale.ROOT), pathAndQuery, Long.toString(auth.timestamp()), auth.nonce(),
                body == null ? "" : body);
        return RsaSignatures.verify(merchantKey, message, auth.signature());
    }

    // ---------------------------------------------------------------- responses

    /** Signs a response body (timestamp, nonce and body, each line ended by {@code \n}) for the {@code Alphapay-*} headers. */
    public static ResponseSignature signResponse(PrivateKey companyKey, String serial, String body, long timestampSeconds,
            String nonce) {
        Objects.requireNonNull(nonce, "nonce");
        String timestamp = Long.toString(timestampSeconds);
        String signature = RsaSignatures.sign(companyKey, text(timestamp, nonce, body == null ? "" : body));
        return new ResponseSignature(timestamp, nonce, signature, serial);
    }

    // ---------------------------------------------------------------- wallet invocation

    /** Whether the merchant signed these JSAPI parameters (appId, timeStamp, nonceStr, package); insists on {@code signType=RSA}. */
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
                || !"RSA".equals(params.get("signType"))) {
            return false;
        }
        return RsaSignatures.verify(merchantKey, text(appId, timeStamp, nonceStr, pkg), paySign);
    }

    /**
     * Whether the merchant signed these app parameters (appid, timestamp, noncestr, prepayid). The
     * signature does not cover {@code partnerid} or {@code package}, so the fixed package is checked
     * here and the caller must match {@code partnerid} against the prepay order itself.
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
                || params.get("partnerid") == null || !"Sign=WXPay".equals(params.get("package"))) {
            return false;
        }
        return RsaSignatures.verify(merchantKey, text(appId, timestamp, nonce, prepayId), sign);
    }

    // ---------------------------------------------------------------- personal data

    /**
     * Personal data (identity numbers, names) as the company reads it: RSA-OAEP with SHA-1 and
     * MGF1-SHA-1 under its private key, Base64. Null when the text is not a ciphertext for this key.
     */
    public static String decryptPersonalData(PrivateKey companyKey, String base64) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
            cipher.init(Cipher.DECRYPT_MODE, companyKey,
                    new OAEPParameterSpec("SHA-1", "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT));
            return new String(cipher.doFinal(Base64.getDecoder().decode(base64)), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException | NullPointerException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------- helpers

    /** The protocol's signed text: every value on its own line, the last one ended by {@code \n} too. */
    private static String text(String... lines) {
        return String.join("\n", lines) + "\n";
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
}
