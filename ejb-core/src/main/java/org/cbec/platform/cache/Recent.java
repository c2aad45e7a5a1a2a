package org.cbec.platform.cache;

import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Values looked up recently, each kept for at most {@code ttl}: a lookup within that time is
 * answered from memory, a later one asks the loader again. Only values the loader found are kept
 * (an empty answer is asked again every time, so a key or account that appears is seen at once,
 * and random keys cannot fill the cache). Bounded: past {@code capacity} entries it starts over.
 *
 * @param <K> what is looked up
 * @param <V> what the lookup found
 */
public final class Recent<K, V> {

    private record Entry<V>(V value, long loadedAtNanos) {
    }

    private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
    /** Counts evictions: a value loaded while one happened may be older than it and is not kept. */
    private final AtomicLong evictions = new AtomicLong();
    private final long ttlNanos;
    private final int capacity;
    private final LongSupplier clock;

    public Recent(Duration ttl, int capacity) {
        this(ttl, capacity, System::nanoTime);
    }

    /** With a clock of its own, for tests. */
    Recent(Duration ttl, int capacity, LongSupplier clock) {
        if (ttl.isNegative() || capacity < 1) {
            throw new IllegalArgumentException("ttl >= 0 and capacity >= 1");
        }
        this.ttlNanos = ttl.toNanos();
        this.capacity = capacity;
        this.clock = clock;
    }

    /** The value for {@code key}: the kept one while it is fresh, else the loader's (kept if present). */
    public Optional<V> get(K key, Function<K, Optional<V>> loader) {
        long now = clock.getAsLong();
        Entry<V> kept = entries.get(key);
        if (kept != null && now - kept.loadedAtNanos() < ttlNanos) {
            return Optional.of(kept.value());
        }
        long evictionsBefore = evictions.get();
        Optional<V> loaded = loader.apply(key);
        if (loaded.isPresent()) {
            if (entries.size() >= capacity) {
                entries.clear();
            }
            Entry<V> entry = new Entry<>(loaded.get(), now);
            entries.put(key, entry);
            if (evictions.get() != evictionsBefore) {
                entries.remove(key, entry); // an eviction raced with this load: the value may predate it
            }
        } else if (kept != null) {
            entries.remove(key, kept);
        }
        return loaded;
    }

    /** Forgets one key: the next lookup asks the loader. */
    public void evict(K key) {
        evictions.incrementAndGet();
        entries.remove(key);
    }

    /** Forgets every kept value that matches. */
    public void evictIf(Predicate<V> which) {
        evictions.incrementAndGet();
        entries.values().removeIf(e -> which.test(e.value()));
    }

    /**
     * Runs {@code evict} now and again once the caller's transaction has ended, so that no lookup
     * made before the change commits keeps what the database said before it.
     */
    public static void evictNowAndAfterCommit(TransactionSynchronizationRegistry transactions, Runnable evict) {
        evict.run();
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                evict.run();
            }
        });
    }

    public int size() {
        return entries.size();
    }
}
