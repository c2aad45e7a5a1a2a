package org.cbec.access.boundary;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.logging.Logger;
import org.cbec.access.control.KeyMaterial;
import org.cbec.access.entity.ApiKey;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.platform.cache.Recent;
import org.cbec.platform.error.ConflictException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.text.FreeText;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.access.Grant;
import org.cbec.access.IssuedKey;

/**
 * Issues, checks and revokes API keys. Logs name keys by their public {@code keyId} only.
 * Live keys are kept in memory for {@link #KEPT_FOR} after a lookup (positive results only): a
 * revocation takes effect at once on the node that made it and within that time on the others.
 */
@Stateless
public class ApiKeys {

    private static final Logger LOG = Logger.getLogger(ApiKeys.class.getName());

    /** How long a node answers from memory that a key is live. */
    public static final Duration KEPT_FOR = Duration.ofSeconds(10);

    /** A live key as {@link #authorizes} needs it: its service and grants, by its secret's hash. */
    private record LiveKey(String keyId, ApiService service, Set<String> grants) {

        static LiveKey of(ApiKey k) {
            return new LiveKey(k.getKeyId(), k.getService(),
                    k.getGrants().stream().map(g -> grant(g.getSubjectType(), g.getSubject())).collect(Collectors.toUnmodifiableSet()));
        }

        static String grant(GrantSubject type, String subject) {
            return type.name() + ":" + subject;
        }
    }

    private static final Recent<String, LiveKey> LIVE = new Recent<>(KEPT_FOR, 10_000);

    @Resource
    TransactionSynchronizationRegistry transactions;

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @EJB
    Parties parties;

    /**
     * Whether the presented key is a live key of {@code service} granted for the subject. Unknown,
     * revoked, other-service and not-granted keys all answer false, indistinguishably.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public boolean authorizes(ApiService service, String presentedKey, GrantSubject type, String subject) {
        return authorizedKeyId(service, presentedKey, type, subject).isPresent();
    }

    /** As {@link #authorizes}, with the public id of the key that authorizes (for its rate limit and the logs). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<String> authorizedKeyId(ApiService service, String presentedKey, GrantSubject type, String subject) {
        if (!KeyMaterial.plausible(presentedKey) || subject == null || type.service() != service) {
            return Optional.empty();
        }
        String hash = KeyMaterial.hash(presentedKey);
        return LIVE.get(hash, h -> findByHash(h).filter(k -> KeyMaterial.sameHash(k.getSecretHash(), h) && !k.isRevoked())
                        .map(LiveKey::of))
                .filter(k -> k.service() == service && k.grants().contains(LiveKey.grant(type, subject)))
                .map(LiveKey::keyId);
    }

    /** A new random key for registered parties of one service; the text is returned this once. */
    public IssuedKey issue(ApiService service, List<Grant> grants, String label) {
        if (grants == null || grants.isEmpty()) {
            String field = service == ApiService.BROKER ? "merchants" : "enterprises";
            throw new InvalidRequestException(field, "a key must be granted for at least one party: give " + field);
        }
        FreeText.check("label", label, 200);
        List<Grant> distinct = List.copyOf(new LinkedHashSet<>(grants));
        for (Grant grant : distinct) {
            if (grant.type().service() != service) {
                throw new InvalidRequestException(requestField(grant.type()),
                        Parties.label(grant.type()) + " is not a party of " + service + " keys");
            }
            if (parties.find(grant.type(), grant.subject()).isEmpty()) {
                throw new InvalidRequestException(requestField(grant.type()),
                        "no such " + Parties.label(grant.type()) + ": " + grant.subject() + " (register it first)");
            }
        }
        String text = KeyMaterial.newKey(service);
        ApiKey key = new ApiKey(KeyMaterial.newKeyId(), service, KeyMaterial.hash(text), label, now());
        distinct.forEach(g -> key.grant(g.type(), g.subject()));
        em.persist(key);
        LOG.info(() -> "API key issued: " + key.getKeyId() + " for " + service + " " + distinct);
        return new IssuedKey(key.getKeyId(), text, service, label, distinct, key.getCreatedAt());
    }

    /** Revokes a key of this service; revoking twice is harmless. */
    public void revoke(ApiService service, String keyId) {
        ApiKey key = em.createNamedQuery(ApiKey.BY_KEY_ID, ApiKey.class)
                .setParameter("keyId", keyId)
                .getResultStream()
                .filter(k -> k.getService() == service)
                .findFirst()
                .orElseThrow(() -> new UnknownResourceException("no such key: " + keyId));
        key.revoke(now());
        Recent.evictNowAndAfterCommit(transactions, () -> LIVE.evictIf(k -> k.keyId().equals(keyId)));
        LOG.info(() -> "API key revoked: " + key.getKeyId());
    }

    /**
     * Makes sure a key chosen by the operator (the demo keys) exists with this grant. Idempotent:
     * a restart finds the key by its hash and adds nothing. A revoked key stays revoked.
     */
    public void provision(ApiService service, String keyText, Grant grant, String label) {
        String hash = KeyMaterial.hash(keyText);
        ApiKey key = findByHash(hash).orElseGet(() -> {
            ApiKey created = new ApiKey(KeyMaterial.newKeyId(), service, hash, label, now());
            em.persist(created);
            LOG.info(() -> "API key provisioned: " + created.getKeyId() + " (" + label + ")");
            return created;
        });
        if (key.getService() != service) {
            throw new ConflictException(null, "the same key text is already a key of " + key.getService());
        }
        if (key.isRevoked()) {
            LOG.warning(() -> "Provisioned API key " + key.getKeyId() + " is revoked; it stays revoked");
        }
        key.grant(grant.type(), grant.subject());
        Recent.evictNowAndAfterCommit(transactions, () -> LIVE.evict(hash));
    }

    /** The admin API's request field that lists parties of this kind. */
    public static String requestField(GrantSubject type) {
        return switch (type) {
            case MERCHANT -> "merchants";
            case ENTERPRISE -> "enterprises";
            case PLATFORM_MERCHANT -> "platformMerchants";
        };
    }

    private Optional<ApiKey> findByHash(String hash) {
        return em.createNamedQuery(ApiKey.BY_SECRET_HASH, ApiKey.class)
                .setParameter("secretHash", hash)
                .getResultStream()
                .findFirst();
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
