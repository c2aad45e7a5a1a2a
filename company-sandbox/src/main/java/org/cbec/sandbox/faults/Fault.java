package org.cbec.sandbox.faults;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fault set for an account: its mode, the status an ERROR answers (and alphapay's REFUSE), the
 * stall of a SLOW one (the longest stall of a HOLD), the only order it applies to (null: every
 * request of the account), the calls left (null: until cleared), a REFUSE's company error code and
 * whether the work is done before it, for a HOLD the latch that deleting the faults opens, the only
 * kind of request it applies to (a request log kind such as {@code payout}; null: every kind), and
 * the fault that takes its place once its calls are used up ({@code then}; null: none), so that a
 * test can make a first send and its resend meet different faults while the queries between pass.
 */
public record Fault(Mode mode, int status, long latencyMs, String orderRef, AtomicInteger remaining, String code, boolean afterWork,
        CountDownLatch release, String kind, Fault then) {

    /** What goes wrong. */
    public enum Mode {
        /** Stall past the broker's read timeout ({@code sandbox.timeout-fault-ms}), then work and answer normally. */
        TIMEOUT,
        /** Answer {@code status} at once, unsigned, without doing the work. */
        ERROR,
        /** Stall {@code latencyMs}, then work and answer normally. */
        SLOW,
        /**
         * Stall until the account's faults are deleted (or replaced), at most {@code latencyMs}, then
         * work and answer normally: a test holds calls at the company for as long as its condition
         * needs, instead of guessing a duration.
         */
        HOLD,
        /** Work, then answer with a signature that does not verify. */
        BAD_SIGNATURE,
        /**
         * Answer a refusal with the company error {@code code}, signed as every answer, in the
         * company's own form: without doing the work, or (with {@code afterWork}) after it, as a
         * company that did what was asked but answered "busy" or "being processed".
         */
        REFUSE
    }

    public Fault(Mode mode, int status, long latencyMs, String orderRef, AtomicInteger remaining) {
        this(mode, status, latencyMs, orderRef, remaining, null, false);
    }

    public Fault(Mode mode, int status, long latencyMs, String orderRef, AtomicInteger remaining, String code, boolean afterWork) {
        this(mode, status, latencyMs, orderRef, remaining, code, afterWork, null, null);
    }

    public Fault(Mode mode, int status, long latencyMs, String orderRef, AtomicInteger remaining, String code, boolean afterWork,
            String kind, Fault then) {
        this(mode, status, latencyMs, orderRef, remaining, code, afterWork, mode == Mode.HOLD ? new CountDownLatch(1) : null, kind, then);
    }

    boolean appliesTo(String requestOrderRef, String requestKind) {
        return (orderRef == null || orderRef.equals(requestOrderRef)) && (kind == null || kind.equals(requestKind));
    }

    /** Lets every call this HOLD stalls go on. */
    void releaseCalls() {
        if (release != null) {
            release.countDown();
        }
    }

    /**
     * Whether a request meeting this fault is stalled before it is served (and so logged first, with
     * no status yet).
     */
    public boolean stalls() {
        return mode == Mode.TIMEOUT || mode == Mode.HOLD || mode == Mode.SLOW && latencyMs > 0;
    }

    /**
     * The stall: a TIMEOUT's {@code timeoutFaultMs}, a SLOW one's {@code latencyMs}, a HOLD until
     * released or {@code latencyMs} has passed.
     */
    public void stall(long timeoutFaultMs) throws InterruptedException {
        switch (mode) {
            case TIMEOUT -> Thread.sleep(timeoutFaultMs);
            case SLOW -> Thread.sleep(latencyMs);
            case HOLD -> release.await(latencyMs, TimeUnit.MILLISECONDS);
            default -> {
            }
        }
    }
}
