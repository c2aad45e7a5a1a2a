package org.cbec.testing.apicheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.cbec.testing.ApiChecks.Exchange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the tests' document check finds, against a small document served the way the services serve theirs. */
class ApiCheckTest {

    private static final String DOCUMENT = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            servers: [{url: /broker}]
            paths:
              /v1/merchant/{merchant}:
                get:
                  operationId: getMerchant
                  parameters:
                    - {name: merchant, in: path, required: true, schema: {type: string, pattern: '^[a-z]+$'}}
                  responses:
                    '200':
                      description: the profile
                      content:
                        application/json:
                          schema:
                            type: object
                            additionalProperties: false
                            required: [code, merchant, registeredAt]
                            properties:
                              code: {type: integer}
                              merchant: {type: string}
                              registeredAt: {type: string}
                              closedAt: {type: string, nullable: true}
                    '422':
                      description: refused
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Envelope'}
            components:
              schemas:
                Envelope:
                  type: object
                  required: [code, message]
                  properties:
                    code: {type: integer}
                    message: {type: string}
            """;

    private static HttpServer server;
    private static String base;

    @BeforeAll
    static void serve() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
        server.createContext("/broker/openapi", exchange -> {
            byte[] body = DOCUMENT.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort() + "/broker/";
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static List<String> check(String path, int status, String body) {
        return ApiCheck.problems(new Exchange("GET", URI.create(base + path), List.of("Accept", "application/json"), null, status,
                Map.of("Content-Type", List.of("application/json")), body));
    }

    @Test
    void anAnswerAsDocumentedPasses() {
        assertEquals(List.of(), check("v1/merchant/demo", 200, "{\"code\":200,\"merchant\":\"demo\",\"registeredAt\":\"t\",\"closedAt\":null}"));
    }

    @Test
    void aRenamedMemberIsFound() {
        List<String> found = check("v1/merchant/demo", 200, "{\"code\":200,\"merchant\":\"demo\",\"registered\":\"t\"}");
        assertTrue(found.stream().anyMatch(p -> p.contains("registeredAt")), found::toString);
        assertTrue(found.stream().anyMatch(p -> p.contains("registered\"")), found::toString);
    }

    @Test
    void nullWhereTheDocumentSaysStringIsFound() {
        List<String> found = check("v1/merchant/demo", 200, "{\"code\":200,\"merchant\":\"demo\",\"registeredAt\":null}");
        assertTrue(found.stream().anyMatch(p -> p.contains("null")), found::toString);
    }

    @Test
    void aStatusTheOperationDoesNotListIsFound() {
        List<String> found = check("v1/merchant/demo", 409, "{\"code\":409,\"message\":\"busy\"}");
        assertTrue(found.stream().anyMatch(p -> p.contains("409")), found::toString);
    }

    @Test
    void aForbiddenRequestMustBeRefusedAndItsRefusalIsStillChecked() {
        assertTrue(check("v1/merchant/NOT-LOWER", 200, "{\"code\":200,\"merchant\":\"x\",\"registeredAt\":\"t\"}").stream()
                .anyMatch(p -> p.contains("validation.request")), "accepted although the document forbids it");
        assertEquals(List.of(), check("v1/merchant/NOT-LOWER", 422, "{\"code\":422,\"message\":\"merchant\"}"));
        assertTrue(check("v1/merchant/NOT-LOWER", 422, "{\"code\":\"422\"}").stream()
                .anyMatch(p -> p.contains("validation.response")), "a refusal outside the envelope");
    }

    @Test
    void aMethodNoDocumentCanNameMustBeRefusedInTheEnvelope() {
        Exchange foo = new Exchange("FOO", URI.create(base + "v1/merchant/demo"), List.of(), null, 405,
                Map.of("Content-Type", List.of("application/json")), "{\"code\":405,\"message\":\"method not allowed\"}");
        assertEquals(List.of(), ApiCheck.problems(foo));
        assertTrue(ApiCheck.problems(new Exchange("FOO", foo.uri(), List.of(), null, 200, foo.responseHeaders(), "{}")).size() == 1);
    }

    @Test
    void aPathTheDocumentLacksMustBeRefusedInTheEnvelope() {
        assertEquals(List.of(), check("v1/nothing", 404, "{\"code\":404,\"message\":\"not found\"}"));
        assertTrue(check("v1/nothing", 404, "<html>Not Found</html>").stream().anyMatch(p -> p.contains("envelope")));
        assertTrue(check("v1/nothing", 200, "{}").stream().anyMatch(p -> p.contains("path.missing")));
    }
}
