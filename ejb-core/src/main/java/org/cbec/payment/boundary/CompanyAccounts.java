package org.cbec.payment.boundary;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.time.ZoneOffset;
import java.util.logging.Logger;
import org.cbec.access.boundary.Parties;
import org.cbec.access.entity.GrantSubject;
import org.cbec.company.CompanyAccount;
import org.cbec.company.Beneficiary;
import org.cbec.payment.FeeRateView;
import org.cbec.payment.PayoutAccountView;
import org.cbec.payment.entity.CompanyCredential;
import org.cbec.payment.entity.PayoutAccount;
import org.cbec.platform.cache.Recent;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.KeyRing;
import org.cbec.platform.crypto.Resealed;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.text.FreeText;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.payment.control.FeeRates;
import org.cbec.payment.control.FeeRules;
import org.cbec.payment.control.PaymentRules;
import org.cbec.platform.time.BeijingTime;
import org.cbec.plumbing.crypto.Pem;

/**
 * Each merchant's accounts at the companies. Private keys go in, never come out; they and the API
 * v3 keys are stored sealed under the key-encryption key ({@link CredentialKeys}), bound to their
 * merchant, company and field. An account is kept in memory, its keys opened and parsed, for
 * {@link org.cbec.access.boundary.ApiKeys#KEPT_FOR} after a lookup, under the account's identity
 * (merchant and company), never under a secret: a change takes effect at once on the node that
 * made it and within that time on the others.
 */
@Stateless
public class CompanyAccounts {

    private static final java.util.regex.Pattern API_V3_KEY = java.util.regex.Pattern.compile("[A-Za-z0-9]{32}");

    private static final Logger LOG = Logger.getLogger(CompanyAccounts.class.getName());

    /** Accounts by merchant and payment method, with their keys parsed. */
    private static final Recent<String, CompanyAccount> KNOWN = new Recent<>(org.cbec.access.boundary.ApiKeys.KEPT_FOR, 10_000);

    @Resource
    TransactionSynchronizationRegistry transactions;

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @EJB
    Parties parties;

    @jakarta.inject.Inject
    CredentialKeys keys;

