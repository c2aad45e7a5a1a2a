package org.cbec.reconciliation.control;

import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.cbec.company.BillLine;
import org.cbec.payment.entity.Discrepancy;
import org.cbec.payment.entity.PayoutState;
import org.cbec.platform.time.BeijingTime;

/**
 * The comparison of the broker's records with a company's bill of one Beijing day, pure. A line
 * is known on both sides by its kind and key: a payment by its order, a refund, release or payout
 * by its number at the company, a split by its number and receiver (a release the company made on
 * its own, whose number the broker never learns, by its order: {@link #ownRelease}). Each line of the day's bill is
 * looked for among the broker's records; each of the broker's records of the day among the bill's
 * lines; what is on one side only, or on both with another state, amount or fee, is a difference. A line
 * the other side has on the neighbouring day is matched across the day boundary, not reported: the
 * broker's records of the days before and after are given, and the company's bills of those days
 * when it has them. {@code merchantRef} is the merchant's own reference of the record (its order,
 * refund, settlement or payout ref), by which the broker asks the company again. A broker's record of the day's last {@code boundary} that the day's bill lacks
 * while the next day's bill cannot be had yet is awaiting that bill, not reported.
 */
public final class BillMatching {

    private BillMatching() {
    }

    /**
     * One of the broker's records as a bill line would show it: {@code state} in the bill's words
     * (a payment SUCCESS; a refund its state; a split part its result; a release SUCCESS once
     * finished; a payout {@link #payoutState}), {@code time} the company's time for it, {@code fee}
     * the fee the broker booked for it (a payment's, a refund's share given back, a payout's; null:
     * none to compare, as for splits and releases).
     */
    public record Record(BillLine.Kind kind, String key, String orderRef, String reference, long amount, String currency, String state,
            OffsetDateTime time, Long paymentId, Long payoutId, String merchantRef, Long fee) {

        /** A record without a fee to compare. */
        public Record(BillLine.Kind kind, String key, String orderRef, String reference, long amount, String currency, String state,
                OffsetDateTime time, Long paymentId, Long payoutId, String merchantRef) {
            this(kind, key, orderRef, reference, amount, currency, state, time, paymentId, payoutId, merchantRef, null);
        }
    }

    /** One difference, with both sides' values (null where a side has none). */
    public record Found(Discrepancy.Kind kind, BillLine.Kind lineKind, String key, String orderRef, String reference, Long brokerAmount,
            Long companyAmount, String brokerState, String companyState, String companyLine, Long paymentId, Long payoutId,
            String merchantRef) {
    }

    /**
     * The day's comparison: lines on each side, matched pairs (those across the day boundary
     * counted also in {@code acrossDays}), lines awaiting the next day's bill, and the differences.
     */
    public record Result(int brokerLines, int companyLines, int matched, int acrossDays, int awaiting, List<Found> found) {

        /** Nothing compared yet. */
        public static final Result NONE = new Result(0, 0, 0, 0, 0, List.of());

        /** This comparison and another of other lines, as one. */
        public Result plus(Result other) {
            List<Found> all = new ArrayList<>(found);
            all.addAll(other.found);
            return new Result(brokerLines + other.brokerLines, companyLines + other.companyLines, matched + other.matched,
                    acrossDays + other.acrossDays, awaiting + other.awaiting, List.copyOf(all));
        }
    }

    /**
     * One of the {@code of} parts a large day is compared in, one after the other, so that only that
     * part's lines and records are held at once: a line or record belongs to the part its order
     * falls in ({@link #orderKey}), so that every line of one order, and the records they are matched
     * with, are compared together. {@code of} 1 is the whole day.
     */
    public record Slice(int index, int of) {

        public static final Slice WHOLE = new Slice(0, 1);

        public boolean holds(String orderKey) {
            return of == 1 || Math.floorMod(orderKey.hashCode(), of) == index;
        }

        public boolean holds(BillLine l) {
            return holds(orderKey(l));
        }

