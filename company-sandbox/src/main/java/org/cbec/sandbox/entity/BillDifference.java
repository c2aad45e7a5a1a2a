package org.cbec.sandbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * A difference a test arranged in an account's daily bills, kept until the test clears it: the
 * lines of the merchant's number {@code reference} billed one fen more, left out or at a time moved
 * by {@code seconds}, or (without a reference) the account's bill downloads answered with a hash
 * that does not match the file.
 */
@Entity
@Table(name = "sandbox_bill_difference")
@NamedQuery(name = BillDifference.OF_ACCOUNT,
        query = "SELECT d FROM BillDifference d WHERE d.accountId = :accountId ORDER BY d.id")
@NamedQuery(name = BillDifference.CLEAR, query = "DELETE FROM BillDifference d WHERE d.accountId = :accountId")
public class BillDifference {

    /** The account's differences, in the order they were arranged. */
    public static final String OF_ACCOUNT = "BillDifference.ofAccount";
    public static final String CLEAR = "BillDifference.clear";

    /** What a difference does to the bill. */
    public enum Kind {
        /** Every line of the reference is billed one fen more. */
        AMOUNT_PLUS_ONE_FEN,
        /** The lines of the reference are left out. */
        OMIT,
        /** The lines of the reference are billed {@code seconds} later (earlier when negative). */
        SHIFT_SECONDS,
        /** The account's bill downloads carry a hash that does not match the file. */
        WRONG_HASH,
        /**
         * A trade of the order that the company revoked is billed beside its payment: a row in trade
         * state {@code REVOKED}, of no money, that the broker's reading of the bill does not know.
         */
        REVOKED_TRADE
    }

    @Id
    @SequenceGenerator(name = "sandbox_bill_difference_seq", sequenceName = "sandbox_bill_difference_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_bill_difference_seq")
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 24)
    private Kind kind;

    @Column(length = 64)
    private String reference;

    @Column
    private Integer seconds;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected BillDifference() {
    }

    public BillDifference(long accountId, Kind kind, String reference, Integer seconds, OffsetDateTime createdAt) {
        this.accountId = accountId;
        this.kind = kind;
        this.reference = reference;
        this.seconds = seconds;
        this.createdAt = createdAt;
    }

    public Long getId() {
        return id;
    }

    public long getAccountId() {
        return accountId;
    }

    public Kind getKind() {
        return kind;
    }

    public String getReference() {
        return reference;
    }

    public Integer getSeconds() {
        return seconds;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
