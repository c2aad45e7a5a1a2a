package org.cbec.broker.rest.load;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * A warning written at most once per {@value #EVERY_SECONDS} s however often its condition comes
 * back: a node refusing requests in bulk says so, not once per refused request.
 */
final class RareWarning {

    static final int EVERY_SECONDS = 10;
    private static final long EVERY_NANOS = EVERY_SECONDS * 1_000_000_000L;

    private final Logger log;
    /** When the last line was written (System.nanoTime), or "never". */
    private final AtomicLong writtenAt;

    RareWarning(Logger log) {
        this.log = log;
        this.writtenAt = new AtomicLong(System.nanoTime() - EVERY_NANOS - 1);
    }

    /** Writes the line unless one was written less than ten seconds ago. */
    void warn(Supplier<String> line) {
        long now = System.nanoTime();
        long last = writtenAt.get();
        if (now - last > EVERY_NANOS && writtenAt.compareAndSet(last, now)) {
            log.warning(line);
        }
    }
}
