package org.cbec.company.window;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.cbec.company.CompanyCalls;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.CustomsOrder;
import org.cbec.company.CustomsReceipt;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.Json;
import org.cbec.company.UnverifiedAnswer;
import org.cbec.company.WindowCredentials;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The customs single window as the broker calls it (docs/companies/single-window.md, "The window
 * over HTTP"): an order message (CEB311, {@link Ceb311}) signed under the broker's key
 * ({@link WindowSigning}) is posted to {@code <window.url>/orders} and answered with a signed
 * receipt; {@code <window.url>/orders/{ebpCode}/{orderNo}?copCode=} answers every receipt of an
 * order. Every receipt is taken only when its signature holds under the window's key
 * ({@link Ceb312}); a refusal is the window's JSON ({@code refusal}, {@code message}). Each call
 * goes through the window's transport (circuit breaker, bulkhead) and is answered as an outcome
 * ({@link CompanyPort#outcome}). What is recorded of a message is its order's number and guid, never
 * its buyer or consignee.
 */
@ApplicationScoped
public class WindowCompany {

    /** The window's name in the metrics, the logs and the money requests' rows. */
    public static final String NAME = "window";

    /** The window's refusals that mean "try later": none today (its faults answer 5xx). */
    private static final java.util.Set<String> TRY_LATER = java.util.Set.of();

    @Inject
    @ConfigProperty(name = "window.url")
    Optional<String> endpoint;

    @Inject
    WindowTransport transport;

    @Inject
    CompanyCalls calls;

    public boolean configured() {
        return endpoint.filter(u -> !u.isBlank()).isPresent();
    }

    /** Declares the order: the window's receipt of the message (2, accepted), or its refusal. */
    public CompanyOutcome<CustomsReceipt> declare(WindowCredentials account, CustomsOrder order, ExchangeRecorder recorder) {
        return CompanyPort.outcome(NAME, TRY_LATER::contains, calls, "order-declare", recorder, () -> {
            String xml = WindowSigning.signed(Ceb311.unsigned(order), account.key(), account.keySerial());
            HttpCall call = new HttpCall("order-declare", "POST", url("/orders"), Map.of("Accept", "application/xml, application/json"),
                    xml, "application/xml", "POST /orders CEB311 " + order.guid() + " order " + order.orderNo() + " of "
                            + order.platform().code());
            HttpExchange answer = transport.exchange(call, a -> a.status() >= 300 || receipt(a.body(), account).isPresent(), recorder);
            refuseOn4xx(answer);
            return receipt(answer.body(), account).orElseThrow();
        });
    }

    /** Every receipt of the order, oldest first; empty when the window has no such order of this enterprise. */
    public CompanyOutcome<Optional<List<CustomsReceipt>>> receipts(WindowCredentials account, String ebpCode, String orderNo,
            ExchangeRecorder recorder) {
        return CompanyPort.outcome(NAME, TRY_LATER::contains, calls, "order-query", recorder, () -> {
            HttpCall call = new HttpCall("order-query", "GET", url("/orders/" + encode(ebpCode) + "/" + encode(orderNo) + "?copCode="
                    + encode(account.copCode())), Map.of("Accept", "application/json"), null, null, "GET /orders/" + ebpCode + "/" + orderNo);
            HttpExchange answer = transport.exchange(call, a -> a.status() >= 300 || receipts(a.body(), account).isPresent(), recorder);
            if (answer.status() == 404) {
                return Optional.empty();
            }
            refuseOn4xx(answer);
            return Optional.of(receipts(answer.body(), account).orElseThrow());
        });
    }

    private String url(String path) {
        String base = endpoint.filter(u -> !u.isBlank()).orElseThrow(() -> new CompanyUnavailable("window.url is not configured"));
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path;
    }

    /** A 4xx answer is the window's refusal: {@code {"code","message","refusal"}}. */
    private static void refuseOn4xx(HttpExchange answer) {
        if (answer.status() >= 300) {
            JsonObject error;
            try {
                error = Json.object(answer.body());
            } catch (RuntimeException notJson) {
                throw new UnverifiedAnswer("the window answered " + answer.status() + " without its refusal");
            }
            String code = Json.string(error, "refusal");
            throw new CompanyRefusal(code == null ? String.valueOf(answer.status()) : code, String.valueOf(Json.string(error, "message")));
        }
    }

    /** The receipt in {@code xml} when its signature holds under the window's key. */
    static Optional<CustomsReceipt> receipt(String xml, WindowCredentials account) {
        try {
            return Optional.of(Ceb312.read(xml, keyOf(account)));
        } catch (WindowSigning.Unverified e) {
            return Optional.empty();
        }
    }

    /** The receipts of a query's answer, when every one of them verifies. */
    static Optional<List<CustomsReceipt>> receipts(String body, WindowCredentials account) {
        JsonObject answer;
        try {
            answer = Json.object(body);
        } catch (RuntimeException notJson) {
            return Optional.empty();
        }
        JsonValue list = answer.get("receipts");
        if (!(list instanceof JsonArray array)) {
            return Optional.empty();
        }
        List<CustomsReceipt> receipts = new ArrayList<>();
        for (JsonValue v : array) {
            Optional<CustomsReceipt> r = v instanceof JsonString s ? receipt(s.getString(), account) : Optional.empty();
            if (r.isEmpty()) {
                return Optional.empty();
            }
            receipts.add(r.get());
        }
        return Optional.of(receipts);
    }

    private static Function<String, Optional<PublicKey>> keyOf(WindowCredentials account) {
        return serial -> serial.equals(account.windowKeySerial()) ? Optional.of(account.windowKey()) : Optional.empty();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
