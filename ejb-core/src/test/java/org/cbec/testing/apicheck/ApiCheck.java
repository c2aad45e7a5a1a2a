package org.cbec.testing.apicheck;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.cbec.testing.ApiChecks.Exchange;

/**
 * Holds one exchange to the document its service serves, with Atlassian's
 * swagger-request-validator: the document is fetched from the running service once per service
 * and JVM ({@code /broker/openapi}, {@code /checkout/openapi}), the validator built from it once
 * (see {@link #validator}).
 *
 * <p>What fails: any answer that is not what the document says for its operation and status
 * (a status not listed, a member missing or of the wrong type, {@code null} where not nullable, a
 * documented header missing, a body of another media type), and any request the document forbids
 * that the service nevertheless accepted (2xx or 3xx). A request the document forbids and the
 * service refused with a 4xx is the point of the bad-input tests: its answer is still held to the
 * document. A call to a path the document lacks must be refused (404, 405) in the envelope.
 */
public final class ApiCheck {

    /** Paths under a context root that are not API operations: the document itself, its page, the companies' callbacks. */
    private static final Pattern NOT_API = Pattern.compile("^/(broker|checkout)/(openapi|api-docs(/.*)?|notify/.*)$");

    /** Fetches the documents; over HTTPS it trusts any certificate (the test servers' own, self-signed, on this machine). */
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .sslContext(anyCertificate()).connectTimeout(Duration.ofSeconds(10)).build();
    private static final Map<String, OpenApiInteractionValidator> VALIDATORS = new ConcurrentHashMap<>();

    private ApiCheck() {
    }

    /** The validator's findings for the exchange, empty when it agrees with the document. */
    public static List<String> problems(Exchange exchange) {
        URI uri = exchange.uri();
        String path = uri.getRawPath();
        if (NOT_API.matcher(path).matches()) {
            return List.of();
        }
        if (!standardMethod(exchange.method())) {
            // A method no API document can name (FOO): it must be refused, in the envelope.
            return exchange.status() < 400 ? List.of("method " + exchange.method() + " answered " + exchange.status())
                    : isEnvelope(exchange) ? List.of() : List.of("method " + exchange.method() + " refused " + exchange.status()
                            + " without the envelope {code, message}");
        }
        String root = path.substring(0, path.indexOf('/', 1));
        OpenApiInteractionValidator validator = validator(root, uri.getScheme() + "://" + uri.getRawAuthority() + root);

        SimpleRequest.Builder request = new SimpleRequest.Builder(exchange.method(), path);
        if (exchange.requestBody() != null) {
            request.withBody(exchange.requestBody(), StandardCharsets.UTF_8);
        }
        List<String> headers = exchange.requestHeaders();
        for (int i = 0; i + 1 < headers.size(); i += 2) {
            request.withHeader(headers.get(i), headers.get(i + 1));
        }
        query(uri.getRawQuery()).forEach(request::withQueryParam);
        SimpleResponse.Builder response = SimpleResponse.Builder.status(exchange.status());
        if (exchange.responseBody() != null && !exchange.responseBody().isEmpty()) {
            response.withBody(exchange.responseBody(), StandardCharsets.UTF_8);
        }
        exchange.responseHeaders().forEach((name, values) -> {
            if (!name.startsWith(":")) {
                response.withHeader(name, values);
            }
        });

        ValidationReport report = validator.validate(request.build(), response.build());
        boolean accepted = exchange.status() < 400;
        List<String> problems = new ArrayList<>();
        for (ValidationReport.Message m : report.getMessages()) {
            if (m.getLevel() != ValidationReport.Level.ERROR) {
                continue;
            }
            String key = m.getKey();
            if (key.equals("validation.request.path.missing") || key.equals("validation.request.operation.notAllowed")) {
                if (accepted) {
                    problems.add(key + ": " + m.getMessage() + " — yet it answered " + exchange.status());
                } else if (!isEnvelope(exchange)) {
                    problems.add(key + ": refused " + exchange.status() + " without the envelope {code, message}");
                }
                continue;
            }
            if (key.startsWith("validation.request") && !accepted) {
                continue; // a request the document forbids, refused: the answer is still checked below
            }
            problems.add(key + ": " + m.getMessage() + context(m) + nested(m, "\n      "));
        }
        return problems;
    }

