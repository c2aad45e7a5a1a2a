package org.cbec.sandbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * An enterprise registered at the customs single window to transmit orders: its customs code and
 * the key pair the window made for it (the public half checks its messages, named by the serial;
 * the private half is handed out again to the same code, as an account's credentials are).
 */
@Entity
@Table(name = "sandbox_window_enterprise")
@NamedQuery(name = WindowEnterprise.BY_CODE, query = "SELECT e FROM WindowEnterprise e WHERE e.copCode = :copCode")
@NamedQuery(name = WindowEnterprise.BY_SERIAL, query = "SELECT e FROM WindowEnterprise e WHERE e.keySerial = :keySerial")
public class WindowEnterprise {

    public static final String BY_CODE = "WindowEnterprise.byCode";
    public static final String BY_SERIAL = "WindowEnterprise.bySerial";

    @Id
    @SequenceGenerator(name = "sandbox_window_enterprise_seq", sequenceName = "sandbox_window_enterprise_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_window_enterprise_seq")
    private Long id;

    @Column(name = "cop_code", nullable = false, length = 10)
    private String copCode;

    @Column(name = "cop_name", nullable = false, length = 100)
    private String copName;

    @Column(name = "key_serial", nullable = false, length = 32)
    private String keySerial;

    @Column(name = "public_key", nullable = false, length = 1000)
    private String publicKey;

    @Column(name = "private_key", nullable = false, length = 4000)
    private String privateKey;

    @Column(name = "registered_at", nullable = false)
    private OffsetDateTime registeredAt;

    protected WindowEnterprise() {
    }

    public WindowEnterprise(String copCode, String copName, String keySerial, String publicKey, String privateKey,
            OffsetDateTime registeredAt) {
        this.copCode = copCode;
        this.copName = copName;
        this.keySerial = keySerial;
        this.publicKey = publicKey;
        this.privateKey = privateKey;
        this.registeredAt = registeredAt;
    }

    public Long getId() {
        return id;
    }

    public String getCopCode() {
        return copCode;
    }

    public String getCopName() {
        return copName;
    }

    public String getKeySerial() {
        return keySerial;
    }

    public String getPublicKey() {
        return publicKey;
    }

    public String getPrivateKey() {
        return privateKey;
    }

    public OffsetDateTime getRegisteredAt() {
        return registeredAt;
    }

    @Override
    public String toString() {
        return "WindowEnterprise[" + copCode + ", " + keySerial + "]";
    }
}
