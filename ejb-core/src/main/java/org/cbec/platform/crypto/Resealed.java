package org.cbec.platform.crypto;

/**
 * One batch of a rewrite under the newest key-encryption key: rows looked at, rows rewritten, the
 * last row id looked at (where the next batch starts), and whether more rows may follow.
 */
public record Resealed(int examined, int rewritten, long lastId, boolean more) {

    /** Rows per batch: each batch is one transaction, its rows locked until it ends. */
    public static final int BATCH = 100;

    /**
     * Every row rewritten, batch after batch ({@code batch} is called through its EJB, a transaction
     * each); the number of rows rewritten.
     */
    public static int all(java.util.function.BiFunction<Long, Integer, Resealed> batch) {
        long after = Long.MIN_VALUE;
        int rewritten = 0;
        Resealed r;
        do {
            r = batch.apply(after, BATCH);
            rewritten += r.rewritten();
            after = r.lastId();
        } while (r.more());
        return rewritten;
    }
}
