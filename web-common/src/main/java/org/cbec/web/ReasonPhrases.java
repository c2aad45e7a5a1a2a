package org.cbec.web;

import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.logging.Logger;

/**
 * A status line with its reason phrase for the statuses the container's table lacks.
 *
 * <p>Grizzly, under Payara's servlet container, writes {@code HTTP/1.1 422 CUSTOM} (and
 * {@code 429 CUSTOM}) for a status its table does not name, and Servlet 6 has no way to give a
 * phrase with a status. {@code sendError(status, phrase)} sets one, but Payara's error-page
 * dispatch sets the status again without it (seen in Payara 6.2025.10:
 * {@code StandardHostValve.custom} calls {@code setStatus(int)}), so the phrase is lost before the
 * envelope is written. This wrapper sets such a status with its phrase on the container's own
 * response (Grizzly's {@code Response.setStatus(int, String)}, reached from the servlet facade),
 * and the answer is written as any other. Where that is not possible (another container), the
 * status is set as before, and a line is logged once.
 */
public final class ReasonPhrases extends HttpServletResponseWrapper {

    private static final Logger LOG = Logger.getLogger(ReasonPhrases.class.getName());

    /** The phrases of RFC 9110 for the statuses the services answer that Grizzly does not know. */
    static final Map<Integer, String> MISSING = Map.of(422, "Unprocessable Content", 429, "Too Many Requests");

    private static volatile boolean unavailable;

    ReasonPhrases(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void setStatus(int sc) {
        String phrase = MISSING.get(sc);
        if (phrase == null || isCommitted() || !withPhrase(getResponse(), sc, phrase)) {
            super.setStatus(sc);
        }
    }

    /** Sets the status with its phrase on the container's response; false where this container offers no way to. */
    static boolean withPhrase(ServletResponse response, int status, String phrase) {
        if (unavailable) {
            return false;
        }
        ServletResponse inner = response;
        while (inner instanceof ServletResponseWrapper wrapper) {
            inner = wrapper.getResponse();
        }
        try {
            Field field = field(inner.getClass(), "response");
            field.setAccessible(true);
            Object connector = field.get(inner);
            Object grizzly = connector.getClass().getMethod("getCoyoteResponse").invoke(connector);
            Method setStatus = grizzly.getClass().getMethod("setStatus", int.class, String.class);
            setStatus.invoke(grizzly, status, phrase);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            unavailable = true;
            LOG.info(() -> "No reason phrase for " + status + " on this container (" + e + "): the status line says what the container's table says");
            return false;
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException next) {
                // look further up
            }
        }
        throw new NoSuchFieldException(type.getName() + "." + name);
    }
}
