package org.cbec.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbException;
import java.util.List;
import java.util.Optional;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    public record Line(String name, Long quantity) {
    }

    public record Body(String ref, Long count, List<Line> lines, JsonValue amount) {
    }

    private static final Jsonb JSONB = StrictJson.create();

    private static Optional<StrictJson.RefusedMember> refused(String json) {
        return StrictJson.refusedMember(assertThrows(JsonbException.class, () -> JSONB.fromJson(json, Body.class), json));
    }

    @Test
    void aMemberTheTypeDoesNotHaveIsRefusedAndNamedAtAnyDepth() {
        assertEquals(Optional.of(new StrictJson.RefusedMember("cont", "is not one of this request's")), refused("{\"ref\":\"a\",\"cont\":1}"));
        assertEquals(Optional.of(new StrictJson.RefusedMember("price", "is not one of this request's")),
                refused("{\"lines\":[{\"name\":\"tea\",\"price\":5}]}"));
        assertEquals(Optional.of(new StrictJson.RefusedMember("ref", "is given more than once")), refused("{\"ref\":\"a\",\"ref\":\"b\"}"));
        assertEquals(new Body("a", 2L, List.of(new Line("tea", 1L)), null),
                JSONB.fromJson("{\"ref\":\"a\",\"count\":2,\"lines\":[{\"name\":\"tea\",\"quantity\":1}]}", Body.class));
        assertEquals(Optional.empty(), StrictJson.refusedMember(new JsonbException("expected text, got number")));
    }

    @Test
    void aNullWholeNumberIsNotItsAbsence() {
        assertEquals(null, StrictJson.wholeNumberIfGiven("amount", JSONB.fromJson("{}", Body.class).amount(), "leave it out"));
        assertEquals(500L, StrictJson.wholeNumberIfGiven("amount", JSONB.fromJson("{\"amount\":500}", Body.class).amount(), "leave it out"));
        assertEquals(500L, StrictJson.wholeNumberIfGiven("amount", JSONB.fromJson("{\"amount\":5e2}", Body.class).amount(), "leave it out"));
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> StrictJson.wholeNumberIfGiven("amount", JSONB.fromJson("{\"amount\":null}", Body.class).amount(), "leave it out"));
        assertEquals("amount", e.field());
        assertEquals("amount is null: give a whole number, or leave it out", e.getMessage());
        for (String wrong : List.of("\"500\"", "true", "1.5", "1e30", "[1]", "{}")) {
            JsonValue v = JSONB.fromJson("{\"amount\":" + wrong + "}", Body.class).amount();
            assertThrows(JsonbException.class, () -> StrictJson.wholeNumberIfGiven("amount", v, "leave it out"), wrong);
        }
    }
}
