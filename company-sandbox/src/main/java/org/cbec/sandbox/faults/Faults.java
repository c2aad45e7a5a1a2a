package org.cbec.sandbox.faults;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * The faults set, one per account (a new one replaces the old), in this server's memory. A HOLD
 * is remembered apart until it is released, because its counted calls can use it up (and remove
 * it) while they are still stalled: replacing or deleting the account's faults releases them.
 */
@ApplicationScoped
public class Faults {

    private static final Logger LOG = Logger.getLogger(Faults.class.getName());

    private final Map<Long, Fault> faults = new ConcurrentHashMap<>();

    private final Map<Long, Fault> holds = new ConcurrentHashMap<>();

    public void set(long accountId, String account, Fault fault) {
        releaseHold(accountId);
        if (fault.mode() == Fault.Mode.HOLD) {
            holds.put(accountId, fault);
        }
        faults.put(accountId, fault);
        LOG.info(() -> String.format("Fault %s set for %s%s%s", fault.mode(), account,
                fault.orderRef() == null ? "" : ", out_trade_no " + fault.orderRef(),
                fault.remaining() == null ? "" : ", " + fault.remaining().get() + " call(s)"));
    }

    public void clear(long accountId, String account) {
        boolean held = releaseHold(accountId);
        if (faults.remove(accountId) != null || held) {
            LOG.info(() -> "Faults cleared for " + account);
        }
    }

    private boolean releaseHold(long accountId) {
        Fault hold = holds.remove(accountId);
        if (hold != null) {
            hold.releaseCalls();
        }
        return hold != null;
    }

    /**
     * The fault a request of this kind about this order meets, if any, counting it down; a used-up
     * fault is removed, or replaced by the one it names to follow it ({@link Fault#then()}).
     */
    public Optional<Fault> take(long accountId, String orderRef, String kind) {
        Fault f = faults.get(accountId);
        if (f == null || !f.appliesTo(orderRef, kind)) {
            return Optional.empty();
        }
        if (f.remaining() != null) {
            int left = f.remaining().getAndDecrement();
            if (left == 1 && f.then() != null) {
                faults.replace(accountId, f, f.then());
            } else if (left <= 1) {
                faults.remove(accountId, f);
            }
            if (left <= 0) {
                return Optional.empty();
            }
        }
        return Optional.of(f);
    }
}
