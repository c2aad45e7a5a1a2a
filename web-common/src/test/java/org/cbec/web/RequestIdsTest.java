package org.cbec.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

    @Test
    void aPlainCallerIdIsKeptAndAnythingElseReplaced() {
        assertEquals("abc-123:x.y_z", RequestIds.accept("abc-123:x.y_z"));
        assertNotEquals("has space", RequestIds.accept("has space"));
        assertTrue(RequestIds.accept(null).matches("[0-9a-f-]{36}"));
        assertTrue(RequestIds.accept("x".repeat(65)).matches("[0-9a-f-]{36}"), "at most 64 characters");
        assertTrue(RequestIds.accept("a\nb").matches("[0-9a-f-]{36}"), "no line break reaches a log line");
    }

    @Test
    void theIdIsInTheThreadsNameWhileTheRequestIsServedAndGoneAfter() {
        String before = Thread.currentThread().getName();
        try (RequestIds.Scope scope = RequestIds.onThisThread("r1")) {
            assertEquals(before + " req=r1", Thread.currentThread().getName());
            try (RequestIds.Scope inner = RequestIds.onThisThread("r2")) {
                assertEquals(before + " req=r2", Thread.currentThread().getName(), "one id at a time");
            }
        }
        assertEquals(before, Thread.currentThread().getName());
    }

    @Test
    void aBodyIsReadUpToTheLimitAndOneBytePast() throws Exception {
        byte[] body = new byte[100];
        assertEquals(100, RequestGate.readAtMost(new ByteArrayInputStream(body), 101).length);
        assertEquals(51, RequestGate.readAtMost(new ByteArrayInputStream(body), 51).length, "no further than asked");
    }
}
