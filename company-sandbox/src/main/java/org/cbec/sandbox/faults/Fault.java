package org.cbec.sandbox.faults;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fault set for an account: its mode, the status an ERROR answers, the stall of a SLOW one, the
 * only order it applies to (null: every request of the account) and the calls left (null: until
 * cleared).
 */
public record Fault(Mode mode, int status, long latencyMs, String orderRef, AtomicInteger remaining) {

    /** What goes wrong. */
    public enum Mode {
        /** Stall past the broker's read timeout ({@code sandbox.timeout-fault-ms}), then work and answer normally. */
        TIMEOUT,
        /** Answer {@code status} at once, unsigned, without doing the work. */
        ERROR,
        /** Stall {@code latencyMs}, then work and answer normally. */
        SLOW,
        /** Work, then answer with a signature that does not verify. */
        BAD_SIGNATURE
    }

    boolean appliesTo(String requestOrderRef) {
        return orderRef == null || orderRef.equals(requestOrderRef);
    }
}
