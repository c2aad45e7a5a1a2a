package org.cbec.settlement.control;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.cbec.settlement.AddReceiver;
import org.cbec.payment.PaymentFormats;
import org.cbec.settlement.ReleaseHeld;
import org.cbec.settlement.SplitPayment;
import org.cbec.settlement.SplitShare;
import org.cbec.settlement.SplitView;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SettlementState;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.validation.RequestChecks;

/**
 * The rules of settlement. A held payment's money is paid, less its refunds that are not CLOSED,
 * less its split parts that are not CLOSED, and nothing once released. A split is taken only of a
 * paid, held, unreleased payment, to receivers registered at its company, within the company's
 * maximum share of what was paid and within what is still held; the decisions that read the
 * stored splits run while the payment's row is locked, so concurrent splits and refunds see each
 * other. Every refusal names its field and changes nothing.
 */
public final class SettlementRules {

    /** Both companies let at most this share of a payment be split, unless a merchant's contract says otherwise. */
    public static final int DEFAULT_MAX_SHARE_PERCENT = 30;

    private SettlementRules() {
    }

    /**
     * The payment as these rules see it: {@code refundsHeld} is what its refunds that are not CLOSED
     * take; {@code feeKept} the company's fee on it less what those refunds gave back.
     */
    public record Held(String orderRef, TradeState state, boolean heldForSettlement, long paid, long refundsHeld, long feeKept) {

        public Held(String orderRef, TradeState state, boolean heldForSettlement, long paid, long refundsHeld) {
            this(orderRef, state, heldForSettlement, paid, refundsHeld, 0);
        }
    }

    /** A request for a split or a release: the stored one it repeats, or the place of a new one. */
    public record Decision(Optional<SplitView> repeated, int seq) {
    }

    /** The constraints of a receiver, and the rules that read two of its fields. */
    public static void checkReceiver(AddReceiver a) {
        RequestChecks.check(a, RequestChecks.after("name", () -> {
            if ("MERCHANT".equals(a.type()) && (a.name() == null || a.name().isBlank())) {
                throw new InvalidRequestException("name", "name is required for a MERCHANT receiver: its full registered name");
            }
        }), RequestChecks.after("customRelation", () -> {
            boolean custom = "CUSTOM".equals(a.relationType());
            boolean given = a.customRelation() != null && !a.customRelation().isBlank();
            if (custom != given) {
                throw new InvalidRequestException("customRelation", custom ? "customRelation is required with the relation type CUSTOM"
                        : "customRelation is given only with the relation type CUSTOM");
            }
        }));
    }