    /**
     * Registers or replaces a merchant's account at a company, with its contracted fee rate: a new
     * account's rate ({@code feeRate}, 0 when none is given) applies from its start; a rate given
     * again for an account registered before takes effect from {@code feeRateFrom}, a coming
     * Beijing day (tomorrow when none is given), since the fees of the payments up to then are
     * booked; the same rate again changes nothing. {@code settlementDays} is the company's
     * settlement cycle (0 to 30 days after a payment's pay day; 0 for a new account when none is
     * given, unchanged otherwise), for the payments paid from now on.
     */
    public void register(String merchant, String paymentMethod, String companyMerchantId, String appId, String keySerial,
            String merchantPrivateKey, String companyPublicKey, String apiV3Key, String feeRate, String feeRateFrom, Integer settlementDays) {
        requireMerchant(merchant);
        PaymentRules.requireMethod("paymentMethod", paymentMethod);
        requireText("companyMerchantId", companyMerchantId, 64);
        requireText("appId", appId, 64);
        requireText("keySerial", keySerial, 64);
        try {
            Pem.privateKey(requirePem("merchantPrivateKey", merchantPrivateKey));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("merchantPrivateKey", "merchantPrivateKey must be an RSA private key in PKCS#8 PEM");
        }
        try {
            Pem.publicKey(requirePem("companyPublicKey", companyPublicKey));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("companyPublicKey", "companyPublicKey must be an RSA public key in PEM");
        }
        if (apiV3Key != null && !API_V3_KEY.matcher(apiV3Key).matches()) {
            throw new InvalidRequestException("apiV3Key", "apiV3Key must be 32 letters or digits (alphapay's AES-256 key)");
        }
        if (apiV3Key != null && !"alphapay".equals(paymentMethod)) {
            throw new InvalidRequestException("apiV3Key", "only an alphapay account has an API v3 key");
        }
        BigDecimal rate = feeRate == null ? null : FeeRules.rate("feeRate", feeRate);
        if (settlementDays != null && (settlementDays < 0 || settlementDays > MAX_SETTLEMENT_DAYS)) {
            throw new InvalidRequestException("settlementDays", "settlementDays must be a whole number of days from 0 (settled at once)"
                    + " to " + MAX_SETTLEMENT_DAYS);
        }
        LocalDate rateFrom = feeRateFrom == null ? null : day("feeRateFrom", feeRateFrom);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        CompanyCredential credential = find(merchant, paymentMethod);
        // The rate's day: a new account's from its start, a change from a coming day.
        LocalDate from;
        if (credential == null) {
            if (rateFrom != null) {
                throw new InvalidRequestException("feeRateFrom", "a new account's feeRate applies from its start: feeRateFrom is for"
                        + " changing the rate of an account registered before");
            }
            from = FeeRates.START;
            rate = rate == null ? BigDecimal.ZERO.setScale(2) : rate;
        } else if (rate != null) {
            LocalDate tomorrow = BeijingTime.day(now).plusDays(1);
            from = rateFrom == null ? tomorrow : rateFrom;
            if (from.isBefore(tomorrow)) {
                throw new InvalidRequestException("feeRateFrom", "feeRateFrom must be a coming Beijing day, " + tomorrow
                        + " at the earliest: the fees of the payments until then are booked at the rate in effect");
            }
        } else if (rateFrom != null) {
            throw new InvalidRequestException("feeRateFrom", "feeRateFrom goes with the feeRate it is for");
        } else {
            from = null;
        }
        if (credential == null) {
            credential = new CompanyCredential(merchant, paymentMethod, now);
            em.persist(credential);
        }
        KeyRing ring = keys.ring();
        credential.update(companyMerchantId, appId, keySerial, ring.seal(merchantPrivateKey, context(merchant, paymentMethod, PRIVATE_KEY_FIELD)),
                companyPublicKey, apiV3Key == null ? null : ring.seal(apiV3Key, context(merchant, paymentMethod, API_V3_KEY_FIELD)), now);
        if (settlementDays != null && settlementDays != credential.getSettlementDays()) {
            credential.settleAfter(settlementDays);
            LOG.info(() -> "Settlement cycle of " + merchant + " at " + paymentMethod + ": " + settlementDays + " days");
        }
        if (from != null && FeeRates.set(em, merchant, paymentMethod, from, rate)) {
            BigDecimal set = rate;
            LOG.info(() -> "Fee rate of " + merchant + " at " + paymentMethod + ": " + set.toPlainString() + "% from " + from);
        }
        String kept = merchant + "\n" + paymentMethod;
        Recent.evictNowAndAfterCommit(transactions, () -> KNOWN.evict(kept));
        LOG.info(() -> "Company account registered: " + merchant + " at " + paymentMethod + " as " + companyMerchantId);
    }

