package org.cbec.sandbox.books;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.sandbox.books.Settlements.PartTerms;
import org.cbec.sandbox.books.Settlements.Refusal;

/**
 * The settlement rules as plain arithmetic over values, apart from the database so that they are
 * tested without a container: what an order still holds, and when a split, a release or a refund of
 * a held order is refused. {@link Settlements} loads the figures under the order's row lock and asks
 * these.
 */
public final class SettlementRules {

    /** The most receivers one split pays, as both companies allow. */
    public static final int MAX_PARTS = 50;
    /** The most splits one order takes, as both companies allow. */
    public static final int MAX_SPLITS = 50;
    /** The receiver type of a release's part: the merchant itself. */
    public static final String MERCHANT = "MERCHANT";

    /** A refusal and its reason, as the protocols pass it on. */
    public record Refused(Refusal refusal, String reason) {
    }

    /** A part as of now: whether it is a release's part to the merchant, its amount and result (PENDING, SUCCESS or CLOSED). */
    public record PartNow(boolean toMerchant, long amount, String result) {
    }

    /**
     * An order's figures as of now: {@code paid}, {@code refunded} (refunds not CLOSED), {@code split}
     * (receivers' parts not CLOSED; a release's part to the merchant is not a split), whether
     * everything left was released, and {@code fee}, the company's fee kept on it (the order's, less
     * what refunds not CLOSED gave back).
     */
    public record Holding(long paid, long refunded, long split, boolean released, long fee) {

        public Holding(long paid, long refunded, long split, boolean released) {
            this(paid, refunded, split, released, 0);
        }

        /** What the company still holds: paid less its fee, refunded and split, 0 once released. */
        public long unsplit() {
            return released ? 0 : Math.max(0, paid - fee - refunded - split);
        }

        /** What can still be refunded: paid money neither refunded nor split away (released money is the merchant's). */
        public long refundable() {
            return Math.max(0, paid - refunded - split);
        }
    }

    private SettlementRules() {
    }

    /** The order's holding, from what was paid and refunded and the parts of its splits and releases as of now. */
    public static Holding holding(long paid, long refunded, List<PartNow> parts, boolean released) {
        return holding(paid, refunded, parts, released, 0);
    }

    /** {@link #holding(long, long, List, boolean)} with the fee the company keeps on it. */
    public static Holding holding(long paid, long refunded, List<PartNow> parts, boolean released, long fee) {
        long split = parts.stream().filter(p -> !p.toMerchant() && !"CLOSED".equals(p.result()))
                .mapToLong(PartNow::amount).sum();
        return new Holding(paid, refunded, split, released, fee);
    }

    /** The most that the order's splits (parts not CLOSED) may add up to: {@code percent} of what was paid, rounded down. */
    public static long maxShare(long paid, int percent) {
        return Math.multiplyExact(paid, (long) percent) / 100;
    }

    /** Refuses a split whose number or parts are malformed: it never reaches the order. */
    public static Optional<Refused> checkShape(String splitNo, List<PartTerms> parts) {
        if (splitNo == null || splitNo.isBlank()) {
            return refused(Refusal.INVALID_REQUEST, "a split needs its number");
        }
        if (parts == null || parts.isEmpty()) {
            return refused(Refusal.INVALID_REQUEST, "a split pays at least one receiver");
        }
        if (parts.size() > MAX_PARTS) {
            return refused(Refusal.TOO_MANY, "a split pays at most " + MAX_PARTS + " receivers");
        }
        for (PartTerms p : parts) {
            if (p.type() == null || p.type().isBlank() || p.account() == null || p.account().isBlank()) {
                return refused(Refusal.INVALID_REQUEST, "each part names its receiver's type and account");
            }
            if (p.amount() <= 0) {
                return refused(Refusal.INVALID_REQUEST, "each part's amount must be more than 0");
            }
        }
        return Optional.empty();
    }

    /**
     * Refuses a split of an order, in the order the companies check: held and paid, not released,
     * not too many splits, receivers registered, within the maximum share of what was paid, within
     * what is still held. {@code paidAndHeld}: the order is paid and was created held.
     */
    public static Optional<Refused> checkSplit(boolean paidAndHeld, Holding holding, int splitsSoFar, List<PartTerms> parts,
            Predicate<PartTerms> registered, int maxSharePercent) {
        Optional<Refused> order = checkOrder(paidAndHeld, holding);
        if (order.isPresent()) {
            return order;
        }
        if (splitsSoFar >= MAX_SPLITS) {
            return refused(Refusal.TOO_MANY, "an order takes at most " + MAX_SPLITS + " splits");
        }
        for (PartTerms p : parts) {
            if (!registered.test(p)) {
                return refused(Refusal.RECEIVER_NOT_REGISTERED,
                        "receiver " + p.type() + " " + p.account() + " is not registered for this account");
            }
        }
        long asked = parts.stream().mapToLong(PartTerms::amount).sum();
        long maxShare = maxShare(holding.paid(), maxSharePercent);
        if (holding.split() + asked > maxShare) {
            return refused(Refusal.SHARE_EXCEEDED, "the splits would pass " + maxSharePercent + "% of what was paid: "
                    + holding.split() + " split already, " + asked + " asked, at most " + maxShare);
        }
        if (asked > holding.unsplit()) {
            return refused(Refusal.NOT_ENOUGH_HELD, "the split asks " + asked + " and the order holds " + holding.unsplit());
        }
        return Optional.empty();
    }

    /** Refuses a release of an order that is not paid and held, or was released already. */
    public static Optional<Refused> checkRelease(boolean paidAndHeld, Holding holding) {
        return checkOrder(paidAndHeld, holding);
    }

    /**
     * Refuses a refund of a held order that would take money split away: refunds not CLOSED and
     * split parts not CLOSED never add up to more than was paid. The reason is for the merchant.
     */
    public static Optional<String> checkRefundOfHeld(Holding holding, long amount) {
        if (amount > holding.refundable()) {
            return Optional.of("the refunds would take money split to receivers, which does not come back by a refund: "
                    + holding.refunded() + " refunded and " + holding.split() + " split of " + holding.paid() + " paid");
        }
        return Optional.empty();
    }

    /**
     * Whether the company releases the order on its own: paid {@code days} or more ago, not released
     * and still holding money.
     */
    public static boolean dueForCompanyRelease(OffsetDateTime paidAt, Holding holding, OffsetDateTime now, int days) {
        return paidAt != null && !paidAt.plusDays(days).isAfter(now) && !holding.released() && holding.unsplit() > 0;
    }

    /** A receiver's name as the admin view shows it: its first character and {@code *} (null stays null). */
    public static String mask(String name) {
        if (name == null || name.isEmpty()) {
            return null;
        }
        return new String(Character.toChars(name.codePointAt(0))) + "*";
    }

    private static Optional<Refused> checkOrder(boolean paidAndHeld, Holding holding) {
        if (!paidAndHeld) {
            return refused(Refusal.ORDER_NOT_HELD, "only a paid order created held for settlement is split or released");
        }
        if (holding.released()) {
            return refused(Refusal.ALREADY_RELEASED, "the order's held money was released: nothing more is split or released");
        }
        return Optional.empty();
    }

    private static Optional<Refused> refused(Refusal refusal, String reason) {
        return Optional.of(new Refused(refusal, reason));
    }
}
