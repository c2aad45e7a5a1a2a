package org.cbec.payment.entity;

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
 * A receiver of split money a merchant registered at a company: its type and account there, and
 * the relation. Its name is sent to the company (encrypted where the company asks) and stored here
 * only masked, as it is shown: the broker never needs it again in clear.
 */
@Entity
@Table(name = "settlement_receiver")
@NamedQuery(name = ReceiverRegistration.OF_MERCHANT, query = "SELECT r FROM ReceiverRegistration r WHERE r.merchant = :merchant AND r.paymentMethod = :method "
        + "ORDER BY r.id")
@NamedQuery(name = ReceiverRegistration.BY_ACCOUNT, query = "SELECT r FROM ReceiverRegistration r WHERE r.merchant = :merchant AND r.paymentMethod = :method "
        + "AND r.account = :account")
public class ReceiverRegistration {

    public static final String OF_MERCHANT = "ReceiverRegistration.ofMerchant";
    public static final String BY_ACCOUNT = "ReceiverRegistration.byAccount";

    @Id
    @SequenceGenerator(name = "settlement_receiver_seq", sequenceName = "settlement_receiver_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "settlement_receiver_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "receiver_type", nullable = false, length = 16)
    private String type;

    @Column(nullable = false, length = 64)
    private String account;

    @Column(name = "name_masked", length = 64)
    private String nameMasked;

    @Column(name = "relation_type", nullable = false, length = 32)
    private String relationType;

    @Column(name = "custom_relation", length = 32)
    private String customRelation;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected ReceiverRegistration() {
    }

    public ReceiverRegistration(String merchant, String paymentMethod, String type, String account, String nameMasked, String relationType,
            String customRelation, OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.type = type;
        this.account = account;
        this.nameMasked = nameMasked;
        this.relationType = relationType;
        this.customRelation = customRelation;
        this.createdAt = at;
    }

    public Long getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getType() {
        return type;
    }

    public String getAccount() {
        return account;
    }

    public String getNameMasked() {
        return nameMasked;
    }

    public String getRelationType() {
        return relationType;
    }

    public String getCustomRelation() {
        return customRelation;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
