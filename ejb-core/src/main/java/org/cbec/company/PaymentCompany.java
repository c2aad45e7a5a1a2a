package org.cbec.company;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A wallet payment company's adapter: what each company implements, reading its own wire format.
 * Calls report every exchange to the recorder, and throw {@link CompanyUnavailable} or
 * {@link CompanyRefusal} when they get no order status. The boundaries do not call it directly but
 * through {@link CompanyPort}, which turns every call's result into a {@link CompanyOutcome}.
 */
public interface PaymentCompany {

    /** The spec's {@code paymentMethod} value: {@code alphapay} or {@code betapay}. */
    String method();

    Set<PaymentType> supportedTypes();

    /**
     * Whether a refusal with this code says that the request itself was invalid (a parameter the
     * company does not accept), rather than the order's state or the merchant's account at the
     * company: the caller's request was wrong, so it is told so (a 4xx), not that the company failed.
     */
    boolean invalidRequest(String refusalCode);

    /**
     * Whether a refusal with this code is no answer at all: the company is busy, limits the rate of
     * calls, or is still working on the request ("try later"). The company may have acted, or may
     * yet act, on what was sent, so the call counts as sent without an answer, never as refused.
     */
    boolean tryLater(String refusalCode);

    /** Whether a refusal of the order's query with this code says the company has no such order. */
    boolean noSuchOrder(String refusalCode);

    /** Whether this server knows where the company is (its URL is configured). */
    boolean configured();

    CreatedOrder create(CompanyAccount account, OrderRequest order, ExchangeRecorder recorder);

    /** Idempotent, so retried on {@link CompanyUnavailable}. */
    OrderStatus query(CompanyAccount account, String orderRef, ExchangeRecorder recorder);

    void close(CompanyAccount account, String orderRef, ExchangeRecorder recorder);

    /**
     * Signs the client-side parameters for an invoked type; local, no company call. A null
     * {@code timeStamp} or {@code nonceStr} is generated.
     */
    Invocation invocation(CompanyAccount account, PaymentType type, String payMessage, String timeStamp, String nonceStr);

    /** Declares a paid (sub-)order to customs, ADD or MODIFY. */
    CustomsRecord declare(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder);

    /** Sends a declaration to customs again; the company allows it from SUCCESS or EXCEPT only. */
    CustomsRecord redeclare(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder);

    /** The company's current reports on the declarations of an order at one customs office. Idempotent. */
    List<CustomsRecord> queryCustoms(CompanyAccount account, String orderNo, String customs, ExchangeRecorder recorder);

    /** Whether the company re-verifies payer identity data (PostCustomsIdentification). */
    boolean verifiesIdentity();

    /** The company's code at customs, which its payment documents and the orders declared against them name (CEB311's payCode). */
    String customsCode();

    /** Uploads the payer's identity for re-verification; only where {@link #verifiesIdentity()}. */
    CustomsRecord uploadIdentity(CompanyAccount account, CustomsDeclaration declaration, ExchangeRecorder recorder);

    /**
     * Asks for a refund of a paid order. Not retried here: a refund whose answer was lost is
     * resolved by {@link #queryRefund} and sent again only when the company does not have it (its
     * refund number makes the second send the same refund).
     */
    RefundStatus refund(CompanyAccount account, RefundRequest refund, ExchangeRecorder recorder);

    /** The company's refund with this number, or empty when the company has none. Idempotent, so retried. */
    Optional<RefundStatus> queryRefund(CompanyAccount account, RefundRequest refund, ExchangeRecorder recorder);

    /** Registers a receiver of split money for the account; the same receiver again is no change. Idempotent, so retried. */
    void addReceiver(CompanyAccount account, SettlementReceiver receiver, ExchangeRecorder recorder);

    /** Removes a registered receiver; one the company does not have is no change. Idempotent, so retried. */
    void deleteReceiver(CompanyAccount account, String type, String receiverAccount, ExchangeRecorder recorder);

    /**
     * Asks for a split of a paid, held payment. Not retried here: a split whose answer was lost is
     * resolved by {@link #querySplit} and sent again only when the company does not have it (its
     * split number makes the second send the same split).
     */
    SplitStatus split(CompanyAccount account, SplitRequest split, ExchangeRecorder recorder);

    /** Releases what the company still holds of a payment to the merchant. Not retried, as {@link #split}. */
    SplitStatus release(CompanyAccount account, ReleaseRequest release, ExchangeRecorder recorder);

    /** The company's split or release with this number, or empty when the company has none. Idempotent, so retried. */
    Optional<SplitStatus> querySplit(CompanyAccount account, String orderRef, String transactionId, String splitNo,
            ExchangeRecorder recorder);

    /** What the company still holds of a paid payment. Idempotent, so retried. */
    HeldMoney heldMoney(CompanyAccount account, String orderRef, String transactionId, ExchangeRecorder recorder);

    /**
     * Registers (or replaces) the account abroad where the company pays the merchant's payouts.
     * Idempotent, so retried. The adapter records the exchange with the account masked.
     */
    void registerBeneficiary(CompanyAccount account, Beneficiary beneficiary, ExchangeRecorder recorder);

    /**
     * Asks for a payout of the merchant's CNY balance to its registered account. Not retried here:
     * a payout whose answer was lost is resolved by {@link #queryPayout} and sent again only when
     * the company does not have it (its payout number makes the second send the same payout).
     */
    PayoutStatus payout(CompanyAccount account, PayoutRequest payout, ExchangeRecorder recorder);

    /** The company's payout with this number, or empty when the company has none. Idempotent, so retried. */
    Optional<PayoutStatus> queryPayout(CompanyAccount account, String payoutNo, ExchangeRecorder recorder);

    /**
     * The company's bills of one Beijing day for the account: asks for each bill the company
     * publishes, downloads each file and reads its lines. The downloads are the one company answer
     * that carries no signature: each file is accepted by the hash the company gave for it where it
     * gives one (and only from the company's own host), and otherwise by nothing. Idempotent, so retried.
     *
     * @throws UnverifiedAnswer when a file does not match its hash, or its download URL is not the company's
     */
    CompanyBill bill(CompanyAccount account, java.time.LocalDate billDate, ExchangeRecorder recorder);

    /**
     * Reads a callback the company sent to the broker's notify URL: verified with the company's key
     * (and decrypted with the account's API v3 key where the company encrypts), fresh (its time
     * within {@link #CALLBACK_MAX_AGE_SECONDS} of {@code now}). {@code headers} have lower-case names.
     *
     * @throws NotificationRefused when it is not the company's, or not fresh, or not readable
     */
    Notification readNotification(CompanyAccount account, java.util.Map<String, String> headers, String body, java.time.Instant now);

    /** How far a callback's own time may be from the broker's clock: older ones are replays. */
    long CALLBACK_MAX_AGE_SECONDS = 300;
}
