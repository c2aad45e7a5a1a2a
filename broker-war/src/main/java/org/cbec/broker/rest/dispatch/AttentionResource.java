package org.cbec.broker.rest.dispatch;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;
import org.cbec.dispatch.AttentionView;
import org.cbec.dispatch.boundary.Attention;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.time.BeijingTime;
import org.cbec.web.access.AdminOnly;
import org.cbec.web.error.FailureAction;

/**
 * Money requests (refunds, splits, releases, payouts) the janitor gave up on, for an operator:
 * {@code GET /admin/attention[?merchant=…&kind=…]}, and on one of them
 * {@code POST …/{id}/retry} (one attempt now, its attempts counted afresh) and
 * {@code POST …/{id}/settle} with {@code {"note": …}} (settled by hand with the company's word).
 */
@Path("admin/attention")
@AdminOnly
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AttentionResource {

    @JsonbNillable
    public record Item(long id, String kind, String merchant, String paymentMethod, String merchantRef, String companyNo, String state,
            int attempts, String lastAnswer, String createdAt, String attentionSince, String nextAttemptAt, String closedAt,
            String operatorNote) {
    }

    public record Items(int code, String message, List<Item> requests) {
    }

    public record One(int code, String message, Item request) {
    }

    public record Settling(String note) {
    }

    @EJB
    Attention attention;

    @GET
    @FailureAction("reading the requests needing attention")
    public Items list(@QueryParam("merchant") String merchant, @QueryParam("kind") String kind) {
        return new Items(200, "OK", attention.list(merchant, kind).stream().map(AttentionResource::item).toList());
    }

    @POST
    @Path("{id}/retry")
    @FailureAction("trying the request again")
    public One retry(@PathParam("id") String id) {
        return new One(200, "OK", item(attention.retry(id)));
    }

    @POST
    @Path("{id}/settle")
    @Consumes(MediaType.APPLICATION_JSON)
    @FailureAction("settling the request")
    public One settle(@PathParam("id") String id, Settling s) {
        if (s == null) {
            throw new InvalidRequestException("note", "a body with a note is required");
        }
        return new One(200, "OK", item(attention.settle(id, s.note())));
    }

    private static Item item(AttentionView v) {
        return new Item(v.id(), v.kind().name().toLowerCase(Locale.ROOT), v.merchant(), v.paymentMethod(), v.merchantRef(), v.companyNo(),
                v.state().name(), v.attempts(), v.lastAnswer(), BeijingTime.format(v.createdAt()), BeijingTime.format(v.attentionSince()),
                BeijingTime.format(v.nextAttemptAt()), BeijingTime.format(v.closedAt()), v.operatorNote());
    }
}
