package org.cbec.payment.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import java.time.OffsetDateTime;

/** One receiver's part of a split: to whom, how much, and the company's result; moved only by {@link PartResult}'s table. */
@Embeddable
public class SplitPart {

    @Column(name = "receiver_type", nullable = false, length = 16)
    private String type;

    @Column(nullable = false, length = 64)
    private String account;

    @Column(nullable = false)
    private long amount;

    @Column(length = 80)
    private String description;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private PartResult result;

    @Column(name = "fail_reason", length = 256)
    private String failReason;

    @Column(name = "finished_at")
    private OffsetDateTime finishedAt;

    protected SplitPart() {
    }

    public SplitPart(String type, String account, long amount, String description) {
        this.type = type;
        this.account = account;
        this.amount = amount;
        this.description = description;
        this.result = PartResult.PENDING;
    }

    /** Applies {@code event} by the table; a move it refuses changes nothing and answers false. */
    boolean move(PartEvent event, String failReason, OffsetDateTime finishedAt) {
        if (!result.allows(event)) {
            return false;
        }
        result = result.next(event);
        if (result == PartResult.CLOSED && failReason != null) {
            this.failReason = failReason;
        }
        if (result != PartResult.PENDING && this.finishedAt == null) {
            this.finishedAt = finishedAt;
        }
        return true;
    }

    public String getType() {
        return type;
    }

    public String getAccount() {
        return account;
    }

    public long getAmount() {
        return amount;
    }

    public String getDescription() {
        return description;
    }

    public PartResult getResult() {
        return result;
    }

    public String getFailReason() {
        return failReason;
    }

    public OffsetDateTime getFinishedAt() {
        return finishedAt;
    }
}
