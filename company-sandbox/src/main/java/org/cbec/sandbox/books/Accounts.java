package org.cbec.sandbox.books;

import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.security.KeyPair;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.plumbing.crypto.Pem;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.sandbox.entity.Account;
import org.cbec.sandbox.entity.CompanyKey;

/**
 * Merchant accounts and the companies' own keys. Reads are cached per server ({@link KeyCache});
 * the writes that may race (two opens of one name, two servers making a company's key) are settled
 * by unique constraints: the loser reads what the winner stored.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class Accounts {

    private static final Logger LOG = Logger.getLogger(Accounts.class.getName());

    /** Tries at a fresh company merchant id when a random one was taken (10^8 ids: rare). */
    private static final int ATTEMPTS = 5;

    /** The outcome of opening an account: its credentials, and whether it was opened just now. */
    public record Opened(Credentials credentials, boolean created) {
    }

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    @Inject
    AccountRows rows;

    @Inject
    KeyCache cache;

    /**
     * Opens an account under the merchant's name, with the fee rate its company keeps on each
     * payment and its settlement cycle, or finds the one opened before under it (with the rate it was opened with). Outside
     * a transaction: each insert attempt commits or fails on its own (AccountRows).
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public Opened open(String paymentMethod, String merchant, java.math.BigDecimal feeRate, int settlementDays) {
        Optional<Credentials> existing = credentials(paymentMethod, merchant);
        if (existing.isPresent()) {
            return new Opened(existing.get(), false);
        }
        CompanySigner company = companySigner(paymentMethod);
        KeyPair merchantKeys = Rsa.newKeyPair();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            String id = Companies.newCompanyMerchantId(paymentMethod);
            Account account = new Account(paymentMethod, merchant, id, Companies.appId(paymentMethod, id),
                    Companies.newKeySerial(), Pem.publicKeyPem(merchantKeys.getPublic()),
                    Pem.privateKeyPem(merchantKeys.getPrivate()),
                    Companies.ALPHAPAY.equals(paymentMethod) ? Companies.newApiV3Key() : null, feeRate, settlementDays, Companies.now());
            try {
                rows.insert(account);
                LOG.info(() -> String.format("%s account %s opened for merchant %s", paymentMethod, id, merchant));
                return new Opened(credentialsOf(account, company), true);
            } catch (EJBException | PersistenceException e) {
                // Either the name was opened meanwhile (then it is the answer) or the id was taken.
                existing = credentials(paymentMethod, merchant);
                if (existing.isPresent()) {
                    return new Opened(existing.get(), false);
                }
            }
        }
        throw new IllegalStateException("could not open a " + paymentMethod + " account after " + ATTEMPTS + " attempts");
    }

    public Optional<Credentials> credentials(String paymentMethod, String merchant) {
        return em.createNamedQuery(Account.BY_MERCHANT, Account.class)
                .setParameter("paymentMethod", paymentMethod).setParameter("merchant", merchant)
                .getResultStream().findFirst()
                .map(a -> credentialsOf(a, companySigner(paymentMethod)));
    }

    /**
     * Gives each alphapay account opened before accounts had API v3 keys one (CompanyKeysAtStartup);
     * a key is never replaced, so a server racing another one keeps the other's.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public int giveMissingApiV3Keys() {
        int given = 0;
        for (Long id : em.createQuery("SELECT a.id FROM Account a WHERE a.paymentMethod = :paymentMethod AND a.apiV3Key IS NULL",
                Long.class).setParameter("paymentMethod", Companies.ALPHAPAY).getResultList()) {
            if (rows.giveApiV3Key(id, Companies.newApiV3Key())) {
                given++;
            }
        }
        return given;
    }

    /** The account opened under this name (admin helpers address accounts so). */
    public Optional<Party> byMerchant(String paymentMethod, String merchant) {
        return cached("m\n" + paymentMethod + "\n" + merchant, Account.BY_MERCHANT, paymentMethod, "merchant", merchant);
    }

    /** The account an alphapay Authorization header names. */
    public Optional<Party> byCompanyMerchantId(String paymentMethod, String companyMerchantId) {
        return cached("c\n" + paymentMethod + "\n" + companyMerchantId, Account.BY_COMPANY_MERCHANT_ID, paymentMethod,
                "companyMerchantId", companyMerchantId);
    }

    /** The account a betapay {@code app_id} names. */
    public Optional<Party> byAppId(String paymentMethod, String appId) {
        return cached("a\n" + paymentMethod + "\n" + appId, Account.BY_APP_ID, paymentMethod, "appId", appId);
    }

    /**
     * The company's key pair, made and stored on first use. Both are also made at startup
     * (CompanyKeysAtStartup), so a request does not wait for RSA key generation.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public CompanySigner companySigner(String paymentMethod) {
        Optional<CompanySigner> known = cache.signer(paymentMethod);
        if (known.isPresent()) {
            return known.get();
        }
        Optional<CompanyKey> stored = companyKey(paymentMethod);
        if (stored.isEmpty()) {
            KeyPair keys = Rsa.newKeyPair();
            try {
                rows.insert(new CompanyKey(paymentMethod, Companies.companyKeySerial(paymentMethod),
                        Pem.publicKeyPem(keys.getPublic()), Pem.privateKeyPem(keys.getPrivate()), Companies.now()));
                LOG.info(() -> String.format("%s company key pair made (serial %s)", paymentMethod,
                        Companies.companyKeySerial(paymentMethod)));
            } catch (EJBException | PersistenceException e) {
                // Another server (or thread) stored one first: that one is the company's key.
                LOG.fine(() -> paymentMethod + " company key made elsewhere first");
            }
            stored = companyKey(paymentMethod);
        }
        CompanyKey key = stored.orElseThrow(() -> new IllegalStateException("no " + paymentMethod + " company key"));
        CompanySigner signer = new CompanySigner(paymentMethod, key.getSerialNo(), Pem.privateKey(key.getPrivateKey()),
                key.getPublicKey());
        cache.remember(signer);
        return signer;
    }

    private Optional<CompanyKey> companyKey(String paymentMethod) {
        return em.createNamedQuery(CompanyKey.OF_COMPANY, CompanyKey.class).setParameter("paymentMethod", paymentMethod)
                .getResultStream().findFirst();
    }

    private Optional<Party> cached(String cacheKey, String query, String paymentMethod, String parameter, String value) {
        Optional<Party> known = cache.party(cacheKey);
        if (known.isPresent()) {
            return known;
        }
        Optional<Party> stored = em.createNamedQuery(query, Account.class)
                .setParameter("paymentMethod", paymentMethod).setParameter(parameter, value)
                .getResultStream().findFirst().map(Accounts::partyOf);
        stored.ifPresent(p -> cache.remember(cacheKey, p));
        return stored;
    }

    private static Party partyOf(Account a) {
        return new Party(a.getId(), a.getPaymentMethod(), a.getMerchant(), a.getCompanyMerchantId(), a.getAppId(),
                a.getKeySerial(), Pem.publicKey(a.getMerchantPublicKey()));
    }

    private static Credentials credentialsOf(Account a, CompanySigner company) {
        return new Credentials(a.getCompanyMerchantId(), a.getAppId(), a.getKeySerial(), a.getMerchantPrivateKey(),
                company.publicKeyPem(), a.getApiV3Key(), a.getFeeRate(), a.getSettlementDays());
    }
}
