package org.cbec.sandbox.books;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.cbec.sandbox.entity.BillDifference.Kind;

/**
 * The daily bill's rules as plain values, apart from the database so that they are tested without a
 * container: a Beijing day's window, which rows a bill must read when a test moved lines in time,
 * the checks of a difference a test asks for, and the bill itself from the rows and the
 * differences: left out, one fen more, moved in time, kept when their (moved) time is in the day and
 * has come, oldest first. {@link Bills} reads the rows and asks these.
 */
public final class BillRules {

    /** The state of a revoked trade's line ({@link Kind#REVOKED_TRADE}). */
    public static final String REVOKED = "REVOKED";

    /** The furthest a difference moves a line: one day either way, into the neighbouring day at most. */
    public static final int MAX_SHIFT_SECONDS = 86_400;

    /** From {@code from} (inclusive) to {@code to} (exclusive). */
    public record Window(OffsetDateTime from, OffsetDateTime to) {

        public boolean contains(OffsetDateTime t) {
            return !t.isBefore(from) && t.isBefore(to);
        }
    }

    /**
     * A difference arranged in an account's bills: {@code reference} is the merchant's number of the
     * lines it touches (a payment's orderRef, a refund's, split's or payout's number; null for
     * {@link Kind#WRONG_HASH}), {@code seconds} the move of {@link Kind#SHIFT_SECONDS} (null otherwise).
     */
    public record Difference(Kind kind, String reference, Integer seconds) {
    }

    /** A bad difference: the field and what is wrong with it. */
    public record Problem(String field, String message) {
    }

    private BillRules() {
    }

    /** The Beijing day {@code day}: from its midnight to the next, at +08:00. */
    public static Window day(LocalDate day) {
        return new Window(day.atStartOfDay().atOffset(Companies.BEIJING), day.plusDays(1).atStartOfDay().atOffset(Companies.BEIJING));
    }

    /**
     * The times whose rows the bill of {@code day} must read: the day, widened by the longest move a
     * difference makes, so that a row of a neighbouring day moved into it is read too.
     */
    public static Window rowsToRead(LocalDate day, List<Difference> differences) {
        long widest = shifts(differences).values().stream().mapToLong(Math::abs).max().orElse(0);
        Window w = day(day);
        return new Window(w.from().minusSeconds(widest), w.to().plusSeconds(widest));
    }

    /** Whether the account's bill downloads are to carry a hash that does not match the file. */
    public static boolean wrongHash(List<Difference> differences) {
        return differences.stream().anyMatch(d -> d.kind() == Kind.WRONG_HASH);
    }

    /** What is wrong with a difference a test asks for, if anything. */
    public static Optional<Problem> check(Difference d) {
        if (d.kind() == Kind.WRONG_HASH) {
            if (d.reference() != null) {
                return Optional.of(new Problem("reference", "a WRONG_HASH difference names no reference: it is the whole file's"));
            }
        } else if (d.reference() == null) {
            return Optional.of(new Problem("reference", "reference is required: the orderRef of a payment, else the refund's, split's or payout's number"));
        }
        if (d.kind() == Kind.SHIFT_SECONDS) {
            if (d.seconds() == null || d.seconds() == 0 || Math.abs((long) d.seconds()) > MAX_SHIFT_SECONDS) {
                return Optional.of(new Problem("seconds", "seconds must be an integer from -" + MAX_SHIFT_SECONDS + " to "
                        + MAX_SHIFT_SECONDS + ", not 0"));
            }
        } else if (d.seconds() != null) {
            return Optional.of(new Problem("seconds", "seconds is only for SHIFT_SECONDS"));
        }
        return Optional.empty();
    }

    /**
     * The bill of {@code day} as of {@code now}, from the account's rows (of {@link #rowsToRead}) and
     * its differences: a line whose number an OMIT names is left out; each AMOUNT_PLUS_ONE_FEN naming
     * it adds one fen; the SHIFT_SECONDS naming it add up to its move; a REVOKED_TRADE naming a
     * payment adds a trade of that order in state {@value #REVOKED}, of no money, beside it. Kept are the lines whose
     * (moved) time is in the day and not after {@code now} (a day's bill so far), at +08:00, oldest
     * first; lines of one time in the order payment, refund, split, release, payout, then by number.
     */
    public static List<BillEntry> bill(LocalDate day, OffsetDateTime now, List<BillEntry> rows, List<Difference> differences) {
        Window window = day(day);
        Map<String, Long> shifts = shifts(differences);
        Map<String, Long> plus = new HashMap<>();
        for (Difference d : differences) {
            if (d.kind() == Kind.AMOUNT_PLUS_ONE_FEN) {
                plus.merge(d.reference(), 1L, Long::sum);
            }
        }
        List<String> omitted = differences.stream().filter(d -> d.kind() == Kind.OMIT).map(Difference::reference).toList();
        List<String> revoked = differences.stream().filter(d -> d.kind() == Kind.REVOKED_TRADE).map(Difference::reference).toList();
        List<BillEntry> all = new java.util.ArrayList<>(rows);
        for (BillEntry e : rows) {
            if (e.kind() == BillEntry.Kind.PAYMENT && revoked.contains(e.orderRef())) {
                all.add(new BillEntry(BillEntry.Kind.PAYMENT, e.orderRef(), e.transactionId(), null, null, null, null, 0, 0, e.currency(),
                        REVOKED, e.time()));
            }
        }
        return all.stream()
                .filter(e -> !omitted.contains(reference(e)))
                .map(e -> {
                    String ref = reference(e);
                    OffsetDateTime time = e.time().plusSeconds(shifts.getOrDefault(ref, 0L)).withOffsetSameInstant(Companies.BEIJING);
                    return new BillEntry(e.kind(), e.orderRef(), e.transactionId(), e.reference(), e.companyId(), e.receiverType(),
                            e.receiverAccount(), e.amount() + plus.getOrDefault(ref, 0L), e.fee(), e.currency(), e.state(), time);
                })
                .filter(e -> window.contains(e.time()) && !e.time().isAfter(now))
                .sorted(ORDER)
                .toList();
    }

    /** The number a difference names a line by: a payment's orderRef, else its own number. */
    static String reference(BillEntry e) {
        return e.kind() == BillEntry.Kind.PAYMENT ? e.orderRef() : e.reference();
    }

    private static final Comparator<String> TEXT = Comparator.nullsFirst(Comparator.naturalOrder());

    private static final Comparator<BillEntry> ORDER = Comparator.comparing(BillEntry::time)
            .thenComparing(BillEntry::kind)
            .thenComparing(BillRules::reference, TEXT)
            .thenComparing(BillEntry::orderRef, TEXT)
            .thenComparing(BillEntry::receiverAccount, TEXT)
            .thenComparing(BillEntry::state);

    /** Each number's move in seconds, the SHIFT_SECONDS naming it added up. */
    private static Map<String, Long> shifts(List<Difference> differences) {
        Map<String, Long> shifts = new HashMap<>();
        for (Difference d : differences) {
            if (d.kind() == Kind.SHIFT_SECONDS) {
                shifts.merge(Objects.requireNonNull(d.reference()), (long) d.seconds(), Long::sum);
            }
        }
        return shifts;
    }
}
