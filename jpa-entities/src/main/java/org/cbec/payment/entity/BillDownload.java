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

/** One bill file as the company gave it for a reconciled day, with the hash it gave (if any); the last download of each is kept. */
@Entity
@Table(name = "bill_file")
@NamedQuery(name = BillDownload.OF_DAY, query = "SELECT f FROM BillDownload f WHERE f.dayId = :dayId ORDER BY f.name")
public class BillDownload {

    public static final String OF_DAY = "BillDownload.ofDay";

    @Id
    @SequenceGenerator(name = "bill_file_seq", sequenceName = "bill_file_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "bill_file_seq")
    private Long id;

    @Column(name = "day_id", nullable = false)
    private long dayId;

    @Column(nullable = false, length = 32)
    private String name;

    @Column(name = "content_type", nullable = false, length = 64)
    private String contentType;

    @Column(name = "hash_type", length = 16)
    private String hashType;

    @Column(name = "hash_value", length = 128)
    private String hashValue;

    @Column(nullable = false)
    private byte[] content;

    @Column(name = "downloaded_at", nullable = false)
    private OffsetDateTime downloadedAt;

    protected BillDownload() {
    }

    public BillDownload(long dayId, String name, String contentType, String hashType, String hashValue, byte[] content, OffsetDateTime at) {
        this.dayId = dayId;
        this.name = name;
        this.contentType = contentType;
        this.hashType = hashType;
        this.hashValue = hashValue;
        this.content = content; // a day's file can be large: kept, not copied
        this.downloadedAt = at;
    }

    public String getName() {
        return name;
    }

    public String getContentType() {
        return contentType;
    }

    public String getHashType() {
        return hashType;
    }

    public String getHashValue() {
        return hashValue;
    }

    public int size() {
        return content.length;
    }

    public OffsetDateTime getDownloadedAt() {
        return downloadedAt;
    }
}
