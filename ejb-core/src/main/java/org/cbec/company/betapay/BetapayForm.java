package org.cbec.company.betapay;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Betapay's wire form: requests and notifications travel as {@code application/x-www-form-urlencoded}
 * in UTF-8, and their {@code timestamp} parameter is Beijing wall-clock time. (Public for the tests of
 * the sandbox in company-sandbox-it, which send the broker's own forms.)
 */
public final class BetapayForm {

    private static final DateTimeFormatter GATEWAY_TIME = DateTimeFormatter
            .ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.of("Asia/Shanghai"));

    private BetapayForm() {
    }

    /** Encodes the parameters in their order; parameters with a null value are left out. */
    public static String encode(Map<String, String> params) {
        StringJoiner form = new StringJoiner("&");
        params.forEach((k, v) -> {
            if (k != null && v != null) {
                form.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8));
            }
        });
        return form.toString();
    }

    /**
     * Decodes a form body in order of first appearance; a repeated name keeps its last value.
     * Malformed percent escapes raise {@link IllegalArgumentException}.
     */
    static Map<String, String> decode(String body) {
        Map<String, String> params = new LinkedHashMap<>();
        if (body == null || body.isEmpty()) {
            return params;
        }
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            params.put(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
        }
        return params;
    }

    /** The gateway's {@code timestamp} parameter: Beijing wall-clock time, to the second. */
    public static String timestamp(Instant at) {
        return GATEWAY_TIME.format(at);
    }

    /**
     * The parameters every gateway call starts with, in the order the broker sends them: the app,
     * the method, JSON in UTF-8 signed RSA2, the time, version 1.0. The caller adds the rest
     * ({@code notify_url}, {@code biz_content}) and then the signature.
     */
    public static Map<String, String> gatewayParams(String appId, String method, Instant at) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("app_id", appId);
        params.put("method", method);
        params.put("format", "JSON");
        params.put("charset", "utf-8");
        params.put("sign_type", "RSA2");
        params.put("timestamp", timestamp(at));
        params.put("version", "1.0");
        return params;
    }
}
