package org.cbec.web.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.container.ResourceInfo;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.cbec.web.ServiceEnvelope;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class UnexpectedFailureMapperTest {

    /** An envelope that shows what it was given. */
    record Failure(String message, String reference) {
    }

    static final ServiceEnvelope ENVELOPE = new ServiceEnvelope() {
        @Override
        public Object refusal(int status, String message, String field) {
            throw new AssertionError("a failure is not a refusal");
        }

        @Override
        public Object failure(String message, String reference) {
            return new Failure(message, reference);
        }
    };

    @FailureAction("making the payment")
    static class Payments {
        public void create() {
        }

        @FailureAction("redeclaring the payment")
        public void redeclare() {
        }
    }

    static class Unnamed {
        public void anything() {
        }
    }

    private final Logger log = Logger.getLogger(RequestProblems.class.getName());
    private final List<LogRecord> logged = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        log.addHandler(handler);
    }

    @AfterEach
    void stop() {
        log.removeHandler(handler);
    }

    private static ResourceInfo matched(Class<?> type, String method) throws NoSuchMethodException {
        Method m = type.getMethod(method);
        return new ResourceInfo() {
            @Override
            public Method getResourceMethod() {
                return m;
            }

            @Override
            public Class<?> getResourceClass() {
                return type;
            }
        };
    }

    private Failure failure(ResourceInfo resource) {
        return (Failure) UnexpectedFailureMapper.failure(ENVELOPE, resource, new IllegalStateException("boom"));
    }

    @Test
    void theClassNamesTheActionOfItsOperations() throws Exception {
        assertEquals("failure while making the payment", failure(matched(Payments.class, "create")).message());
    }

    @Test
    void theMethodsActionWinsOverItsClasss() throws Exception {
        assertEquals("failure while redeclaring the payment", failure(matched(Payments.class, "redeclare")).message());
    }

    @Test
    void withoutAnActionItIsAnInternalError() throws Exception {
        assertEquals("internal error", failure(matched(Unnamed.class, "anything")).message());
    }

    @Test
    void withoutAMatchedOperationItIsAnInternalError() {
        assertEquals("internal error", failure(null).message());
    }

    @Test
    void theEnvelopeCarriesTheReferenceOfTheLoggedFailure() throws Exception {
        Failure f = failure(matched(Payments.class, "create"));
        assertEquals(1, logged.size());
        LogRecord r = logged.get(0);
        assertTrue(r.getMessage().endsWith("reference " + f.reference()), r.getMessage());
        assertEquals("boom", r.getThrown().getMessage());
    }
}