        public boolean holds(Record r) {
            return holds(orderKey(r));
        }
    }

    /** What a line is grouped by for a {@link Slice}: its order, or its own key for a line of no order (a payout). */
    public static String orderKey(BillLine l) {
        return l.orderRef() != null ? l.orderRef() : key(l);
    }

    /** What a record is grouped by for a {@link Slice}, as its line is. */
    public static String orderKey(Record r) {
        return r.orderRef() != null ? r.orderRef() : r.key();
    }

    /**
     * A payout's state in the bill's words: the company's ACCEPTED, PAID or FAILED as they are,
     * and the broker's own states by their names, never as shown to the client. A payout the
     * broker holds refused (shown FAILED: its money was booked back) or without an outcome
     * (UNKNOWN: shown ACCEPTED) that the company bills in any state is a state
     * difference, not a match: the first would be paid twice, the second is resolved by the
     * company's word.
     */
    public static String payoutState(PayoutState state) {
        return state.name();
    }

    /**
     * The key of a release the company made on its own (its holding days over): the broker learns
     * that it happened, not the number the company gave it, so the bill's release of that order
     * that no other record claims is its line.
     */
    public static String ownRelease(String orderRef) {
        return "by-company:" + orderRef;
    }

    /** A split part's receiver as a discrepancy shows it (masked, from its key); null for other lines. */
    public static String receiver(Found f) {
        if (f.lineKind() != BillLine.Kind.SPLIT || f.key() == null || f.key().indexOf('/') < 0) {
            return null;
        }
        return org.cbec.payment.PaymentFormats.maskAccount(f.key().substring(f.key().indexOf('/') + 1));
    }

    /** A bill line's key: what the broker knows the same line by. */
    public static String key(BillLine l) {
        return switch (l.kind()) {
            case PAYMENT -> l.orderRef();
            case SPLIT -> l.reference() + "/" + l.receiver();
            // A row not read: by the company's number, or the line itself when it has none.
            case OTHER -> l.companyId() != null ? l.companyId() : "row:" + Integer.toHexString(l.raw().hashCode());
            default -> l.reference();
        };
    }

    /**
     * @param broker the broker's records whose time is in the day or its neighbours, and any other
     *        record of a key the day's bill names (found by key, whatever its time or state)
     * @param company the company's lines of the day's bill
     * @param near the company's lines of the neighbouring days' bills that could be had
     * @param nextDayBilled whether the next day's bill could be had
     */
    public static Result compare(LocalDate day, List<Record> broker, List<BillLine> company, List<BillLine> near, boolean nextDayBilled,
            Duration boundary) {
        Map<String, Record> brokerByKey = new LinkedHashMap<>();
        for (Record r : broker) {
            brokerByKey.putIfAbsent(id(r.kind(), r.key()), r);
        }
        Map<String, BillLine> nearByKey = new LinkedHashMap<>();
        for (BillLine l : near) {
            nearByKey.putIfAbsent(id(l.kind(), key(l)), l);
        }
        List<Found> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int matched = 0;
        int across = 0;
        for (BillLine l : company) {
            if (l.kind() == BillLine.Kind.OTHER) {
                // Not read, so not compared: reported as it is, once.
                if (seen.add(id(l.kind(), key(l)))) {
                    String state = l.state() == null || l.state().length() <= 16 ? l.state() : l.state().substring(0, 16);
                    found.add(new Found(Discrepancy.Kind.UNKNOWN_LINE, l.kind(), key(l), l.orderRef(), l.reference(), null, l.amount(), null,
                            state, l.raw(), null, null, null));
                }
                continue;
            }
            String id = id(l.kind(), key(l));
            Record r = brokerByKey.get(id);
            if (r == null && l.kind() == BillLine.Kind.RELEASE && !seen.contains(id(l.kind(), ownRelease(l.orderRef())))) {
                // No release of that number: the company's own release of that order, if the broker recorded one.
                r = brokerByKey.get(id(l.kind(), ownRelease(l.orderRef())));
                if (r != null) {
                    seen.add(id(l.kind(), ownRelease(l.orderRef())));
                }
            }
            if (!seen.add(id)) {
                // The same line twice in one bill: the second is one the broker does not have.
                found.add(missingAtBroker(l));
                continue;
            }
            if (r == null) {
                found.add(missingAtBroker(l));
            } else if (differ(r, l, found)) {
                if (r.time() != null && !BeijingTime.day(r.time()).equals(day)) {
                    across++;
                }
                matched++;
            }
        }
        int brokerLines = 0;
        int awaiting = 0;
        OffsetDateTime end = day.plusDays(1).atStartOfDay(BeijingTime.ZONE).toOffsetDateTime();
        for (Record r : broker) {
            if (r.time() == null || !BeijingTime.day(r.time()).equals(day)) {
                continue;
            }
            brokerLines++;
            String id = id(r.kind(), r.key());
            if (seen.contains(id)) {
                continue;
            }
            seen.add(id);
            BillLine l = nearByKey.get(id);
            if (l != null) {
                if (differ(r, l, found)) {
                    matched++;
                    across++;
                }
            } else if (!nextDayBilled && !r.time().isBefore(end.minus(boundary))) {
                awaiting++;
            } else {
                found.add(new Found(Discrepancy.Kind.MISSING_AT_COMPANY, r.kind(), r.key(), r.orderRef(), r.reference(), r.amount(), null,
                        r.state(), null, null, r.paymentId(), r.payoutId(), r.merchantRef()));
            }
        }
        return new Result(brokerLines, company.size(), matched, across, awaiting, List.copyOf(found));
    }

