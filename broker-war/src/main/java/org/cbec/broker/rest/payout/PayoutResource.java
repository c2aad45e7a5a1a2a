package org.cbec.broker.rest.payout;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.cbec.payout.BalanceView;
import org.cbec.payout.PayoutView;
import org.cbec.payout.RequestPayout;
import org.cbec.payout.boundary.Payouts;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.json.StrictJson;
import org.cbec.platform.time.BeijingTime;
import org.cbec.web.error.FailureAction;

/**
 * Payouts abroad: the merchant's CNY balance at a company (derived from its ledger), its payouts,
 * and a payout of what is available to its registered account abroad. Amounts are CNY fen; the
 * target amount is in the target currency's minor unit; times are Beijing time.
 */
@FailureAction("paying out")
@Path("v1/payout/abroad")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PayoutResource {

    /** {@code amount} as given: absent is everything available, JSON null is refused (StrictJson.wholeNumberIfGiven). */
    public record PayoutRequest(String paymentMethod, String payoutRef, JsonValue amount, String description, String notifyUrl) {
    }

    /** One payout; every member is present, null when not known yet (before the company's answer). */
    @JsonbNillable
    public record PayoutResult(int code, String message, String merchant, String paymentMethod, String payoutRef, String payoutId,
            long amount, String currency, Long fee, String rate, String rateDate, Long targetAmount, String targetCurrency, String state,
            String failReason, String description, String notifyUrl, String createdAt, String acceptedAt, String paidAt) {
    }

    public record Balance(long available, long held, long inTransit, long paidOut, long pending) {
    }

    @JsonbNillable
    public record EntryResult(long id, String at, String kind, String orderRef, String reference, String from, String to, long amount) {
    }

    /** The balance with a page of the payouts, newest first (the document's PayoutBalanceResult). */
    public record BalanceResult(int code, String message, String merchant, String paymentMethod, String currency, Balance balance,
            List<PayoutResult> payouts, int offset, int limit, long total) {
    }

    /**
     * With {@code view=ledger}, the balance with a page of the ledger's entries, newest first (the
     * document's LedgerResult). A shape of its own: neither answer carries the other's list as null,
     * which a client decoding the document's oneOf would read as a list.
     */
    public record LedgerResult(int code, String message, String merchant, String paymentMethod, String currency, Balance balance,
            List<EntryResult> entries, int offset, int limit, long total) {
    }

    @Inject
    Payouts payouts;

    @POST
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public PayoutResult request(@PathParam("merchant") String merchant, PayoutRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a payout request body is required");
        }
        Long amount = StrictJson.wholeNumberIfGiven("amount", r.amount(), "leave amount out to pay out everything available");
        return result(payouts.request(merchant, new RequestPayout(r.paymentMethod(), r.payoutRef(), amount, r.description(),
                r.notifyUrl())));
    }

    @GET
    @Path("{merchant}")
    @FailureAction("querying the payouts")
    // With payout_ref one PayoutResult, without it a BalanceResult (the API document's oneOf).
    public Object query(@PathParam("merchant") String merchant, @QueryParam("payment_method") String paymentMethod,
            @QueryParam("payout_ref") String payoutRef, @QueryParam("view") String view, @QueryParam("offset") String offset,
            @QueryParam("limit") String limit) {
        if (payoutRef != null) {
            return result(payouts.query(merchant, paymentMethod, payoutRef));
        }
        if (view != null && !"ledger".equals(view)) {
            throw new InvalidRequestException("view", "view must be ledger, or left out for the payouts");
        }
        if (view != null) {
            BalanceView b = payouts.ledger(merchant, paymentMethod, offset, limit);
            return new LedgerResult(200, "OK", merchant, paymentMethod, "CNY", balance(b), b.entries().stream()
                    .map(e -> new EntryResult(e.id(), BeijingTime.format(e.at()), e.kind(), e.orderRef(), e.reference(), e.from(), e.to(),
                            e.amount())).toList(), Payouts.offset(offset), Payouts.limit(limit), b.total());
        }
        BalanceView b = payouts.payouts(merchant, paymentMethod, offset, limit);
        return new BalanceResult(200, "OK", merchant, paymentMethod, "CNY", balance(b), b.payouts().stream().map(PayoutResource::result)
                .toList(), Payouts.offset(offset), Payouts.limit(limit), b.total());
    }

    private static Balance balance(BalanceView b) {
        return new Balance(b.available(), b.held(), b.inTransit(), b.paidOut(), b.pending());
    }

    private static PayoutResult result(PayoutView p) {
        return new PayoutResult(200, "OK", p.merchant(), p.paymentMethod(), p.payoutRef(), p.payoutId(), p.amount(), p.currency(), p.fee(),
                p.rate() == null ? null : p.rate().toPlainString(), p.rateDate() == null ? null : p.rateDate().toString(), p.targetAmount(),
                p.targetCurrency(), p.state().shown(), p.failReason(), p.description(), p.notifyUrl(), BeijingTime.format(p.createdAt()),
                BeijingTime.format(p.acceptedAt()), BeijingTime.format(p.paidAt()));
    }
}
