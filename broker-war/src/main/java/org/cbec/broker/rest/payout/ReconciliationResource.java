package org.cbec.broker.rest.payout;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.cbec.reconciliation.boundary.DailyBills;
import org.cbec.web.error.FailureAction;

/** A merchant's reconciliation of one Beijing day with its company's bills: the lines on each side, matched, and every difference. */
@FailureAction("reading the reconciliation")
@Path("v1/reconciliation")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {

    @Inject
    DailyBills bills;

    @GET
    @Path("{merchant}")
    public ReconciliationResults.DayResult day(@PathParam("merchant") String merchant, @QueryParam("payment_method") String paymentMethod,
            @QueryParam("bill_date") String billDate) {
        return ReconciliationResults.day(bills.result(merchant, paymentMethod, billDate, "payment_method", "bill_date"), false);
    }
}
