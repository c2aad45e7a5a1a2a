package org.cbec.broker.sandbox;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.cbec.payment.company.Pem;
import jakarta.inject.Inject;
import org.cbec.sandbox.entity.SandboxDeclaration;
import org.cbec.sandbox.entity.SandboxOrder;
import org.eclipse.microprofile.config.inject.ConfigProperty;
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

    /**
     * The keys of the parties already read, by method and company merchant id. A party's row never
     * changes once stored (an account's key is fixed at onboarding, the company's pair at first
     * use), so each is read from the database once per server and not on every signed request.
     */
    private static final Map<String, PartyKeys> KNOWN = new ConcurrentHashMap<>();

    private record PartyKeys(String publicKey, String privateKey) {
    }

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @Inject
    @ConfigProperty(name = "sandbox.customs.delay-ms", defaultValue = "2000")
    long customsDelayMs;

    /** The company's key pair, made on first use and kept, so that registered accounts stay valid. */
    public PrivateKey companyPrivateKey(String method) {
        return Pem.privateKey(companyParty(method).privateKey());
    }

    public PublicKey companyPublicKey(String method) {
        return Pem.publicKey(companyParty(method).publicKey());
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

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PublicKey> merchantKey(String method, String companyMerchantId) {
        return party(method, companyMerchantId).map(p -> Pem.publicKey(p.publicKey()));
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

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<SandboxOrder> order(String method, String mch, String orderRef) {
        return em.createNamedQuery(SandboxOrder.FIND, SandboxOrder.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", mch).setParameter("orderRef", orderRef)
                .getResultStream().findFirst();
    }

    /**
     * The payer pays: NOTPAY becomes SUCCESS with a transaction id; false if the order is closed.
     * {@code payerIdentityHash} is what the company learns of the payer (see {@link #identityHash}).
     */
    public boolean pay(String method, String mch, String orderRef, String payerIdentityHash) {
        SandboxOrder o = order(method, mch, orderRef).orElse(null);
        if (o == null || o.getState() == SandboxOrder.State.CLOSED) {
            return false;
        }
        if (o.getState() == SandboxOrder.State.NOTPAY) {
            o.pay((method.startsWith("a") ? "4200" : "2026") + System.currentTimeMillis() + (int) (Math.random() * 1000),
                    payerIdentityHash, now());
        }
        return true;
    }

    /** How the sandbox remembers a payer's identity: a hash of the normalised name and the ID number. */
    public static String identityHash(String name, String idNumber) {
        if (name == null || idNumber == null) {
            return null;
        }
        String normalised = name.replace(" ", "").replace("\u3000", "").replace('\u30FB', '\u00B7');
        return org.cbec.access.control.KeyMaterial.hash(normalised + "|" + idNumber);
    }

    // ---- customs ---------------------------------------------------------------------------------

    /** The company's answer to a customs request: its declaration, or why it refused. */
    public record CustomsOutcome(SandboxDeclaration declaration, String refusalCode, String refusal) {

        static CustomsOutcome refused(String code, String message) {
            return new CustomsOutcome(null, code, message);
        }
    }

    /** Submits (ADD) or resubmits (MODIFY) a declaration of a paid order; it is PROCESSING from now. */
    public CustomsOutcome declare(String method, String mch, String orderRef, String subOrderNo, String customs, String identityHash) {
        Optional<SandboxOrder> order = order(method, mch, orderRef);
        if (order.isEmpty() || order.get().getState() != SandboxOrder.State.SUCCESS) {
            return CustomsOutcome.refused("ORDER_NOT_PAID", "only paid orders are declared");
        }
        String certCheck = identityHash == null ? null
                : identityHash.equals(order.get().getPayerIdentityHash()) ? "SAME" : "DIFFERENT";
        SandboxDeclaration d = declaration(method, mch, orderRef, subOrderNo, customs).orElse(null);
        if (d == null) {
            d = new SandboxDeclaration(method, mch, orderRef, subOrderNo, customs, "SUB" + UUID.randomUUID().toString().replace("-", "").substring(0, 20),
                    "UNION" + System.currentTimeMillis() + (int) (Math.random() * 1000), now());
            if (certCheck != null) {
                d.certChecked(certCheck, now());
            }
            em.persist(d);
        } else {
            d.submit(certCheck, now());
        }
        return new CustomsOutcome(d, null, null);
    }

    /** Sends a declaration to customs again: only from SUCCESS or EXCEPT, as the companies rule it. */
    public CustomsOutcome redeclare(String method, String mch, String orderRef, String subOrderNo, String customs) {
        SandboxDeclaration d = progressed(declaration(method, mch, orderRef, subOrderNo, customs)).orElse(null);
        if (d == null) {
            return CustomsOutcome.refused("ORDER_NOT_EXIST", "no declaration of " + orderRef + " at " + customs);
        }
        if (!d.getState().equals("SUCCESS") && !d.getState().equals("EXCEPT")) {
            return CustomsOutcome.refused("INVALID_REQUEST", "a declaration in state " + d.getState() + " cannot be redeclared");
        }
        d.submit(null, now());
        return new CustomsOutcome(d, null, null);
    }

    /** Re-verifies the payer's identity against the one the company holds for the paid order. */
    public CustomsOutcome verifyIdentity(String method, String mch, String orderRef, String subOrderNo, String customs, String identityHash) {
        Optional<SandboxOrder> order = order(method, mch, orderRef);
        if (order.isEmpty() || order.get().getState() != SandboxOrder.State.SUCCESS) {
            return CustomsOutcome.refused("ORDER_NOT_PAID", "only paid orders are verified");
        }
        String result = identityHash.equals(order.get().getPayerIdentityHash()) ? "SAME" : "DIFFERENT";
        Optional<SandboxDeclaration> d = progressed(declaration(method, mch, orderRef, subOrderNo, customs));
        d.ifPresent(x -> x.certChecked(result, now()));
        return new CustomsOutcome(d.orElse(null), null, result);
    }

    /** The order's declarations at a customs office, as far as customs has got with them. */
    public List<SandboxDeclaration> declarations(String method, String mch, String orderRef, String customs) {
        return em.createNamedQuery(SandboxDeclaration.OF_ORDER, SandboxDeclaration.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", mch).setParameter("orderRef", orderRef)
                .getResultStream().filter(d -> d.getCustoms().equals(customs))
                .map(d -> progressed(Optional.of(d)).orElseThrow()).toList();
    }

    /** Test helper: customs answers FAIL, EXCEPT or SUCCESS for the order's declarations. */
    public int settle(String method, String mch, String orderRef, String subOrderNo, String state, String explanation) {
        List<SandboxDeclaration> all = em.createNamedQuery(SandboxDeclaration.OF_ORDER, SandboxDeclaration.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", mch).setParameter("orderRef", orderRef)
                .getResultList();
        int settled = 0;
        for (SandboxDeclaration d : all) {
            if (subOrderNo == null || subOrderNo.equals(d.getSubOrderNo())) {
                d.settle(state, explanation, now());
                settled++;
            }
        }
        return settled;
    }

    /** Customs needs a while: PROCESSING turns SUCCESS once {@code sandbox.customs.delay-ms} has passed. */
    private Optional<SandboxDeclaration> progressed(Optional<SandboxDeclaration> declaration) {
        declaration.filter(d -> d.getState().equals("PROCESSING"))
                .filter(d -> !d.getDeclaredAt().plusNanos(customsDelayMs * 1_000_000).isAfter(now()))
                .ifPresent(d -> d.settle("SUCCESS", null, now()));
        return declaration;
    }

    private Optional<SandboxDeclaration> declaration(String method, String mch, String orderRef, String subOrderNo, String customs) {
        return em.createNamedQuery(SandboxDeclaration.OF_ORDER, SandboxDeclaration.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", mch).setParameter("orderRef", orderRef)
                .getResultStream().filter(d -> d.getSubOrderNo().equals(subOrderNo) && d.getCustoms().equals(customs)).findFirst();
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

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long count(String method, String mch) {
        return em.createNamedQuery(SandboxOrder.COUNT, Long.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", mch).getSingleResult();
    }

    private PartyKeys companyParty(String method) {
        return party(method, SandboxParty.COMPANY).orElseGet(() -> {
            KeyPair keys = Pem.newRsaKeyPair();
            SandboxParty company = new SandboxParty(method, SandboxParty.COMPANY, Pem.pem(keys.getPublic()), Pem.pem(keys.getPrivate()));
            em.persist(company);
            em.flush();
            return keysOf(company);
        });
    }

    private Optional<PartyKeys> party(String method, String id) {
        String known = method + '\n' + id;
        PartyKeys keys = KNOWN.get(known);
        if (keys != null) {
            return Optional.of(keys);
        }
        Optional<PartyKeys> stored = em.createNamedQuery(SandboxParty.FIND, SandboxParty.class)
                .setParameter("paymentMethod", method).setParameter("companyMerchantId", id).getResultStream().findFirst()
                .map(SandboxBooks::keysOf);
        stored.ifPresent(k -> KNOWN.put(known, k));
        return stored;
    }

    private static PartyKeys keysOf(SandboxParty p) {
        return new PartyKeys(p.getPublicKey(), p.getPrivateKey());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
