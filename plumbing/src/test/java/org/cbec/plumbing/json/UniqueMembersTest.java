package org.cbec.plumbing.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonObject;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The parsers alone; the broker's bound bodies (JSON-B) are ejb-core's {@code UniqueMembersTest}. */
class UniqueMembersTest {

    @Test
    void aValueReadWholeThatRepeatsAMemberIsRefusedNamingIt() {
        try (JsonParser parser = UniqueMembers.provider().createParser(new StringReader("{\"cart\":{\"items\":[{\"id\":1,\"id\":2}]}}"))) {
            parser.next();
            assertEquals(Optional.of("id"), UniqueMembers.repeatedIn(assertThrows(RuntimeException.class, parser::getObject)));
        }
        try (JsonParser parser = UniqueMembers.provider().createParser(new StringReader("{\"a\":[1,{\"b\":null}],\"c\":\"d\"}"))) {
            parser.next();
            JsonObject o = parser.getObject();
            assertEquals("{\"a\":[1,{\"b\":null}],\"c\":\"d\"}", o.toString());
        }
    }
}