    /**
     * Adds the pair's difference, if any: of state first (a line in another state has no amount to
     * compare yet), then of amount, then of fee (its amounts are the two fees); whether they agree.
     */
    private static boolean differ(Record r, BillLine l, List<Found> found) {
        if (!Objects.equals(r.state(), l.state()) && !billedBeforeItEnded(r, l)) {
            found.add(new Found(Discrepancy.Kind.STATE_DIFFERS, r.kind(), r.key(), r.orderRef(), r.reference(), r.amount(), l.amount(),
                    r.state(), l.state(), l.raw(), r.paymentId(), r.payoutId(), r.merchantRef()));
            return false;
        }
        if (r.amount() != l.amount() || l.currency() != null && r.currency() != null && !r.currency().equals(l.currency())) {
            found.add(new Found(Discrepancy.Kind.AMOUNT_DIFFERS, r.kind(), r.key(), r.orderRef(), r.reference(), r.amount(), l.amount(),
                    r.state(), l.state(), l.raw(), r.paymentId(), r.payoutId(), r.merchantRef()));
            return false;
        }
        if (r.fee() != null && r.fee() != l.fee()) {
            found.add(new Found(Discrepancy.Kind.FEE_DIFFERS, r.kind(), r.key(), r.orderRef(), r.reference(), r.fee(), l.fee(), r.state(),
                    l.state(), l.raw(), r.paymentId(), r.payoutId(), r.merchantRef()));
            return false;
        }
        return true;
    }

    /**
     * A payout the bill shows ACCEPTED that the broker knows PAID or FAILED: the bill was written
     * before the payout ended (a payout is billed on its accept day, in its state then). No difference.
     */
    private static boolean billedBeforeItEnded(Record r, BillLine l) {
        return r.kind() == BillLine.Kind.PAYOUT && "ACCEPTED".equals(l.state()) && ("PAID".equals(r.state()) || "FAILED".equals(r.state()));
    }

    private static Found missingAtBroker(BillLine l) {
        return new Found(Discrepancy.Kind.MISSING_AT_BROKER, l.kind(), key(l), l.orderRef(), l.reference(), null, l.amount(), null, l.state(),
                l.raw(), null, null, null);
    }

    private static String id(BillLine.Kind kind, String key) {
        return kind + ":" + key;
    }
}
