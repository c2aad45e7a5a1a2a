package org.cbec.platform.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RecentTest {

    private final AtomicLong clock = new AtomicLong();
    private final Recent<String, String> recent = new Recent<>(Duration.ofSeconds(10), 3, clock::get);
    private final AtomicInteger loads = new AtomicInteger();

    private Optional<String> load(String key) {
        loads.incrementAndGet();
        return key.startsWith("none") ? Optional.empty() : Optional.of("v" + loads.get());
    }

    @Test
    void aFreshValueIsAnsweredFromMemoryAndAnOldOneIsLoadedAgain() {
        assertEquals(Optional.of("v1"), recent.get("k", this::load));
        clock.addAndGet(Duration.ofSeconds(10).toNanos() - 1);
        assertEquals(Optional.of("v1"), recent.get("k", this::load), "still within 10 s");
        assertEquals(1, loads.get());
        clock.addAndGet(1);
        assertEquals(Optional.of("v2"), recent.get("k", this::load), "10 s after the load: asked again");
        assertEquals(2, loads.get());
    }

    @Test
    void nothingFoundIsNeverKept() {
        assertEquals(Optional.empty(), recent.get("none", this::load));
        assertEquals(Optional.empty(), recent.get("none", this::load));
        assertEquals(2, loads.get());
        assertEquals(0, recent.size());
    }

    @Test
    void anEvictedValueIsLoadedAgainAtOnce() {
        recent.get("k", this::load);
        recent.get("j", this::load);
        recent.evict("k");
        assertEquals(Optional.of("v3"), recent.get("k", this::load));
        recent.evictIf("v2"::equals);
        assertEquals(Optional.of("v4"), recent.get("j", this::load));
    }

    @Test
    void aValueLoadedWhileAnEvictionHappenedIsNotKept() {
        Optional<String> loaded = recent.get("k", key -> {
            recent.evict(key); // the change's commit, between the read and the keeping
            return Optional.of("before the change");
        });
        assertEquals(Optional.of("before the change"), loaded, "answered once");
        assertEquals(Optional.of("v1"), recent.get("k", this::load), "but not kept: the next lookup reads again");
    }

    @Test
    void pastItsCapacityItStartsOver() {
        for (String k : new String[] {"a", "b", "c"}) {
            recent.get(k, this::load);
        }
        assertEquals(3, recent.size());
        recent.get("d", this::load);
        assertEquals(1, recent.size());
    }
}
