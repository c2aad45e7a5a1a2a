package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * A company's holding of paid money for settlement, as both wallet companies do it: the money of an
 * order created to be held ({@code CompanyOrder.heldForSettlement}) stays at the company once paid,
 * until it is split to the account's registered receivers (at most the company's maximum share of
 * what was paid, 30% by default, never more than is still held; at most 50 receivers per split),
 * released to the merchant (WeChat's unfreeze, Alipay's settle with royalty_finish), or released by
 * the company on its own after its days. A split is asynchronous: its parts are PENDING until the
 * sandbox's settlement delay has passed, then SUCCESS, or CLOSED with a reason when a test arranged
 * that receiver's failure (the money comes back to the held money). Every change locks the order's
 * row first, as {@link Books} does, so that concurrent splits, releases and refunds of one order
 * are applied one after the other. The protocol layers ({@code alphapay}, {@code betapay}) read
 * their wire formats and call this; it knows none of them.
 */
@Stateless
public class Settlements {

    /** Why the company said no; each protocol maps it to its own code. */
    public enum Refusal {
        ORDER_NOT_EXIST,
        /** Not paid, or paid but not held for settlement. */
        ORDER_NOT_HELD,
        /** Everything was released: no further split. */
        ALREADY_RELEASED,
        /** A part's receiver is not registered for this account at this company. */
        RECEIVER_NOT_REGISTERED,
        /** The split would pass the maximum share of what was paid. */
        SHARE_EXCEEDED,
        /** The split would take more than is still held. */
        NOT_ENOUGH_HELD,
        /** The split number was used with another body, or for another order. */
        SPLIT_CONFLICT,
        /** Too many receivers in one split, or too many splits of one order. */
        TOO_MANY,
        INVALID_REQUEST
    }

    /** A receiver as registered: {@code name} in clear as the protocol decrypted it (null when not given). */
    public record ReceiverTerms(String type, String account, String name, String relationType, String customRelation) {
    }

    public record ReceiverView(String type, String account, String name, String relationType, String customRelation,
            OffsetDateTime addedAt) {
    }

    /** A receiver added (or found again, {@code repeated}), or a refusal with its reason. */
    public record ReceiverOutcome(ReceiverView receiver, boolean repeated, Refusal refusal, String reason) {
    }

    public record PartTerms(String type, String account, long amount, String description) {
    }

    /**
     * A split the protocol asks for: the order by the merchant's out_trade_no ({@code orderRef}) or,
     * when that is null, by the company's {@code transactionId}; {@code finish}: release the rest
     * after it.
     */
    public record SplitTerms(String orderRef, String transactionId, String splitNo, List<PartTerms> parts, boolean finish) {
    }

    /** A part as of now: {@code result} PENDING, SUCCESS or CLOSED; {@code failReason} only when CLOSED. */
    public record PartView(String type, String account, long amount, String description, String result, String failReason,
            OffsetDateTime finishedAt) {
    }

    /**
     * A split or a release as of now: {@code kind} SPLIT or RELEASE; {@code state} PROCESSING while a
     * part is PENDING, else FINISHED; a release has one part, to the merchant itself (type
     * {@code MERCHANT}, its company merchant id), of what was released; {@code byCompany}: a release
     * the company made on its own after its days.
     */
    public record SplitView(String orderRef, String transactionId, String splitNo, String splitId, String kind, String state,
            List<PartView> parts, boolean byCompany, OffsetDateTime createdAt) {
    }

    /** A split or release made (or found again, {@code repeated}), or a refusal with its reason. */
    public record SplitOutcome(SplitView split, boolean repeated, Refusal refusal, String reason) {
    }

    /** What an order holds now: paid, refunded (not CLOSED), split (parts not CLOSED), still held, and whether it was released. */
    public record HeldView(String orderRef, String transactionId, long paid, long refunded, long split, long unsplit,
            boolean released) {
    }

    public ReceiverOutcome addReceiver(Party party, ReceiverTerms terms) {
        throw new UnsupportedOperationException("not built yet");
    }

    /** Whether the account had the receiver (it has not any more). */
    public boolean deleteReceiver(Party party, String type, String account) {
        throw new UnsupportedOperationException("not built yet");
    }

    public List<ReceiverView> receivers(long accountId) {
        throw new UnsupportedOperationException("not built yet");
    }

    public SplitOutcome split(Party party, SplitTerms terms) {
        throw new UnsupportedOperationException("not built yet");
    }

    /** Releases what the order still holds to the merchant, under {@code releaseNo} (the same number again is the same release). */
    public SplitOutcome release(Party party, String orderRef, String transactionId, String releaseNo, String description) {
        throw new UnsupportedOperationException("not built yet");
    }

    /** The account's split or release with this number (of this order when {@code orderRef} or {@code transactionId} is given). */
    public Optional<SplitView> split(long accountId, String orderRef, String transactionId, String splitNo) {
        throw new UnsupportedOperationException("not built yet");
    }

    /** The order's holding, by out_trade_no or (when that is null) by the company's transaction id. */
    public Optional<HeldView> held(long accountId, String orderRef, String transactionId) {
        throw new UnsupportedOperationException("not built yet");
    }
}