    public static void checkSplit(SplitPayment s) {
        RequestChecks.check(s, RequestChecks.after("receivers", () -> {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < s.receivers().size(); i++) {
                SplitShare share = s.receivers().get(i);
                if (share == null) {
                    throw new InvalidRequestException("receivers[" + i + "]", "receivers[" + i + "] must be a receiver's share");
                }
                if (!seen.add(share.account())) {
                    throw new InvalidRequestException("receivers[" + i + "].account", "receivers[" + i + "].account "
                            + PaymentFormats.maskAccount(share.account()) + " is already in this split; one share per receiver");
                }
            }
        }));
    }

    public static void checkRelease(ReleaseHeld r) {
        RequestChecks.check(r);
    }

    /** Whether the payment's held money went to the merchant: a release, or a split with finish, that the company did not refuse. */
    public static boolean released(List<SplitView> splits) {
        return splits.stream().anyMatch(s -> s.state() != SettlementState.REFUSED
                && (s.kind() == Settlement.Kind.RELEASE || s.finish()));
    }

    /** What the splits' parts that are not CLOSED take. */
    public static long splitTotal(List<SplitView> splits) {
        return splits.stream().filter(s -> s.kind() == Settlement.Kind.SPLIT).mapToLong(SplitView::splitTotal).sum();
    }

    /** What the company still holds of the payment (its fee is the company's): zero when it was not held or was released. */
    public static long heldAmount(Held p, List<SplitView> splits) {
        if (!p.heldForSettlement() || p.state() != TradeState.SUCCESS || released(splits)) {
            return 0;
        }
        return Math.max(0, p.paid() - p.feeKept() - p.refundsHeld() - splitTotal(splits));
    }

    /** The most the parts that are not CLOSED may add up to: the company's share of what was paid, rounded down. */
    public static long maxShare(long paid, int maxSharePercent) {
        return paid * maxSharePercent / 100;
    }

    /**
     * What a split request means for the payment with these splits and releases: the same
     * settlementRef with the same body is the same split; {@code registered} maps the accounts
     * registered at the payment's company to their types.
     */
    public static Decision decideSplit(Held p, List<SplitView> splits, SplitPayment s, Map<String, String> registered,
            int maxSharePercent) {
        Optional<SplitView> same = splits.stream().filter(x -> x.settlementRef().equals(s.settlementRef())).findFirst();
        if (same.isPresent()) {
            if (!sameSplit(same.get(), s)) {
                throw new InvalidRequestException("settlementRef", "settlementRef " + s.settlementRef()
                        + " is already another split or release of this payment; a split cannot change");
            }
            return new Decision(same, 0);
        }
        checkHeld(p, splits);
        if (splits.stream().filter(x -> x.kind() == Settlement.Kind.SPLIT).count() >= PaymentFormats.MAX_SPLITS) {
            throw new InvalidRequestException("orderRef", "payment " + p.orderRef() + " already has " + PaymentFormats.MAX_SPLITS
                    + " splits, the most a payment can have");
        }
        long sum = 0;
        for (int i = 0; i < s.receivers().size(); i++) {
            SplitShare share = s.receivers().get(i);
            if (!registered.containsKey(share.account())) {
                throw new InvalidRequestException("receivers[" + i + "].account", "receivers[" + i + "].account "
                        + PaymentFormats.maskAccount(share.account()) + " is not a receiver registered at this payment's company; add it with"
                        + " POST /settlement/receiver first");
            }
            sum += share.amount();
        }
        long split = splitTotal(splits);
        long max = maxShare(p.paid(), maxSharePercent);
        if (split + sum > max) {
            throw new InvalidRequestException("receivers", "the split's " + sum + " would pass the company's maximum share of "
                    + maxSharePercent + "% of " + p.paid() + " paid (" + max + "); split already " + split + ", left " + (max - split));
        }
        long held = heldAmount(p, splits);
        if (sum > held) {
            throw new InvalidRequestException("receivers", "the split's " + sum + " is more than the payment still holds: " + held
                    + " (paid " + p.paid() + ", refunds " + p.refundsHeld() + ", split " + split + ")");
        }
        return new Decision(Optional.empty(), splits.size() + 1);
    }

    /** What a release request means: the same settlementRef and description is the same release. */
    public static Decision decideRelease(Held p, List<SplitView> splits, ReleaseHeld r) {
        Optional<SplitView> same = splits.stream().filter(x -> x.settlementRef().equals(r.settlementRef())).findFirst();
        if (same.isPresent()) {
            if (same.get().kind() != Settlement.Kind.RELEASE || !r.description().equals(same.get().description())) {
                throw new InvalidRequestException("settlementRef", "settlementRef " + r.settlementRef()
                        + " is already another split or release of this payment; a release cannot change");
            }
            return new Decision(same, 0);
        }
        checkHeld(p, splits);
        return new Decision(Optional.empty(), splits.size() + 1);
    }

    /** A new split or release needs a paid payment that is held and not released. */
    private static void checkHeld(Held p, List<SplitView> splits) {
        if (p.state() != TradeState.SUCCESS) {
            throw new InvalidRequestException("orderRef", "payment " + p.orderRef() + " is not paid (" + p.state()
                    + "); only a paid payment's held money is split or released");
        }
        if (!p.heldForSettlement()) {
            throw new InvalidRequestException("orderRef", "payment " + p.orderRef()
                    + " is not held for settlement (it was created with profitSharing false, or in GBP, or before holding existed)");
        }
        if (released(splits)) {
            throw new InvalidRequestException("orderRef", "payment " + p.orderRef()
                    + "'s held money was released to the merchant; nothing is left to split or release");
        }
    }

    private static boolean sameSplit(SplitView stored, SplitPayment s) {
        if (stored.kind() != Settlement.Kind.SPLIT || stored.finish() != s.finishes() || stored.parts().size() != s.receivers().size()) {
            return false;
        }
        for (int i = 0; i < s.receivers().size(); i++) {
            SplitView.PartView p = stored.parts().get(i);
            SplitShare share = s.receivers().get(i);
            if (!p.account().equals(share.account()) || p.amount() != share.amount()
                    || !java.util.Objects.equals(p.description(), share.description())) {
                return false;
            }
        }
        return true;
    }

    /** The company's number for a payment's split or release: its orderRef and place, unique in the company account. */
    public static String companyNo(String orderRef, int seq) {
        return orderRef + "-S" + seq;
    }
}
