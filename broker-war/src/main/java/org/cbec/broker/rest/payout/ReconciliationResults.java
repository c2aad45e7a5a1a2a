package org.cbec.broker.rest.payout;

import jakarta.json.bind.annotation.JsonbNillable;
import java.util.List;
import org.cbec.reconciliation.ReconciliationView;
import org.cbec.payment.entity.Discrepancy;
import org.cbec.platform.time.BeijingTime;

/** The reconciliation's answers, for the merchant's query and the operator's. Amounts in fen, times in Beijing time. */
public final class ReconciliationResults {

    private ReconciliationResults() {
    }

    @JsonbNillable
    public record DiscrepancyResult(long id, String merchant, String paymentMethod, String billDate, String kind, String lineKind,
            String orderRef, String reference, String merchantRef, String receiver, Long brokerAmount, Long companyAmount, String brokerState,
            String companyState, String companyLine, String state, String resolution, String resolvedBy, String createdAt, String resolvedAt) {
    }

    @JsonbNillable
    public record FileResult(String name, String contentType, int size, String hashType, String hashValue, String downloadedAt) {
    }

    /** One account's day; {@code runBy} (which node or the operator ran it) is shown to the operator only. */
    @JsonbNillable
    public record DayResult(int code, String message, String merchant, String paymentMethod, String billDate, String state, int attempts,
            String lastError, Integer brokerLines, Integer companyLines, Integer matched, Integer acrossDays, Integer awaiting,
            long openDiscrepancies, String runBy, String reconciledAt, List<DiscrepancyResult> discrepancies, List<FileResult> files) {
    }

    public static DayResult day(ReconciliationView v, boolean operator) {
        return new DayResult(200, "OK", v.merchant(), v.paymentMethod(), v.billDate().toString(), v.state().name(), v.attempts(), v.lastError(),
                v.brokerLines(), v.companyLines(), v.matched(), v.acrossDays(), v.awaiting(),
                v.discrepancies().stream().filter(x -> x.state() == Discrepancy.State.OPEN).count(), operator ? v.runBy() : null,
                BeijingTime.format(v.reconciledAt()), v.discrepancies().stream().map(ReconciliationResults::discrepancy).toList(),
                v.files().stream().map(f -> new FileResult(f.name(), f.contentType(), f.size(), f.hashType(), f.hashValue(),
                        BeijingTime.format(f.downloadedAt()))).toList());
    }

    public static DiscrepancyResult discrepancy(ReconciliationView.DiscrepancyView x) {
        return new DiscrepancyResult(x.id(), x.merchant(), x.paymentMethod(), x.billDate().toString(), x.kind(), x.lineKind(), x.orderRef(),
                x.reference(), x.merchantRef(), x.receiver(), x.brokerAmount(), x.companyAmount(), x.brokerState(), x.companyState(), x.companyLine(), x.state().name(),
                x.resolution(), x.resolvedBy(), BeijingTime.format(x.createdAt()), BeijingTime.format(x.resolvedAt()));
    }
}
