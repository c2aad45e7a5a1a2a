package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import java.time.LocalDate;
import java.util.List;

/**
 * The sandbox's daily bills: each account's lines of one Beijing day, written from the sandbox's
 * own books, and the differences a test arranged in them.
 */
@Stateless
public class Bills {

    /**
     * The account's lines of the Beijing day {@code day}, oldest first; for today, the lines so far
     * (a partial bill, which the real companies do not publish). Arranged differences are applied.
     */
    public List<BillEntry> lines(Party account, LocalDate day) {
        throw new UnsupportedOperationException("written by the sandbox books");
    }

    /** Whether the account's bill downloads are arranged to be answered with a hash that does not match the file. */
    public boolean wrongHash(Party account) {
        throw new UnsupportedOperationException("written by the sandbox books");
    }
}