    /** The account's settlement cycle in days (0: settled at once). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public int settlementDays(String merchant, String paymentMethod) {
        CompanyCredential c = find(merchant, paymentMethod);
        return c == null ? 0 : c.getSettlementDays();
    }

    /** The account's fee rates, the oldest first (the first from the account's start). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public java.util.List<FeeRateView> feeRates(String merchant, String paymentMethod) {
        return FeeRates.of(em, merchant, paymentMethod);
    }

    /** 404 unless the merchant is registered. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireMerchant(String merchant) {
        if (parties.find(GrantSubject.MERCHANT, merchant).isEmpty()) {
            throw new UnknownResourceException("no such merchant: " + merchant);
        }
    }

    /** The merchant's account at the company, or 422 naming {@code paymentMethod}. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public CompanyAccount account(String merchant, String paymentMethod) {
        return KNOWN.get(merchant + "\n" + paymentMethod, k -> Optional.ofNullable(find(merchant, paymentMethod))
                .map(c -> new CompanyAccount(merchant, c.getCompanyMerchantId(), c.getAppId(), c.getKeySerial(),
                        Pem.privateKey(opened(c, PRIVATE_KEY_FIELD, c.getSealedPrivateKey())), Pem.publicKey(c.getCompanyPublicKey()),
                        c.getSealedApiV3Key() == null ? null : opened(c, API_V3_KEY_FIELD, c.getSealedApiV3Key()))))
                .orElseThrow(() -> new InvalidRequestException("paymentMethod", "merchant " + merchant + " has no account at " + paymentMethod));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public boolean has(String merchant, String paymentMethod) {
        return find(merchant, paymentMethod) != null;
    }

    /** The payment methods at which the merchant has an account, in order. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public java.util.List<String> methodsOf(String merchant) {
        return em.createNamedQuery(CompanyCredential.METHODS_OF_MERCHANT, String.class).setParameter("merchant", merchant).getResultList();
    }

    // ---- accounts abroad (payouts) ------------------------------------------------------------

    /**
     * Stores (or replaces) the merchant's account abroad at the company, sealed, once the company
     * registered it; answers it masked.
     */
    public PayoutAccountView storePayoutAccount(String merchant, String paymentMethod, Beneficiary b) {
        PayoutAccount a = payoutAccount(merchant, paymentMethod).orElse(null);
        if (a == null) {
            a = new PayoutAccount(merchant, paymentMethod);
        }
        String json = jakarta.json.Json.createObjectBuilder().add("holderName", b.holderName()).add("accountNumber", b.accountNumber())
                .add("swiftCode", b.swiftCode()).add("bankCountry", b.bankCountry()).add("currency", b.currency()).build().toString();
        a.register(keys.ring().seal(json, context(merchant, paymentMethod, PAYOUT_ACCOUNT_FIELD, PAYOUT_ACCOUNT_TABLE)), b.maskedHolder(),
                b.maskedAccount(), b.swiftCode(), b.bankCountry(), b.currency(), OffsetDateTime.now(ZoneOffset.UTC));
        if (a.getId() == null) {
            org.cbec.platform.persistence.Inserts.insert(em, a, "payout account of " + merchant + " at " + paymentMethod);
        }
        LOG.info(() -> "Account abroad registered: " + merchant + " at " + paymentMethod + " " + b.maskedAccount() + " " + b.currency());
        return view(a);
    }

