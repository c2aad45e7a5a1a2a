package org.cbec.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.cbec.testing.Http.Reply;

/**
 * Many clients sending at the same moment (a double-clicking buyer, a retrying client), each
 * behaving as a careful client of the broker does: a {@code 409} with {@code Retry-After} (the same
 * create is in progress) is sent again after the seconds it asks for.
 */
public final class Bursts {

    private Bursts() {
    }

    /**
     * One caller of a burst: its first answer and how long that took, and the answer it ended with
     * after honouring every {@code Retry-After}.
     */
    public record Caller(Reply first, long firstMillis, Reply last, int attempts) {

        @Override
        public String toString() {
            return first.status() + " in " + firstMillis + " ms, then " + last.status() + " after " + attempts + " attempt(s)";
        }
    }

    /** {@code callers} threads, released together, each sending {@code call.apply(i)}. */
    public static List<Caller> atOnce(int callers, IntFunction<Reply> call) throws Exception {
        return atOnce(callers, call, callers, () -> { });
    }

    /**
     * As {@link #atOnce(int, IntFunction)}, and once {@code answered} callers have their answer
     * (or a minute has passed), {@code then} runs, before the rest are waited for: for instance to
     * let go the calls a company holds. {@code then} runs whatever happens.
     */
    public static List<Caller> atOnce(int callers, IntFunction<Reply> call, int answered, Runnable then) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        CountDownLatch ready = new CountDownLatch(callers);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Caller>> futures = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                int caller = i;
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    return retryingInProgress(() -> call.apply(caller));
                }));
            }
            ready.await();
            go.countDown();
            try {
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
                while (futures.stream().filter(Future::isDone).count() < answered && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            } finally {
                then.run();
            }
            List<Caller> callersSeen = new ArrayList<>();
            for (Future<Caller> f : futures) {
                callersSeen.add(f.get());
            }
            return callersSeen;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Sends, and sends again while the answer is a 409 in progress, waiting as it asks (at most 60 times). */
    public static Caller retryingInProgress(java.util.function.Supplier<Reply> call) throws InterruptedException {
        long start = System.nanoTime();
        Reply first = call.get();
        long firstMillis = (System.nanoTime() - start) / 1_000_000;
        Reply last = first;
        int attempts = 1;
        while (last.status() == 409 && last.header("Retry-After") != null && attempts < 60) {
            Thread.sleep(Long.parseLong(last.header("Retry-After")) * 1000);
            last = call.get();
            attempts++;
        }
        return new Caller(first, firstMillis, last, attempts);
    }
}
