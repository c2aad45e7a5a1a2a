package org.cbec.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.bind.Jsonb;
import java.util.List;
import java.util.Optional;
import org.cbec.plumbing.json.UniqueMembers;
import org.junit.jupiter.api.Test;

/** Bound bodies (StrictJson) that repeat a member; the parsers alone are tested in plumbing. */
class UniqueMembersTest {

    public record Line(String name, Long amount) {
    }

    public record Body(Long amount, String note, List<Line> lines) {
    }

    private static final Jsonb JSONB = StrictJson.create();

    private static Optional<String> refusedMember(String json) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> JSONB.fromJson(json, Body.class), json);
        return UniqueMembers.repeatedIn(e);
    }

    @Test
    void aBoundBodyThatRepeatsAMemberIsRefusedNamingIt() {
        assertEquals(Optional.of("amount"), refusedMember("{\"amount\":1,\"note\":\"x\",\"amount\":5000}"));
        assertEquals(Optional.of("name"), refusedMember("{\"lines\":[{\"name\":\"a\"},{\"name\":\"b\",\"name\":\"c\"}]}"));
        assertEquals(Optional.of("note"), refusedMember("{\"lines\":[],\"note\":\"a\",\"note\":null}"), "null the second time too");
    }

    @Test
    void aBodyReadFromAStreamIsRefusedToo() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> JSONB.fromJson(new java.io.ByteArrayInputStream(
                "{\"amount\":1,\"amount\":5000}".getBytes(java.nio.charset.StandardCharsets.UTF_8)), (java.lang.reflect.Type) Body.class));
        assertEquals(Optional.of("amount"), UniqueMembers.repeatedIn(e));
    }

    @Test
    void theSameNameInDifferentObjectsIsFine() {
        Body b = JSONB.fromJson("{\"amount\":1,\"lines\":[{\"name\":\"a\",\"amount\":2},{\"name\":\"b\",\"amount\":3}]}", Body.class);
        assertEquals(1L, b.amount());
        assertEquals(2, b.lines().size());
    }
}