    /** The merchant's account abroad at the company, masked, if one is registered. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PayoutAccountView> payoutAccountView(String merchant, String paymentMethod) {
        return payoutAccount(merchant, paymentMethod).map(CompanyAccounts::view);
    }

    /** The merchant's account abroad in the clear, for the company only. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Beneficiary> beneficiary(String merchant, String paymentMethod) {
        return payoutAccount(merchant, paymentMethod).map(a -> {
            try (jakarta.json.JsonReader r = jakarta.json.Json.createReader(new java.io.StringReader(keys.ring().open(a.getSealedAccount(),
                    context(merchant, paymentMethod, PAYOUT_ACCOUNT_FIELD, PAYOUT_ACCOUNT_TABLE))))) {
                jakarta.json.JsonObject o = r.readObject();
                return new Beneficiary(o.getString("holderName"), o.getString("accountNumber"), o.getString("swiftCode"),
                        o.getString("bankCountry"), o.getString("currency"));
            }
        });
    }

    private Optional<PayoutAccount> payoutAccount(String merchant, String paymentMethod) {
        return em.createNamedQuery(PayoutAccount.OF_MERCHANT, PayoutAccount.class).setParameter("merchant", merchant)
                .setParameter("method", paymentMethod).getResultStream().findFirst();
    }

    private static PayoutAccountView view(PayoutAccount a) {
        return new PayoutAccountView(a.getMerchant(), a.getPaymentMethod(), a.getHolderMasked(), a.getAccountMasked(), a.getSwiftCode(),
                a.getBankCountry(), a.getCurrency(), a.getRegisteredAt());
    }

    /**
     * Seals anew, under the newest key-encryption key, the accounts after {@code afterId} (up to
     * {@code limit}, in id order) whose secrets are sealed under an older key or were stored before
     * sealing existed. Each account is locked while it is rewritten and its cached copy dropped.
     */
    public Resealed reseal(long afterId, int limit) {
        KeyRing ring = keys.ring();
        java.util.List<Long> ids = em.createQuery("SELECT c.id FROM CompanyCredential c WHERE c.id > :after ORDER BY c.id", Long.class)
                .setParameter("after", afterId).setMaxResults(limit).getResultList();
        int rewritten = 0;
        for (Long id : ids) {
            CompanyCredential c = em.find(CompanyCredential.class, id, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
            String key = c.getSealedPrivateKey();
            String v3 = c.getSealedApiV3Key();
            // The account abroad of the same merchant and company, sealed under the same keys.
            Optional<PayoutAccount> abroad = payoutAccount(c.getMerchant(), c.getPaymentMethod())
                    .filter(a -> !ring.isCurrent(a.getSealedAccount()));
            abroad.ifPresent(a -> a.resealed(ring.resealed(a.getSealedAccount(), context(a.getMerchant(), a.getPaymentMethod(),
                    PAYOUT_ACCOUNT_FIELD, PAYOUT_ACCOUNT_TABLE))));
            if (ring.isCurrent(key) && (v3 == null || ring.isCurrent(v3))) {
                rewritten += abroad.isPresent() ? 1 : 0;
                continue;
            }
            c.resealed(ring.resealed(key, context(c.getMerchant(), c.getPaymentMethod(), PRIVATE_KEY_FIELD)),
                    v3 == null ? null : ring.resealed(v3, context(c.getMerchant(), c.getPaymentMethod(), API_V3_KEY_FIELD)));
            String kept = c.getMerchant() + "\n" + c.getPaymentMethod();
            Recent.evictNowAndAfterCommit(transactions, () -> KNOWN.evict(kept));
            rewritten++;
        }
        return new Resealed(ids.size(), rewritten, ids.isEmpty() ? afterId : ids.get(ids.size() - 1), ids.size() == limit);
    }

    /** The longest settlement cycle an account may have, in days (cross-border contracts run to T+7, a few longer). */
    public static final int MAX_SETTLEMENT_DAYS = 30;

    public static final String PRIVATE_KEY_FIELD = "merchant_private_key";
    public static final String API_V3_KEY_FIELD = "api_v3_key";

    public static final String PAYOUT_ACCOUNT_FIELD = "sealed_account";
    public static final String PAYOUT_ACCOUNT_TABLE = "payout_account";

    /** What a sealed secret is bound to: its table, account and field (the column's name). */
    public static String context(String merchant, String paymentMethod, String field) {
        return context(merchant, paymentMethod, field, "company_credential");
    }

    private static String context(String merchant, String paymentMethod, String field, String table) {
        return table + "\n" + merchant + "\n" + paymentMethod + "\n" + field;
    }

    /** A stored secret in the clear: opened if sealed, as it is if stored before sealing (until resealed). */
    private String opened(CompanyCredential c, String field, String stored) {
        return KeyRing.isSealed(stored) ? keys.ring().open(stored, context(c.getMerchant(), c.getPaymentMethod(), field)) : stored;
    }

    private CompanyCredential find(String merchant, String paymentMethod) {
        return em.createNamedQuery(CompanyCredential.BY_MERCHANT_AND_METHOD, CompanyCredential.class)
                .setParameter("merchant", merchant).setParameter("paymentMethod", paymentMethod)
                .getResultStream().findFirst().orElse(null);
    }

    private static LocalDate day(String field, String text) {
        try {
            return LocalDate.parse(text);
        } catch (java.time.format.DateTimeParseException e) {
            throw new InvalidRequestException(field, field + " must be a date, e.g. 2026-12-01");
        }
    }

    /** A PEM key: lines of base64 between its armour lines, so line breaks belong in it. */
    private static String requirePem(String field, String value) {
        return FreeText.requiredLines(field, value, 4000);
    }

    private static String requireText(String field, String value, int max) {
        return FreeText.required(field, value, max);
    }
}
