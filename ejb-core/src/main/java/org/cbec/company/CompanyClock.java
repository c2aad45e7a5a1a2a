package org.cbec.company;

/**
 * The time the current request thread spent waiting for companies, so that the web layer can
 * report the broker's own time (total minus company time). A thread-local rather than a
 * request-scoped bean: company calls run on the request thread (Fault Tolerance's synchronous
 * timeout and bulkhead keep the caller's thread), and a reconciliation timer has no HTTP request.
 */
public final class CompanyClock {

    private static final ThreadLocal<long[]> NANOS = ThreadLocal.withInitial(() -> new long[1]);

    private CompanyClock() {
    }

    /** Starts counting for a new request on this thread. */
    public static void reset() {
        NANOS.get()[0] = 0;
    }

    static void add(long nanos) {
        NANOS.get()[0] += nanos;
    }

    /** Nanoseconds spent in company calls on this thread since {@link #reset()}. */
    public static long nanos() {
        return NANOS.get()[0];
    }
}