    /**
     * The validator of the service at {@code root} ({@code /broker}), built from the document it
     * serves at {@code serviceRoot/openapi}. One per service and JVM: every listener of a service
     * serves the same document, and an admin listener ({@code ADMIN_PORT}) serves none, so a call
     * there is held to the document fetched from the service's public listener earlier.
     */
    private static OpenApiInteractionValidator validator(String root, String serviceRoot) {
        OpenApiInteractionValidator known = VALIDATORS.get(root);
        if (known != null) {
            return known;
        }
        synchronized (VALIDATORS) {
            return VALIDATORS.computeIfAbsent(root, r -> {
                try {
                    HttpResponse<String> document = CLIENT.send(HttpRequest.newBuilder(URI.create(serviceRoot + "/openapi"))
                            .timeout(Duration.ofSeconds(60)).header("Accept", "application/yaml").build(),
                            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                    if (document.statusCode() != 200) {
                        throw new AssertionError("no API document at " + serviceRoot + "/openapi: HTTP " + document.statusCode()
                                + " (a service's admin listener serves none: a call there is checked once one to its public listener was)");
                    }
                    return OpenApiInteractionValidator.createForInlineApiSpecification(document.body()).build();
                } catch (java.io.IOException e) {
                    throw new AssertionError("no API document at " + serviceRoot + "/openapi: " + e, e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted", e);
                }
            });
        }
    }

    /**
     * Trusts any certificate for any name: an extended trust manager does its own endpoint
     * identification, so a no-op one also lets the test servers' self-signed certificates, issued
     * to the machine's host name, answer on localhost.
     */
    private static javax.net.ssl.SSLContext anyCertificate() {
        try {
            javax.net.ssl.SSLContext ssl = javax.net.ssl.SSLContext.getInstance("TLS");
            ssl.init(null, new javax.net.ssl.TrustManager[] {new javax.net.ssl.X509ExtendedTrustManager() {
                @Override
                public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType) {
                }

                @Override
                public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType) {
                }

                @Override
                public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType, java.net.Socket socket) {
                }

                @Override
                public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType, java.net.Socket socket) {
                }

                @Override
                public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType, javax.net.ssl.SSLEngine engine) {
                }

                @Override
                public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType, javax.net.ssl.SSLEngine engine) {
                }

                @Override
                public java.security.cert.X509Certificate[] getAcceptedIssuers() {
                    return new java.security.cert.X509Certificate[0];
                }
            }}, null);
            return ssl;
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean standardMethod(String method) {
        for (com.atlassian.oai.validator.model.Request.Method m : com.atlassian.oai.validator.model.Request.Method.values()) {
            if (m.name().equals(method)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isEnvelope(Exchange exchange) {
        try (JsonReader reader = Json.createReader(new StringReader(exchange.responseBody()))) {
            JsonObject body = reader.readObject();
            return body.getInt("code") == exchange.status() && !body.getString("message").isBlank();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static Map<String, List<String>> query(String raw) {
        Map<String, List<String>> all = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return all;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            all.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return all;
    }

    /** Why each branch of a oneOf or anyOf did not match, indented under its message. */
    private static String nested(ValidationReport.Message m, String indent) {
        StringBuilder all = new StringBuilder();
        for (ValidationReport.Message n : m.getNestedMessages()) {
            all.append(indent).append("· ").append(n.getMessage()).append(nested(n, indent + "  "));
        }
        for (String info : m.getAdditionalInfo()) {
            all.append(indent).append("· ").append(info);
        }
        return all.toString();
    }

    private static String context(ValidationReport.Message m) {
        return m.getContext().map(c -> c.getRequestPath().map(p -> " [" + c.getRequestMethod().map(Object::toString).orElse("")
                + " " + p + "]").orElse("")).orElse("");
    }
}
