package org.cbec.customs.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * The broker's registration at the customs single window, as the transmitting enterprise of every
 * merchant's orders: one row ({@link #ONLY}). Its private key is sealed (KeyRing), bound to this
 * table and field; the window's public key checks the receipts.
 */
@Entity
@Table(name = "window_account")
public class WindowAccount {

    /** The one row's id. */
    public static final long ONLY = 1;

    @Id
    private Long id;

    @Column(name = "cop_code", nullable = false, length = 10)
    private String copCode;

    @Column(name = "cop_name", nullable = false, length = 100)
    private String copName;

    @Column(name = "dxp_id", nullable = false, length = 30)
    private String dxpId;

    @Column(name = "key_serial", nullable = false, length = 64)
    private String keySerial;

    @Column(name = "sealed_private_key", nullable = false, length = 8000)
    private String sealedPrivateKey;

    @Column(name = "window_key_serial", nullable = false, length = 64)
    private String windowKeySerial;

    @Column(name = "window_public_key", nullable = false, length = 4000)
    private String windowPublicKey;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    protected WindowAccount() {
    }

    public WindowAccount(OffsetDateTime at) {
        this.id = ONLY;
        this.updatedAt = at;
    }

    public void update(String copCode, String copName, String dxpId, String keySerial, String sealedPrivateKey, String windowKeySerial,
            String windowPublicKey, OffsetDateTime at) {
        this.copCode = copCode;
        this.copName = copName;
        this.dxpId = dxpId;
        this.keySerial = keySerial;
        this.sealedPrivateKey = sealedPrivateKey;
        this.windowKeySerial = windowKeySerial;
        this.windowPublicKey = windowPublicKey;
        this.updatedAt = at;
    }

    public void resealed(String sealedPrivateKey) {
        this.sealedPrivateKey = sealedPrivateKey;
    }

    public String getCopCode() {
        return copCode;
    }

    public String getCopName() {
        return copName;
    }

    public String getDxpId() {
        return dxpId;
    }

    public String getKeySerial() {
        return keySerial;
    }

    public String getSealedPrivateKey() {
        return sealedPrivateKey;
    }

    public String getWindowKeySerial() {
        return windowKeySerial;
    }

    public String getWindowPublicKey() {
        return windowPublicKey;
    }

    public OffsetDateTime getUpdatedAt() {
        return updatedAt;
    }
}
