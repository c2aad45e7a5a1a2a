package org.cbec.broker.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Faults the sandbox companies inject, per merchant account, optionally for one orderRef only,
 * for a number of calls or until cleared. Kept in memory: a restart clears them.
 */
@ApplicationScoped
public class SandboxFaults {

    /** What goes wrong. */
    public enum Mode {
        /** Answer after the broker has given up (longer than its read timeout). */
        TIMEOUT,
        /** Answer with an error status (default 500) and no signature. */
        ERROR,
        /** Answer normally after {@code latencyMs}. */
        SLOW,
        /** Answer normally but with a signature that does not verify. */
        BAD_SIGNATURE
    }

    public record Fault(Mode mode, int status, long latencyMs, String orderRef, AtomicInteger remaining) {
    }

    private final Map<String, Fault> faults = new ConcurrentHashMap<>();

    /** A TIMEOUT fault stalls past the broker's read timeout, so that the broker gives up first. */
    @Inject
    @ConfigProperty(name = "company.read-timeout-ms", defaultValue = "5000")
    long readTimeoutMs;

    public void set(String method, String mch, Fault fault) {
        faults.put(method + "/" + mch, fault);
    }

    public void clear(String method, String mch) {
        faults.remove(method + "/" + mch);
    }

    /** The fault for this call, if any, counting it down. */
    public Optional<Fault> take(String method, String mch, String orderRef) {
        Fault f = faults.get(method + "/" + mch);
        if (f == null || f.orderRef() != null && !f.orderRef().equals(orderRef)) {
            return Optional.empty();
        }
        if (f.remaining() != null && f.remaining().getAndDecrement() <= 0) {
            faults.remove(method + "/" + mch, f);
            return Optional.empty();
        }
        return Optional.of(f);
    }

    /**
     * Applies the part of a fault that comes before the answer: TIMEOUT and SLOW stall here; ERROR
     * returns the status to answer with instead of an answer.
     */
    public Optional<Integer> stallOrFail(Optional<Fault> fault) {
        if (fault.isEmpty()) {
            return Optional.empty();
        }
        switch (fault.get().mode()) {
            case ERROR:
                return Optional.of(fault.get().status());
            case TIMEOUT:
                sleep(readTimeoutMs + 1500);
                break;
            case SLOW:
                sleep(fault.get().latencyMs());
                break;
            default:
                break;
        }
        return Optional.empty();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
