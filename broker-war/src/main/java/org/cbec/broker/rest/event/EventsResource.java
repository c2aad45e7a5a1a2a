package org.cbec.broker.rest.event;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.util.List;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.time.BeijingTime;
import org.cbec.webhook.EventView;
import org.cbec.payment.boundary.PaymentEvents;
import org.cbec.payout.boundary.PayoutEvents;
import org.cbec.webhook.boundary.Events;
import org.cbec.web.error.FailureAction;

/** The merchant's events of a payment, with their delivery attempts, sending one again, and cancelling its retries. */
@Path("v1/events")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class EventsResource {

    @JsonbNillable
    public record AttemptResult(String at, Integer httpStatus, long durationMs, String error) {
    }

    /** An event: its id (the webhook-id), type, where its delivery stands, the body as delivered, and every attempt. */
    @JsonbNillable
    public record EventResult(String id, String type, String createdAt, String state, String targetUrl, String nextAttemptAt,
            JsonObject event, List<AttemptResult> attempts) {
    }

    public record EventList(int code, String message, String orderRef, String payoutRef, List<EventResult> events) {
    }

    public record Redelivery(int code, String message, EventResult event) {
    }

    public record Cancellation(int code, String message, EventResult event) {
    }

    @Inject
    Events events;

    @Inject
    PaymentEvents paymentEvents;

    @Inject
    PayoutEvents payoutEvents;

    @FailureAction("listing the events")
    @GET
    @Path("{merchant}")
    public EventList list(@PathParam("merchant") String merchant, @QueryParam("order_ref") String orderRef,
            @QueryParam("payout_ref") String payoutRef, @QueryParam("payment_method") String paymentMethod) {
        if (orderRef != null && payoutRef != null || orderRef == null && payoutRef == null) {
            throw new InvalidRequestException(orderRef == null ? "order_ref" : "payout_ref", "give order_ref (a payment's events) or"
                    + " payout_ref (a payout's), one of them");
        }
        if (payoutRef != null && paymentMethod != null) {
            throw new InvalidRequestException("payment_method", "payment_method goes with order_ref: a payoutRef names one payout");
        }
        List<EventView> found = payoutRef != null ? payoutEvents.ofPayout(merchant, payoutRef)
                : paymentEvents.ofOrder(merchant, orderRef, paymentMethod);
        return new EventList(200, "OK", orderRef, payoutRef, found.stream().map(EventsResource::result).toList());
    }

    @FailureAction("redelivering the event")
    @POST
    @Path("{merchant}/{eventId}/redeliver")
    @Consumes(MediaType.WILDCARD)
    public Response redeliver(@PathParam("merchant") String merchant, @PathParam("eventId") String eventId) {
        EventResult e = result(events.redeliver(merchant, eventId));
        return Response.status(Response.Status.ACCEPTED).entity(new Redelivery(202, "the event will be sent again", e)).build();
    }

    @FailureAction("cancelling the event")
    @POST
    @Path("{merchant}/{eventId}/cancel")
    @Consumes(MediaType.WILDCARD)
    public Cancellation cancel(@PathParam("merchant") String merchant, @PathParam("eventId") String eventId) {
        return new Cancellation(200, "the event's remaining attempts are cancelled", result(events.cancel(merchant, eventId)));
    }

    private static EventResult result(EventView e) {
        JsonObject body;
        try (JsonReader reader = Json.createReader(new StringReader(e.body()))) {
            body = reader.readObject();
        }
        return new EventResult(e.id(), e.type(), BeijingTime.format(e.createdAt()), e.state().name(), e.targetUrl(),
                BeijingTime.format(e.nextAttemptAt()), body,
                e.attempts().stream().map(a -> new AttemptResult(BeijingTime.format(a.at()), a.httpStatus(), a.durationMs(), a.error())).toList());
    }
}
