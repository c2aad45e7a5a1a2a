package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import org.cbec.testing.Http.Reply;

/** What both services promise every caller, checked the way a client sees it. */
public final class ApiAssertions {

    private ApiAssertions() {
    }

    /** 401 with {@code code} 401 and the message "Not Authenticated", in either service's envelope. */
    public static void assertNotAuthenticated(Reply reply) {
        assertEquals(401, reply.status(), reply::toString);
        assertEquals(401, reply.json().getInt("code"));
        assertEquals("Not Authenticated", reply.json().getString("message"));
    }

    /** The status, as JSON, with the envelope's {@code code} equal to it and a message. */
    public static void assertEnvelope(int status, Reply reply) {
        assertEquals(status, reply.status(), reply::toString);
        assertTrue(reply.header("Content-Type").startsWith("application/json"), reply.header("Content-Type"));
        assertEquals(status, reply.json().getInt("code"));
        assertFalse(reply.json().getString("message").isBlank());
    }

    /** A path relative to a deployed application's base URL. */
    public static URI at(URL base, String path) {
        return URI.create(base.toString()).resolve(path);
    }

    /** A path at the server's root (health, OpenAPI), whatever the application's context root. */
    public static URI atRoot(URL base, String path) {
        return URI.create(base.toString()).resolve("/" + path);
    }
}
