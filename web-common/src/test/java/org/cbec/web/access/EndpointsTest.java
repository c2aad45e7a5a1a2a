package org.cbec.web.access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

class EndpointsTest {

    static class Keyed {
        public void get() {
        }

        @OpenEndpoint
        public void ping() {
        }

        @AdminOnly
        public void admin() {
        }
    }

    @AdminOnly
    static class Admin {
        public void issue() {
        }

        @OpenEndpoint
        public void open() {
        }
    }

    @OpenEndpoint
    static class Open {
        public void page() {
        }
    }

    private static Endpoints of(Class<?> type, String method) throws NoSuchMethodException {
        Method m = type.getMethod(method);
        return Endpoints.of(m, type);
    }

    @Test
    void anUnmarkedEndpointTakesAKey() throws Exception {
        assertEquals(Endpoints.KEYED, of(Keyed.class, "get"));
    }

    @Test
    void aMarkedMethodIsOpenOrTheAdministrators() throws Exception {
        assertEquals(Endpoints.OPEN, of(Keyed.class, "ping"));
        assertEquals(Endpoints.ADMIN, of(Keyed.class, "admin"));
    }

    @Test
    void aMarkedClassMarksItsMethods() throws Exception {
        assertEquals(Endpoints.ADMIN, of(Admin.class, "issue"));
        assertEquals(Endpoints.OPEN, of(Open.class, "page"));
    }

    @Test
    void adminOnlyWinsOverOpenSoAnAdminResourceCannotBeOpenedByMistake() throws Exception {
        assertEquals(Endpoints.ADMIN, of(Admin.class, "open"));
    }

    @Test
    void noMatchedOperationTakesAKey() {
        assertEquals(Endpoints.KEYED, Endpoints.of(null, null));
    }
}
