package org.cbec.web.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class ApiDocumentTest {

    @Test
    void theYamlIsServedAsWrittenAndAsTheSameTreeInJson() {
        String yaml = """
                openapi: 3.0.3
                info: {title: Broker, version: 1.8.0}
                paths:
                  /v1/payment/{merchant}:
                    get:
                      responses:
                        200: {description: ok}
                        '401': {description: no}
                      deprecated: false
                components:
                  schemas:
                    Amount: {type: integer, maximum: 1000000000, example: 2599}
                    Rate: {type: number, example: 0.13}
                    Nothing: {example: null}
                """;
        ApiDocument d = ApiDocument.of(yaml);
        assertEquals(yaml, d.yaml());
        JsonObject json = Json.createReader(new StringReader(d.json())).readObject();
        assertEquals("3.0.3", json.getString("openapi"), "a version-like value stays text");
        assertEquals("1.8.0", json.getJsonObject("info").getString("version"));
        JsonObject responses = json.getJsonObject("paths").getJsonObject("/v1/payment/{merchant}").getJsonObject("get")
                .getJsonObject("responses");
        assertTrue(responses.containsKey("200"), "a status read as a number is a text key in JSON");
        assertTrue(responses.containsKey("401"));
        assertFalse(json.getJsonObject("paths").getJsonObject("/v1/payment/{merchant}").getJsonObject("get").getBoolean("deprecated"));
        JsonObject schemas = json.getJsonObject("components").getJsonObject("schemas");
        assertEquals(1_000_000_000L, schemas.getJsonObject("Amount").getJsonNumber("maximum").longValueExact());
        assertEquals("0.13", schemas.getJsonObject("Rate").getJsonNumber("example").bigDecimalValue().toPlainString());
        assertTrue(schemas.getJsonObject("Nothing").isNull("example"));
    }

    @Test
    void aValueThatIsNotPlainDataIsRefusedNamingIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ApiDocument.of("created: 2026-11-25\n"));
        assertTrue(e.getMessage().contains("2026") && e.getMessage().contains("quote it"), e.getMessage());
    }

    @Test
    void jsonIsForTheClientThatAsksForIt() {
        assertTrue(ApiDocs.wantsJson("application/json", null));
        assertTrue(ApiDocs.wantsJson(null, "json"));
        assertFalse(ApiDocs.wantsJson(null, null), "YAML by default");
        assertFalse(ApiDocs.wantsJson("*/*", null));
        assertFalse(ApiDocs.wantsJson("application/yaml, application/json;q=0.5", null), "YAML when both are named");
        assertFalse(ApiDocs.wantsJson("application/json", "yaml"), "format wins");
    }
}
