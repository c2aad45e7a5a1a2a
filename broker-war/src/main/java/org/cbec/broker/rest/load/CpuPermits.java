package org.cbec.broker.rest.load;

import java.util.concurrent.Semaphore;
import org.cbec.company.CompanyWait;

/**
 * How much of the lanes' work uses the cores at once. An operation in a company's lane holds a
 * permit for its own work (the intent stored, the call signed, the answer checked, the outcome
 * stored, the answer written) and lends it back while its company thinks ({@link CompanyWait}).
 * A few permits per core: past saturation, the lanes' work waits its turn, first come first served,
 * instead of sharing a core among a lane's hundred calls until every one of them is slow.
 */
final class CpuPermits {

    private final Semaphore permits;
    private final int limit;

    CpuPermits(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("company.lanes.cpu-permits must be at least 1: " + limit);
        }
        this.limit = limit;
        this.permits = new Semaphore(limit, true);
    }

    int limit() {
        return limit;
    }

    /**
     * A permit for the work on this thread, waited for in turn; held until the scope closes, and
     * lent back during company calls (taken again, in turn, when the answer is in).
     */
    CompanyWait.Scope work() {
        permits.acquireUninterruptibly();
        CompanyWait.Scope lent = CompanyWait.holding(permits);
        return () -> {
            lent.close();
            permits.release();
        };
    }
}
