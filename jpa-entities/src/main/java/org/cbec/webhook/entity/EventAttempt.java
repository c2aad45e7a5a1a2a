package org.cbec.webhook.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** One delivery attempt of an event: the receiver's status, or why there was none, and how long it took. */
@Entity
@Table(name = "merchant_event_attempt")
@NamedQuery(name = EventAttempt.OF_EVENT, query = "SELECT a FROM EventAttempt a WHERE a.eventId = :eventId ORDER BY a.id")
public class EventAttempt {

    public static final String OF_EVENT = "EventAttempt.ofEvent";

    @Id
    @SequenceGenerator(name = "merchant_event_attempt_seq", sequenceName = "merchant_event_attempt_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "merchant_event_attempt_seq")
    private Long id;

    @Column(name = "event_id", nullable = false, length = 40)
    private String eventId;

    @Column(name = "attempted_at", nullable = false)
    private OffsetDateTime attemptedAt;

    @Column(name = "http_status")
    private Integer httpStatus;

    @Column(name = "duration_ms", nullable = false)
    private long durationMs;

    @Column(length = 512)
    private String error;

    protected EventAttempt() {
    }

    public EventAttempt(String eventId, OffsetDateTime attemptedAt, Integer httpStatus, long durationMs, String error) {
        this.eventId = eventId;
        this.attemptedAt = attemptedAt;
        this.httpStatus = httpStatus;
        this.durationMs = durationMs;
        this.error = error == null || error.length() <= 512 ? error : error.substring(0, 512);
    }

    public String getEventId() {
        return eventId;
    }

    public OffsetDateTime getAttemptedAt() {
        return attemptedAt;
    }

    public Integer getHttpStatus() {
        return httpStatus;
    }

    public long getDurationMs() {
        return durationMs;
    }

    public String getError() {
        return error;
    }
}
