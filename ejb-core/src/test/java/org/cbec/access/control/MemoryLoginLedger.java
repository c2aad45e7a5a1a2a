package org.cbec.access.control;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** The admin login ledger on a map instead of the database: what one shared table holds, for the tests. */
public class MemoryLoginLedger extends AdminLoginLedger {

    public final Map<String, LoginThrottle.Failures> rows = new HashMap<>();
    /** When set, every call fails as a database that cannot be reached. */
    public boolean down;

    @Override
    public synchronized Map<String, LoginThrottle.Failures> of(Set<String> keys) {
        check();
        Map<String, LoginThrottle.Failures> held = new HashMap<>();
        keys.stream().filter(rows::containsKey).forEach(k -> held.put(k, rows.get(k)));
        return held;
    }

    @Override
    public synchronized LoginThrottle.Failed failed(String key, LoginThrottle throttle, long now) {
        check();
        LoginThrottle.Failed failed = throttle.failed(rows.get(key), now);
        rows.put(key, failed.failures());
        return failed;
    }

    @Override
    public synchronized void forget(Set<String> keys) {
        check();
        rows.keySet().removeAll(keys);
    }

    @Override
    public synchronized int forgetQuietSince(long before) {
        check();
        int n = rows.size();
        rows.values().removeIf(f -> f.lastMillis() < before);
        return n - rows.size();
    }

    private void check() {
        if (down) {
            throw new IllegalStateException("the database cannot be reached");
        }
    }
}
