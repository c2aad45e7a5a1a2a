package org.cbec.customs.boundary;

import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.company.WindowCredentials;
import org.cbec.customs.entity.WindowAccount;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.KeyRing;
import org.cbec.platform.crypto.Resealed;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.text.FreeText;
import org.cbec.plumbing.crypto.Pem;

/**
 * The broker's registration at the customs single window, as the transmitting enterprise that
 * declares every merchant's orders (admin API {@code PUT /broker/admin/customs-window}): its code,
 * name and exchange identity, its key (sealed at rest, like a company account's, and never shown
 * again) with the serial the window registered it under, and the window's key.
 */
@Stateless
public class WindowAccounts {

    private static final Logger LOG = Logger.getLogger(WindowAccounts.class.getName());
    static final String PRIVATE_KEY_FIELD = "sealed_private_key";
    static final String CONTEXT = "window_account\n" + WindowAccount.ONLY + "\n" + PRIVATE_KEY_FIELD;

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @Inject
    CredentialKeys keys;

    /** What the admin API shows of the registration: no key but the window's public one. */
    public record Registered(String copCode, String copName, String dxpId, String keySerial, String windowKeySerial, OffsetDateTime updatedAt) {
    }

    /** Registers (or replaces) the broker at the window; each field refused with a 422 naming it. */
    public Registered register(String copCode, String copName, String dxpId, String keySerial, String privateKey, String windowKeySerial,
            String windowPublicKey) {
        if (copCode == null || !copCode.matches("[0-9A-Z]{10}")) {
            throw new InvalidRequestException("copCode", "copCode must be the broker's 10-character customs code (digits and capital letters)");
        }
        FreeText.required("copName", copName, 100);
        FreeText.required("dxpId", dxpId, 30);
        FreeText.required("keySerial", keySerial, 64);
        try {
            Pem.privateKey(FreeText.requiredLines("privateKey", privateKey, 4000));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("privateKey", "privateKey must be an RSA private key in PKCS#8 PEM");
        }
        FreeText.required("windowKeySerial", windowKeySerial, 64);
        try {
            Pem.publicKey(FreeText.requiredLines("windowPublicKey", windowPublicKey, 4000));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("windowPublicKey", "windowPublicKey must be an RSA public key in PEM");
        }
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        WindowAccount a = em.find(WindowAccount.class, WindowAccount.ONLY, LockModeType.PESSIMISTIC_WRITE);
        if (a == null) {
            a = new WindowAccount(now);
            a.update(copCode, copName, dxpId, keySerial, keys.ring().seal(privateKey, CONTEXT), windowKeySerial, windowPublicKey, now);
            org.cbec.platform.persistence.Inserts.insert(em, a, "the window account");
        } else {
            a.update(copCode, copName, dxpId, keySerial, keys.ring().seal(privateKey, CONTEXT), windowKeySerial, windowPublicKey, now);
        }
        LOG.info(() -> "Customs window account registered: " + copCode + ", key " + keySerial);
        return registered(a);
    }

    public Optional<Registered> registered() {
        return Optional.ofNullable(em.find(WindowAccount.class, WindowAccount.ONLY)).map(WindowAccounts::registered);
    }

    /** The registration with its keys opened and parsed; empty when the broker is not registered at the window. */
    public Optional<WindowCredentials> credentials() {
        return Optional.ofNullable(em.find(WindowAccount.class, WindowAccount.ONLY)).map(a -> new WindowCredentials(a.getCopCode(),
                a.getCopName(), a.getDxpId(), a.getKeySerial(), Pem.privateKey(keys.ring().open(a.getSealedPrivateKey(), CONTEXT)),
                a.getWindowKeySerial(), Pem.publicKey(a.getWindowPublicKey())));
    }

    /** Seals the key anew under the newest key-encryption key (one row: one batch). */
    public Resealed reseal(long afterId, int limit) {
        if (afterId >= WindowAccount.ONLY) {
            return new Resealed(0, 0, afterId, false);
        }
        KeyRing ring = keys.ring();
        WindowAccount a = em.find(WindowAccount.class, WindowAccount.ONLY, LockModeType.PESSIMISTIC_WRITE);
        if (a == null) {
            return new Resealed(0, 0, afterId, false);
        }
        boolean stale = !ring.isCurrent(a.getSealedPrivateKey());
        if (stale) {
            a.resealed(ring.resealed(a.getSealedPrivateKey(), CONTEXT));
        }
        return new Resealed(1, stale ? 1 : 0, WindowAccount.ONLY, false);
    }

    private static Registered registered(WindowAccount a) {
        return new Registered(a.getCopCode(), a.getCopName(), a.getDxpId(), a.getKeySerial(), a.getWindowKeySerial(), a.getUpdatedAt());
    }
}
