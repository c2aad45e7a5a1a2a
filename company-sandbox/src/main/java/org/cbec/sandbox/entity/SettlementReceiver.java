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
 * A receiver of split money as an account registered it at its company. The receiver's name is
 * personal data: the company keeps its hash (to tell the same receiver again) and a mask of its
 * first character (for the admin view), never the text.
 */
@Entity
@Table(name = "sandbox_receiver")
@NamedQuery(name = SettlementReceiver.OF_ACCOUNT,
        query = "SELECT r FROM SettlementReceiver r WHERE r.accountId = :accountId ORDER BY r.id")
@NamedQuery(name = SettlementReceiver.FIND, query = "SELECT r FROM SettlementReceiver r WHERE r.accountId = :accountId"
        + " AND r.type = :type AND r.account = :account")
@NamedQuery(name = SettlementReceiver.BY_ACCOUNT_NUMBER,
        query = "SELECT r FROM SettlementReceiver r WHERE r.accountId = :accountId AND r.account = :account ORDER BY r.id")
public class SettlementReceiver {

    public static final String OF_ACCOUNT = "SettlementReceiver.ofAccount";
    public static final String FIND = "SettlementReceiver.find";
    /** The account's receivers with this receiver account, whatever their type. */
    public static final String BY_ACCOUNT_NUMBER = "SettlementReceiver.byAccountNumber";

    @Id
    @SequenceGenerator(name = "sandbox_receiver_seq", sequenceName = "sandbox_receiver_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_receiver_seq")
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "receiver_type", nullable = false, length = 32)
    private String type;

    @Column(name = "receiver_account", nullable = false, length = 64)
    private String account;

    @Column(name = "name_hash", length = 64)
    private String nameHash;

    @Column(name = "name_mask", length = 8)
    private String nameMask;

    @Column(name = "relation_type", length = 32)
    private String relationType;

    @Column(name = "custom_relation", length = 64)
    private String customRelation;

    /** Why the receiver's next parts end CLOSED, when a test arranged it; null: they succeed. */
    @Column(name = "failure_reason", length = 256)
    private String failureReason;

    @Column(name = "added_at", nullable = false)
    private OffsetDateTime addedAt;

    protected SettlementReceiver() {
    }

    public SettlementReceiver(long accountId, String type, String account, OffsetDateTime addedAt) {
        this.accountId = accountId;
        this.type = type;
        this.account = account;
        this.addedAt = addedAt;
    }

    /** The terms of a registration (the latest add of the same receiver wins). */
    public void register(String nameHash, String nameMask, String relationType, String customRelation) {
        this.nameHash = nameHash;
        this.nameMask = nameMask;
        this.relationType = relationType;
        this.customRelation = customRelation;
    }

    public void arrangeFailure(String reason) {
        this.failureReason = reason;
    }

    public Long getId() {
        return id;
    }

    public long getAccountId() {
        return accountId;
    }

    public String getType() {
        return type;
    }

    public String getAccount() {
        return account;
    }

    public String getNameHash() {
        return nameHash;
    }

    public String getNameMask() {
        return nameMask;
    }

    public String getRelationType() {
        return relationType;
    }

    public String getCustomRelation() {
        return customRelation;
    }

    public String getFailureReason() {
        return failureReason;
    }

    public OffsetDateTime getAddedAt() {
        return addedAt;
    }
}
