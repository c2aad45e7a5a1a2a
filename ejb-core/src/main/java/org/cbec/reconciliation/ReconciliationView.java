package org.cbec.reconciliation;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.payment.entity.Discrepancy;
import org.cbec.payment.entity.ReconciliationDay;

/**
 * One merchant account's reconciliation of one Beijing day with its company's bills: its state
 * (DUE, DONE, AWAITING, FAILED), the last comparison's counts (null before one was made), the
 * bill files kept, and every difference found for the day, open or resolved.
 */
public record ReconciliationView(String merchant, String paymentMethod, LocalDate billDate, ReconciliationDay.State state, int attempts, String lastError,
        Integer brokerLines, Integer companyLines, Integer matched, Integer acrossDays, Integer awaiting, String runBy,
        OffsetDateTime reconciledAt, List<DiscrepancyView> discrepancies, List<File> files) {

    /** A bill file kept: what it is, its size, the hash the company gave (null for none). */
    public record File(String name, String contentType, int size, String hashType, String hashValue, OffsetDateTime downloadedAt) {
    }

    /** One difference, with both sides' values (null where a side has none). */
    public record DiscrepancyView(long id, String merchant, String paymentMethod, LocalDate billDate, String kind, String lineKind,
            String orderRef, String reference, String merchantRef, String receiver, Long brokerAmount, Long companyAmount, String brokerState, String companyState,
            String companyLine, Discrepancy.State state, String resolution, String resolvedBy, OffsetDateTime createdAt, OffsetDateTime resolvedAt) {
    }
}
