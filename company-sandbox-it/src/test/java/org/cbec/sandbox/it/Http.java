package org.cbec.sandbox.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JDK's HTTP client, as any client of the sandbox would use it; answers read as raw text. */
final class Http {

    /** The sandbox's own administrator password (not the broker's {@code ADMIN_PASSWORD}), as this module's pom started it. */
    static final String ADMIN_PASSWORD = SandboxMerchant.required("sandbox.fast.admin-password");

    // HTTP/1.1 as the broker's JAX-RS client speaks it (the JDK client would otherwise offer an upgrade to HTTP/2).
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** An answer: status, headers (lower-case names) and the body exactly as received. */
    record Reply(int status, Map<String, String> headers, String body) {

        String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }

        JsonObject json() {
            try (JsonReader reader = Json.createReader(new StringReader(body))) {
                return reader.readObject();
            }
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    private Http() {
    }

    static Reply send(String method, URI uri, Map<String, String> headers, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, String> h = new LinkedHashMap<>();
            response.headers().map().forEach((k, v) -> h.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
            return new Reply(response.statusCode(), h, new String(response.body(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Reply send(String method, URI uri, Map<String, String> headers, String body) {
        return send(method, uri, headers, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    static JsonObject jsonOf(String text) {
        try (JsonReader reader = Json.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** An admin call with the right credentials. */
    static Reply admin(String method, URI uri, String jsonBody) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", basic("admin", ADMIN_PASSWORD));
        if (jsonBody != null) {
            headers.put("Content-Type", "application/json");
        }
        return send(method, uri, headers, jsonBody);
    }
}
