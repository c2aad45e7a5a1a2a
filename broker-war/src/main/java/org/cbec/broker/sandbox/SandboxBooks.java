package org.cbec.broker.sandbox;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import org.cbec.payment.company.Pem;
import org.cbec.sandbox.entity.SandboxOrder;
import org.cbec.sandbox.entity.SandboxParty;

/** What a sandbox company knows: its own keys, its merchants' keys, its orders. */
@Stateless
public class SandboxBooks {

    /** A merchant account as the company hands it out at onboarding. */
    public record Account(String companyMerchantId, String appId, String keySerial, String merchantPrivateKey,
            String companyPublicKey) {

        @Override
        public String toString() {
            return "Account[" + companyMerchantId + "]";
        }
    }

    /** The outcome of a create under the duplicate-order rule. */
    public record Created(SandboxOrder order, boolean conflicting) {
    }

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** The company's key pair, made on first use and kept, so that registered accounts stay valid. */
    public PrivateKey companyPrivateKey(String method) {
        return Pem.privateKey(companyParty(method).getPrivateKey());
    }

    public PublicKey companyPublicKey(String method) {
        return Pem.publicKey(companyParty(method).getPublicKey());
    }

    /** Opens an account: a new merchant key pair, whose public half the company keeps. */
    public Account onboard(String method) {
        KeyPair merchantKeys = Pem.newRsaKeyPair();
        String id = (method.startsWith("a") ? "19" : "20") + String.format("%08d", Math.abs(UUID.randomUUID().getLeastSignificantBits() % 100_000_000L));
        em.persist(new SandboxParty(method, id, Pem.pem(merchantKeys.getPublic()), null));
        byte[] serial = new byte[8];
        new java.security.SecureRandom().nextBytes(serial);
        return new Account(id, method + "-app-" + id, HexFormat.of().withUpperCase().formatHex(serial),
                Pem.pem(merchantKeys.getPrivate()), Pem.pem(companyPublicKey(method)));
    }

    public Optional<PublicKey> merchantKey(String method, String companyMerchantId) {
        return party(method, companyMerchantId).map(p -> Pem.publicKey(p.getPublicKey()));
    }

    /** Creates the order, or finds it again when the same order is sent twice. */
    public Created create(String method, String mch, String orderRef, String tradeType, long amount, String currency,
            String description) {
        Optional<SandboxOrder> existing = order(method, mch, orderRef);
        if (existing.isPresent()) {
            SandboxOrder o = existing.get();
            boolean same = o.getAmount() == amount && o.getCurrency().equals(currency) && o.getTradeType().equals(tradeType);
            return new Created(o, !same);
        }
        SandboxOrder o = new SandboxOrder(method, mch, orderRef, tradeType, amount, currency, description,
                (method.startsWith("a") ? "wx" : "20") + UUID.randomUUID().toString().replace("-", ""), now());
        em.persist(o);
        em.flush();
        return new Created(o, false);
    }

    public Optional<SandboxOrder> order(String method, String mch, String orderRef) {
        return em.createNamedQuery(SandboxOrder.FIND, SandboxOrder.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", mch).setParameter("orderRef", orderRef)
                .getResultStream().findFirst();
    }

    /** The payer pays: NOTPAY becomes SUCCESS with a transaction id; false if the order is closed. */
    public boolean pay(String method, String mch, String orderRef) {
        SandboxOrder o = order(method, mch, orderRef).orElse(null);
        if (o == null || o.getState() == SandboxOrder.State.CLOSED) {
            return false;
        }
        if (o.getState() == SandboxOrder.State.NOTPAY) {
            o.pay((method.startsWith("a") ? "4200" : "2026") + System.currentTimeMillis() + (int) (Math.random() * 1000), now());
        }
        return true;
    }

    /** Closes a not-yet-paid order; a paid one stays paid (false). */
    public boolean close(String method, String mch, String orderRef) {
        SandboxOrder o = order(method, mch, orderRef).orElseThrow();
        if (o.getState() == SandboxOrder.State.SUCCESS) {
            return false;
        }
        o.close();
        return true;
    }

    public long count(String method, String mch) {
        return em.createNamedQuery(SandboxOrder.COUNT, Long.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", mch).getSingleResult();
    }

    private SandboxParty companyParty(String method) {
        return party(method, SandboxParty.COMPANY).orElseGet(() -> {
            KeyPair keys = Pem.newRsaKeyPair();
            SandboxParty company = new SandboxParty(method, SandboxParty.COMPANY, Pem.pem(keys.getPublic()), Pem.pem(keys.getPrivate()));
            em.persist(company);
            em.flush();
            return company;
        });
    }

    private Optional<SandboxParty> party(String method, String id) {
        return em.createNamedQuery(SandboxParty.FIND, SandboxParty.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", id).getResultStream().findFirst();
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
