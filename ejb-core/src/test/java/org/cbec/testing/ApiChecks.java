package org.cbec.testing;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every request a test sends to the broker or the checkout, and the answer it gets, held to the
 * service's served API document. {@link Http} hands each exchange here; a mismatch fails the test
 * with the validator's messages.
 *
 * <p>The validator (org.cbec.testing.apicheck, on the test class path of the modules that call the
 * services) runs in the test's JVM. A test running inside Payara Micro, where that library is not
 * deployed, posts the exchange to the checker its client-side JVM listens with at
 * {@code API_CHECK_URL} (the failsafe environment, which Micro inherits), and gets the same
 * messages back.
 *
 * <p>Only calls under a service's context root ({@code /broker/}, {@code /checkout/}) are checked:
 * the companies' sandbox is a foreign system, and the server's own paths (health, metrics) are
 * Payara's.
 */
public final class ApiChecks {

    private static final String LOCAL = "org.cbec.testing.apicheck.ApiCheck";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private ApiChecks() {
    }

    /** One exchange as the client saw it; {@code requestBody} null when none was sent. */
    public record Exchange(String method, URI uri, List<String> requestHeaders, String requestBody,
            int status, Map<String, List<String>> responseHeaders, String responseBody) {

        public JsonObject toJson() {
            JsonArrayBuilder sent = Json.createArrayBuilder();
            requestHeaders.forEach(sent::add);
            JsonObjectBuilder received = Json.createObjectBuilder();
            responseHeaders.forEach((name, values) -> {
                JsonArrayBuilder all = Json.createArrayBuilder();
                values.forEach(all::add);
                received.add(name, all);
            });
            JsonObjectBuilder json = Json.createObjectBuilder().add("method", method).add("uri", uri.toString())
                    .add("requestHeaders", sent).add("status", status).add("responseHeaders", received)
                    .add("responseBody", responseBody == null ? "" : responseBody);
            if (requestBody != null) {
                json.add("requestBody", requestBody);
            }
            return json.build();
        }

        public static Exchange fromJson(JsonObject json) {
            List<String> sent = json.getJsonArray("requestHeaders").getValuesAs(jakarta.json.JsonString.class)
                    .stream().map(jakarta.json.JsonString::getString).toList();
            Map<String, List<String>> received = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            json.getJsonObject("responseHeaders").forEach((name, values) -> received.put(name,
                    values.asJsonArray().getValuesAs(jakarta.json.JsonString.class).stream()
                            .map(jakarta.json.JsonString::getString).toList()));
            return new Exchange(json.getString("method"), URI.create(json.getString("uri")), sent,
                    json.containsKey("requestBody") ? json.getString("requestBody") : null, json.getInt("status"),
                    received, json.getString("responseBody"));
        }
    }

    /**
     * {@link #check(Exchange)} for an answer received by a client of the test's own ({@code
     * requestBody} as sent, or null); answers the response for chaining.
     */
    public static <T extends HttpResponse<String>> T check(T response, String requestBody) {
        List<String> sent = new ArrayList<>();
        response.request().headers().map().forEach((name, values) -> values.forEach(v -> {
            sent.add(name);
            sent.add(v);
        }));
        check(new Exchange(response.request().method(), response.request().uri(), sent, requestBody, response.statusCode(),
                response.headers().map(), response.body()));
        return response;
    }

    /** Whether the exchange is one of the services' API calls (see the class comment). */
    public static boolean concerns(URI uri) {
        String path = uri.getPath();
        return path.startsWith("/broker/") || path.startsWith("/checkout/");
    }

    /** Fails with the validator's messages when the exchange and the served document disagree. */
    public static void check(Exchange exchange) {
        if (!concerns(exchange.uri())) {
            return;
        }
        if (exchange.status() >= 400 && exchange.requestBody() != null) {
            // A refused request's body is not held to the document (see ApiCheck), and may be huge on purpose.
            exchange = new Exchange(exchange.method(), exchange.uri(), exchange.requestHeaders(), null, exchange.status(),
                    exchange.responseHeaders(), exchange.responseBody());
        }
        List<String> problems = problems(exchange);
        if (!problems.isEmpty()) {
            throw new AssertionError("the " + exchange.method() + " " + exchange.uri().getPath() + " exchange (HTTP "
                    + exchange.status() + ") disagrees with the served API document:\n  - "
                    + String.join("\n  - ", problems) + "\nanswer: " + abbreviated(exchange.responseBody()));
        }
    }

    private static List<String> problems(Exchange exchange) {
        if (localValidatorPresent()) {
            try {
                @SuppressWarnings("unchecked")
                List<String> found = (List<String>) Class.forName(LOCAL).getMethod("problems", Exchange.class)
                        .invoke(null, exchange);
                return found;
            } catch (java.lang.reflect.InvocationTargetException e) {
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        String checker = System.getenv("API_CHECK_URL");
        if (checker == null || checker.isBlank()) {
            throw new AssertionError("no API document check here: neither " + LOCAL + " on the class path nor API_CHECK_URL set");
        }
        try {
            HttpRequest check = HttpRequest.newBuilder(URI.create(checker))
                    .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(exchange.toJson().toString(), StandardCharsets.UTF_8)).build();
            HttpResponse<String> answer;
            try {
                answer = CLIENT.send(check, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (java.io.IOException closedWhileReused) {
                // A kept connection the checker (a JDK HttpServer) closed as this client took it from its
                // pool: "header parser received no bytes" (seen once in CI, on two busy cores). A check
                // changes nothing, so it is sent once more, on a new connection; a second failure fails.
                answer = CLIENT.send(check, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            }
            if (answer.statusCode() != 200) {
                throw new AssertionError("the API document checker at " + checker + " answered " + answer.statusCode() + ": " + answer.body());
            }
            try (JsonReader reader = Json.createReader(new StringReader(answer.body()))) {
                JsonArray messages = reader.readArray();
                List<String> found = new ArrayList<>();
                messages.getValuesAs(jakarta.json.JsonString.class).forEach(m -> found.add(m.getString()));
                return found;
            }
        } catch (java.io.IOException e) {
            throw new AssertionError("no answer from the API document checker at " + checker, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static boolean localValidatorPresent() {
        try {
            Class.forName("com.atlassian.oai.validator.OpenApiInteractionValidator", false, ApiChecks.class.getClassLoader());
            Class.forName(LOCAL, false, ApiChecks.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static String abbreviated(String body) {
        return body == null ? "" : body.length() > 600 ? body.substring(0, 600) + "…" : body;
    }
}
