package org.cbec.access.boundary;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.access.control.SubjectNames;
import org.cbec.access.entity.Enterprise;
import org.cbec.access.entity.GrantSubject;
import org.cbec.access.entity.Merchant;
import org.cbec.access.entity.PlatformMerchant;
import org.cbec.platform.error.ConflictException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.text.FreeText;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.access.Party;

/** Registers and finds the parties that API keys are granted for. */
@Stateless
public class Parties {

    private static final Logger LOG = Logger.getLogger(Parties.class.getName());

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    public Party registerMerchant(String name) {
        SubjectNames.require("name", name);
        if (find(GrantSubject.MERCHANT, name).isPresent()) {
            throw new ConflictException("name", "merchant " + name + " is already registered");
        }
        Merchant merchant = new Merchant(name, now());
        em.persist(merchant);
        LOG.info(() -> "Merchant registered: " + name);
        return view(merchant);
    }

    public Party registerEnterprise(String enterpriseId, String name) {
        SubjectNames.require("enterpriseId", enterpriseId);
        if (name == null || name.isBlank() || name.length() > 200) {
            throw new InvalidRequestException("name", "name is required, at most 200 characters");
        }
        FreeText.check("name", name, 200);
        if (find(GrantSubject.ENTERPRISE, enterpriseId).isPresent()) {
            throw new ConflictException("enterpriseId", "enterprise " + enterpriseId + " is already registered");
        }
        Enterprise enterprise = new Enterprise(enterpriseId, name.strip(), now());
        em.persist(enterprise);
        LOG.info(() -> "Enterprise registered: " + enterpriseId);
        return view(enterprise);
    }

    public Party registerPlatformMerchant(String merchantId) {
        SubjectNames.require("merchantId", merchantId);
        if (find(GrantSubject.PLATFORM_MERCHANT, merchantId).isPresent()) {
            throw new ConflictException("merchantId", "platform merchant " + merchantId + " is already registered");
        }
        PlatformMerchant merchant = new PlatformMerchant(merchantId, now());
        em.persist(merchant);
        LOG.info(() -> "Platform merchant registered: " + merchantId);
        return view(merchant);
    }

    /** The party, or 404: callers reach this only with a key granted for it. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Party get(GrantSubject type, String id) {
        return find(type, id).orElseThrow(() -> new UnknownResourceException("no such " + label(type) + ": " + id));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<Party> find(GrantSubject type, String id) {
        if (!SubjectNames.valid(id)) {
            return Optional.empty();
        }
        return switch (type) {
            case MERCHANT -> em.createNamedQuery(Merchant.BY_NAME, Merchant.class)
                    .setParameter("name", id).getResultStream().findFirst().map(Parties::view);
            case ENTERPRISE -> em.createNamedQuery(Enterprise.BY_ENTERPRISE_ID, Enterprise.class)
                    .setParameter("enterpriseId", id).getResultStream().findFirst().map(Parties::view);
            case PLATFORM_MERCHANT -> em.createNamedQuery(PlatformMerchant.BY_MERCHANT_ID, PlatformMerchant.class)
                    .setParameter("merchantId", id).getResultStream().findFirst().map(Parties::view);
        };
    }

    /** Registers the party unless it exists; used by demo provisioning, which runs at every start. */
    public Party ensure(GrantSubject type, String id, String name) {
        return find(type, id).orElseGet(() -> switch (type) {
            case MERCHANT -> registerMerchant(id);
            case ENTERPRISE -> registerEnterprise(id, name);
            case PLATFORM_MERCHANT -> registerPlatformMerchant(id);
        });
    }

    static String label(GrantSubject type) {
        return switch (type) {
            case MERCHANT -> "merchant";
            case ENTERPRISE -> "enterprise";
            case PLATFORM_MERCHANT -> "platform merchant";
        };
    }

    private static Party view(Merchant m) {
        return new Party(GrantSubject.MERCHANT, m.getName(), m.getName(), m.getCreatedAt());
    }

    private static Party view(Enterprise e) {
        return new Party(GrantSubject.ENTERPRISE, e.getEnterpriseId(), e.getName(), e.getCreatedAt());
    }

    private static Party view(PlatformMerchant p) {
        return new Party(GrantSubject.PLATFORM_MERCHANT, p.getMerchantId(), p.getMerchantId(), p.getCreatedAt());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
