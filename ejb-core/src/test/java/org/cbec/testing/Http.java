package org.cbec.testing;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * What a client of the services sees: plain HTTP requests and the JSON that comes back, for the
 * black-box tests of both web modules (shared as ejb-core's test-jar). Every exchange with the
 * broker or the checkout is held to the service's served API document ({@link ApiChecks}).
 */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private static final HttpClient HTTP_1_1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER).build();

    private Http() {
    }

    /** A response as the client received it. */
    public record Reply(int status, java.net.http.HttpHeaders headers, String body) {

        public JsonObject json() {
            try (JsonReader reader = Json.createReader(new StringReader(body))) {
                return reader.readObject();
            } catch (RuntimeException e) {
                throw new AssertionError("not a JSON object (HTTP " + status + "): " + body, e);
            }
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        @Override
        public String toString() {
            return "HTTP " + status + " " + body;
        }
    }

    /** Sends a request; {@code headers} are name/value pairs; a null body sends none. */
    public static Reply send(String method, URI uri, String body, String... headers) {
        return send(CLIENT, method, uri, body, headers);
    }

    /**
     * As {@link #send}, over HTTP/1.1 only: each request in progress has a connection of its own, as
     * a merchant's server sending many at once has. (The default client multiplexes concurrent
     * requests over one HTTP/2 connection; past the streams Payara allows on one, Payara ends the
     * connection with GOAWAY and the client fails every request on it: seen with 500 at once.)
     */
    public static Reply sendHttp11(String method, URI uri, String body, String... headers) {
        return send(HTTP_1_1, method, uri, body, headers);
    }

    private static Reply send(HttpClient client, String method, URI uri, String body, String... headers) {
        return send(client, Duration.ofSeconds(60), method, uri, body, headers);
    }

    private static Reply send(HttpClient client, Duration timeout, String method, URI uri, String body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (java.io.IOException first) {
                if (!method.equals("GET")) {
                    throw first;
                }
                // A GET on a kept-alive connection the server closed as it was reused (the JDK client's EOF, seen once in
                // RunStopsIT after a minute's pause): asked once more, on a new connection; a server that is gone fails again.
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            }
            ApiChecks.check(new ApiChecks.Exchange(method, uri, java.util.List.of(headers), body, response.statusCode(),
                    response.headers().map(), response.body()));
            return new Reply(response.statusCode(), response.headers(), response.body());
        } catch (java.io.IOException e) {
            throw new AssertionError("no answer from " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted calling " + uri, e);
        }
    }

    /**
     * POSTs {@code size} bytes of {@code filler} as JSON, with its {@code Content-Length} or, when
     * {@code chunked}, without one (chunked transfer coding), as a client uploading a large body
     * would.
     */
    public static Reply postLarge(URI uri, int size, char filler, boolean chunked, String... headers) {
        byte[] body = new byte[size];
        java.util.Arrays.fill(body, (byte) filler);
        HttpRequest.BodyPublisher publisher = chunked
                ? HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body))
                : HttpRequest.BodyPublishers.ofByteArray(body);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).POST(publisher)
                .header("Content-Type", "application/json");
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            // HTTP/1.1 as a plain uploader speaks it: the JDK client's HTTP/2 upgrade attempt, after a
            // first upload refused on a connection it had upgraded nothing on, lost its second
            // chunked upload (EOF after 30 s; curl and an HTTP/1.1 client see the 413 each time).
            HttpResponse<String> response = HTTP_1_1.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            // The filler is not JSON, on purpose: only the answer (a 413) is held to the document.
            ApiChecks.check(new ApiChecks.Exchange("POST", uri, java.util.List.of(headers), null, response.statusCode(),
                    response.headers().map(), response.body()));
            return new Reply(response.statusCode(), response.headers(), response.body());
        } catch (java.io.IOException e) {
            throw new AssertionError("no answer from " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted calling " + uri, e);
        }
    }

    public static Reply get(URI uri, String... headers) {
        return send("GET", uri, null, headers);
    }

    /** POSTs JSON, waiting up to {@code timeout} for the answer (an operator's run of a large day). */
    public static Reply postJson(Duration timeout, URI uri, String json, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = "application/json";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return send(HTTP_1_1, timeout, "POST", uri, json, all);
    }

    /** POSTs JSON. */
    public static Reply postJson(URI uri, String json, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = "application/json";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return send("POST", uri, json, all);
    }

    /** The value of an {@code Authorization} header for HTTP Basic. */
    public static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
