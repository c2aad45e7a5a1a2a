package org.cbec.broker.rest.payout;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.cbec.reconciliation.boundary.DailyBills;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.web.access.AdminOnly;
import org.cbec.web.error.FailureAction;

/**
 * The operator's reconciliation: runs a day at once (for one merchant account, or for every
 * account at the company), reads every merchant's result of a day, and resolves a difference with a note.
 */
@Path("admin/reconciliation")
@AdminOnly
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationAdminResource {

    /** Body of {@code POST /admin/reconciliation}: without {@code merchant}, every account at the company. */
    public record RunRequest(String paymentMethod, String billDate, String merchant) {
    }

    public record Resolution(String note) {
    }

    public record DayResults(int code, String message, String paymentMethod, String billDate, List<ReconciliationResults.DayResult> results) {
    }

    public record Resolved(int code, String message, ReconciliationResults.DiscrepancyResult discrepancy) {
    }

    @Inject
    DailyBills bills;

    /** Runs the day now; answers when the comparison is done. One merchant: its result (the failure envelope, 500, when its bill cannot be had). */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @FailureAction("reconciling the day")
    public Object run(RunRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a body with paymentMethod and billDate is required");
        }
        if (r.merchant() != null) {
            return ReconciliationResults.day(bills.runDay(r.merchant(), r.paymentMethod(), r.billDate()), true);
        }
        return new DayResults(200, "OK", r.paymentMethod(), r.billDate(), bills.runDay(r.paymentMethod(), r.billDate()).stream()
                .map(v -> ReconciliationResults.day(v, true)).toList());
    }

    @GET
    @FailureAction("reading the reconciliation")
    public DayResults results(@QueryParam("payment_method") String paymentMethod, @QueryParam("bill_date") String billDate) {
        return new DayResults(200, "OK", paymentMethod, billDate, bills.results(paymentMethod, billDate).stream()
                .map(v -> ReconciliationResults.day(v, true)).toList());
    }

    @POST
    @Path("discrepancies/{id}/resolve")
    @Consumes(MediaType.APPLICATION_JSON)
    @FailureAction("resolving the discrepancy")
    public Resolved resolve(@PathParam("id") String id, Resolution r) {
        if (r == null) {
            throw new InvalidRequestException("note", "a body with a note is required");
        }
        return new Resolved(200, "OK", ReconciliationResults.discrepancy(bills.resolve(id, r.note())));
    }
}
