package org.cbec.testing.apidocs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a client sees of a service's API document: fetched from the running service as YAML and as
 * JSON, parsed and validated by swagger-parser (a maintained OpenAPI parser), and held to the
 * project's rules: its own server, every operation once (unique ids) with a summary and its 4xx
 * answers, every refusal in the service's envelope, the security schemes named.
 */
public final class ApiDocumentCheck {

    private ApiDocumentCheck() {
    }

    /**
     * @param serviceBase the service's root URL, ending in {@code /} ({@code http://host:port/broker/})
     * @param envelope the name of the envelope schema every JSON refusal uses
     * @return the parsed document, for the caller's own checks
     */
    public static OpenAPI validate(String serviceBase, String envelope, Set<String> securitySchemes) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<String> yaml = http.send(HttpRequest.newBuilder(URI.create(serviceBase + "openapi")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, yaml.statusCode(), yaml.body());
        assertTrue(yaml.headers().firstValue("Content-Type").orElse("").startsWith("application/yaml"), yaml.headers().toString());
        HttpResponse<String> json = http.send(HttpRequest.newBuilder(URI.create(serviceBase + "openapi"))
                .header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, json.statusCode());
        assertTrue(json.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), json.headers().toString());
        assertTrue(json.body().startsWith("{"), "JSON when asked for");

        OpenAPI fromYaml = parse(yaml.body(), "YAML");
        OpenAPI fromJson = parse(json.body(), "JSON");
        assertEquals(operations(fromYaml).keySet(), operations(fromJson).keySet(), "the JSON form says what the YAML says");

        String root = URI.create(serviceBase).getPath().replaceAll("/$", "");
        assertEquals(1, fromYaml.getServers().size());
        assertEquals(root, fromYaml.getServers().get(0).getUrl(), "one server, this service's root: clients call the real URL");
        assertTrue(fromYaml.getComponents().getSecuritySchemes().keySet().containsAll(securitySchemes),
                "security schemes " + fromYaml.getComponents().getSecuritySchemes().keySet());

        Map<String, Operation> operations = operations(fromYaml);
        assertTrue(operations.size() >= 5, operations.keySet().toString());
        Set<String> ids = new HashSet<>();
        for (Map.Entry<String, Operation> e : operations.entrySet()) {
            Operation op = e.getValue();
            String where = e.getKey();
            assertNotNull(op.getOperationId(), where + " has an operationId");
            assertTrue(ids.add(op.getOperationId()), "operationId " + op.getOperationId() + " used twice");
            assertTrue(op.getSummary() != null && !op.getSummary().isBlank(), where + " has a summary");
            assertTrue(op.getTags() != null && !op.getTags().isEmpty(), where + " is tagged");
            assertTrue(op.getResponses().keySet().stream().anyMatch(s -> s.startsWith("4")), where + " documents its 4xx answers");
            for (Map.Entry<String, ApiResponse> r : op.getResponses().entrySet()) {
                ApiResponse response = resolve(fromYaml, r.getValue());
                assertTrue(response.getDescription() != null && !response.getDescription().isBlank(), where + " " + r.getKey());
                MediaType body = response.getContent() == null ? null : response.getContent().get("application/json");
                if (r.getKey().matches("[45]..") && body != null) {
                    assertEquals("#/components/schemas/" + envelope, body.getSchema().get$ref(),
                            where + " " + r.getKey() + " answers the envelope");
                }
            }
        }
        assertFalse(fromYaml.getPaths().keySet().stream().anyMatch(p -> p.contains("sandbox")),
                "no company sandbox path in the service's document: " + fromYaml.getPaths().keySet());
        return fromYaml;
    }

    /** {@link #validate}, answering how many operations the document has. */
    public static int validatedOperationCount(String serviceBase, String envelope, Set<String> securitySchemes) throws Exception {
        return operations(validate(serviceBase, envelope, securitySchemes)).size();
    }

    /** Every operation, keyed {@code METHOD path}. */
    public static Map<String, Operation> operations(OpenAPI api) {
        Map<String, Operation> all = new java.util.TreeMap<>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap()
                .forEach((method, op) -> all.put(method + " " + path, op)));
        return all;
    }

    /** The statuses each operation answers, keyed by its operationId. */
    public static Map<String, Set<String>> statuses(OpenAPI api) {
        Map<String, Set<String>> all = new java.util.TreeMap<>();
        operations(api).values().forEach(op -> all.put(op.getOperationId(), new TreeSet<>(op.getResponses().keySet())));
        return all;
    }

    private static OpenAPI parse(String text, String form) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);
        List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
        assertTrue(messages.isEmpty(), "swagger-parser finds no error in the " + form + " document: " + messages);
        assertNotNull(result.getOpenAPI(), form);
        return result.getOpenAPI();
    }

    private static ApiResponse resolve(OpenAPI api, ApiResponse response) {
        if (response.get$ref() == null) {
            return response;
        }
        String name = response.get$ref().substring(response.get$ref().lastIndexOf('/') + 1);
        ApiResponse named = api.getComponents().getResponses().get(name);
        assertNotNull(named, "response " + response.get$ref() + " is defined");
        return named;
    }
}
