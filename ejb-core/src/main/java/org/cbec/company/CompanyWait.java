package org.cbec.company;

import java.util.concurrent.Semaphore;

/**
 * What a thread gives back while it waits for a company's answer. Work that holds a permit to use
 * the cores (the broker's company lanes count their work so) uses no core while its company
 * thinks: the permit is given back for the call ({@link CompanyTransport} does this around every
 * call) and taken again, in turn, once the answer is in, before the outcome is stored. A thread
 * that holds no permit (a timer's, a request served on its own thread) gives back nothing.
 */
public final class CompanyWait {

    private static final ThreadLocal<Semaphore> HELD = new ThreadLocal<>();
    private static final Scope NONE = () -> { };

    private CompanyWait() {
    }

    /** Ends what {@link #holding} or {@link #away} began. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * From here until the scope closes, this thread holds one permit of {@code permits} (taken by
     * the caller, given back by the caller), which it lends back while it waits for a company.
     */
    public static Scope holding(Semaphore permits) {
        HELD.set(permits);
        return HELD::remove;
    }

    /**
     * Gives this thread's permit back for the time of a company call; closing the scope takes it
     * again, waiting its turn and not interruptible (the answer must be stored whatever happens).
     */
    public static Scope away() {
        Semaphore held = HELD.get();
        if (held == null) {
            return NONE;
        }
        HELD.remove();
        held.release();
        return () -> {
            held.acquireUninterruptibly();
            HELD.set(held);
        };
    }
}
