import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/**
 * The benchmark's ledger part: gives an account (merchant, payment method) a history of COUNT
 * entries at once, written as the broker writes them (each a PAYMENT of AMOUNT fen from OUTSIDE to
 * AVAILABLE, numbered after the account's last entry, with the totals after it), and moves the
 * account's running totals by them, all under the account's row lock in one transaction:
 *
 * <pre>java -cp postgresql.jar Ledger.java JDBC_URL USER PASSWORD MERCHANT METHOD COUNT AMOUNT</pre>
 *
 * Prints {@code LEDGER merchant=… entries=… last_seq=… seconds=…}. The ids come from a block of the
 * entries' own sequence taken here, so the broker's next ids do not meet them.
 */
public class Ledger {

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: Ledger JDBC_URL USER PASSWORD MERCHANT METHOD COUNT AMOUNT");
            System.exit(2);
        }
        String merchant = args[3];
        String method = args[4];
        int count = Integer.parseInt(args[5]);
        long amount = Long.parseLong(args[6]);
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(args[0], args[1], args[2])) {
            c.setAutoCommit(false);
            try (PreparedStatement row = c.prepareStatement("INSERT INTO balance (merchant, payment_method, updated_at)"
                    + " VALUES (?, ?, CURRENT_TIMESTAMP) ON CONFLICT (merchant, payment_method) DO NOTHING")) {
                row.setString(1, merchant);
                row.setString(2, method);
                row.executeUpdate();
            }
            long available;
            long pending;
            long held;
            long inTransit;
            long paidOut;
            long lastSeq;
            try (PreparedStatement lock = c.prepareStatement("SELECT available, pending, held, in_transit, paid_out, last_seq"
                    + " FROM balance WHERE merchant = ? AND payment_method = ? FOR UPDATE")) {
                lock.setString(1, merchant);
                lock.setString(2, method);
                try (ResultSet r = lock.executeQuery()) {
                    r.next();
                    available = r.getLong(1);
                    pending = r.getLong(2);
                    held = r.getLong(3);
                    inTransit = r.getLong(4);
                    paidOut = r.getLong(5);
                    lastSeq = r.getLong(6);
                }
            }
            long blocks = (count + 49) / 50 + 1;
            long first;
            try (PreparedStatement ids = c.prepareStatement("SELECT setval('balance_entry_seq', nextval('balance_entry_seq') + ?)")) {
                ids.setLong(1, 50 * blocks);
                try (ResultSet r = ids.executeQuery()) {
                    r.next();
                    first = r.getLong(1) - 50 * blocks + 1;
                }
            }
            try (PreparedStatement entries = c.prepareStatement("INSERT INTO balance_entry (id, merchant, payment_method, kind,"
                    + " from_bucket, to_bucket, amount, order_ref, created_at, seq, available_after, pending_after, held_after,"
                    + " in_transit_after, paid_out_after)"
                    + " SELECT ? + n, ?, ?, 'PAYMENT', 'OUTSIDE', 'AVAILABLE', ?, 'seed' || (n + 1), CURRENT_TIMESTAMP,"
                    + " ? + n + 1, ? + ? * (n + 1), ?, ?, ?, ? FROM generate_series(0, ? - 1) AS n")) {
                int i = 1;
                entries.setLong(i++, first);
                entries.setString(i++, merchant);
                entries.setString(i++, method);
                entries.setLong(i++, amount);
                entries.setLong(i++, lastSeq);
                entries.setLong(i++, available);
                entries.setLong(i++, amount);
                entries.setLong(i++, pending);
                entries.setLong(i++, held);
                entries.setLong(i++, inTransit);
                entries.setLong(i++, paidOut);
                entries.setInt(i, count);
                entries.executeUpdate();
            }
            try (PreparedStatement totals = c.prepareStatement("UPDATE balance SET available = available + ?, last_seq = last_seq + ?,"
                    + " updated_at = CURRENT_TIMESTAMP WHERE merchant = ? AND payment_method = ?")) {
                totals.setLong(1, amount * count);
                totals.setLong(2, count);
                totals.setString(3, merchant);
                totals.setString(4, method);
                totals.executeUpdate();
            }
            c.commit();
            // Fresh statistics, as autovacuum would make them after such a load: the planner's view
            // of the table is the one a merchant with this history would have.
            c.setAutoCommit(true);
            try (PreparedStatement analyze = c.prepareStatement("ANALYZE balance_entry")) {
                analyze.execute();
            }
            System.out.printf("LEDGER merchant=%s entries=%d last_seq=%d seconds=%.1f%n", merchant, count, lastSeq + count,
                    (System.nanoTime() - started) / 1e9);
        }
    }
}
