package org.cbec.broker.rest.payout;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import org.cbec.payout.PayoutBillView;
import org.cbec.payout.boundary.Payouts;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.time.BeijingTime;
import org.cbec.web.error.FailureAction;

/**
 * A merchant's statements at a company: the one behind a payout, or the one of a Beijing day. POST
 * asks for one, GET answers it (PREPARING until its payout is final or its day is over, then
 * READY with its figures), as JSON or, on {@code Accept: text/csv}, as CSV with the SHA-256 of the
 * body in a {@code Content-Digest} header (RFC 9530).
 */
@FailureAction("preparing the statement")
@Path("v1/payout/bill/abroad")
@RequestScoped
public class PayoutBillResource {

    static final String CSV = "text/csv";
    static final String CSV_UTF8 = "text/csv; charset=UTF-8";
    static final String CSV_HEADER = "time,kind,order_ref,reference,amount,fee,available_change,held_change,available,held,pending_change,pending";

    public record BillRequest(String paymentMethod, String payoutRef, String billDate) {
    }

    /**
     * Nillable like the statement: Yasson takes a member's nillability from its type's class before
     * the enclosing class, so without this a PREPARING statement left {@code opening} and
     * {@code closing} out instead of answering them null.
     */
    @JsonbNillable
    public record Figures(long available, long held, long pending) {
    }

    @JsonbNillable
    public record LineResult(String time, String kind, String orderRef, String reference, long amount, long fee, long availableChange,
            long heldChange, long pendingChange) {
    }

    /** A statement; its figures are null while PREPARING. */
    @JsonbNillable
    public record BillResult(int code, String message, String merchant, String paymentMethod, String payoutRef, String billDate,
            String state, String currency, String from, String to, Figures opening, List<LineResult> lines, Long payouts, Figures closing) {
    }

    @Inject
    Payouts payouts;

    @Context
    HttpHeaders headers;

    @POST
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, CSV_UTF8})
    public Response prepare(@PathParam("merchant") String merchant, BillRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a statement request body is required");
        }
        return answer(payouts.prepareBill(merchant, r.paymentMethod(), r.payoutRef(), r.billDate()));
    }

    @GET
    @Path("{merchant}")
    @Produces({MediaType.APPLICATION_JSON, CSV_UTF8})
    public Response query(@PathParam("merchant") String merchant, @QueryParam("payment_method") String paymentMethod,
            @QueryParam("payout_ref") String payoutRef, @QueryParam("bill_date") String billDate) {
        return answer(payouts.bill(merchant, paymentMethod, payoutRef, billDate));
    }

    private Response answer(PayoutBillView b) {
        if (wantsCsv()) {
            if (b.state() != PayoutBillView.State.READY) {
                // Nothing to write as CSV yet: the state, as JSON, with 202 so that a CSV client does not read it as the bill.
                return Response.status(202).type(MediaType.APPLICATION_JSON_TYPE).entity(result(b, 202, "the statement is PREPARING")).build();
            }
            byte[] body = csv(b).getBytes(StandardCharsets.UTF_8);
            return Response.ok(body, CSV_UTF8).header("Content-Digest", digest(body)).build();
        }
        return Response.ok(result(b), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /** CSV only when the client lists it and does not prefer JSON to it. */
    private boolean wantsCsv() {
        for (MediaType t : headers.getAcceptableMediaTypes()) {
            if (t.isCompatible(MediaType.APPLICATION_JSON_TYPE) && !t.isWildcardType()) {
                return false;
            }
            if ("text".equals(t.getType()) && "csv".equals(t.getSubtype())) {
                return true;
            }
        }
        return false;
    }

    static BillResult result(PayoutBillView b) {
        return result(b, 200, "OK");
    }

    /** The statement in the envelope whose code is the answer's status. */
    static BillResult result(PayoutBillView b, int code, String message) {
        boolean ready = b.state() == PayoutBillView.State.READY;
        return new BillResult(code, message, b.merchant(), b.paymentMethod(), b.payoutRef(), b.billDate() == null ? null : b.billDate().toString(),
                b.state().name(), "CNY", BeijingTime.format(b.from()), BeijingTime.format(b.to()),
                ready ? new Figures(b.openingAvailable(), b.openingHeld(), b.openingPending()) : null,
                ready ? b.lines().stream().map(l -> new LineResult(BeijingTime.format(l.at()), l.kind(), l.orderRef(), l.reference(),
                        l.amount(), l.fee(), l.available(), l.held(), l.pending())).toList() : null,
                b.payouts(), ready ? new Figures(b.closingAvailable(), b.closingHeld(), b.closingPending()) : null);
    }

    /** The statement as CSV: a header row, the opening, one row per line with the running figures, the closing. Amounts in fen. */
    static String csv(PayoutBillView b) {
        StringBuilder out = new StringBuilder(CSV_HEADER).append("\r\n");
        long available = b.openingAvailable();
        long held = b.openingHeld();
        long pending = b.openingPending();
        row(out, BeijingTime.format(b.from()), "OPENING", null, null, "", "", "", "", available, held, "", pending);
        for (PayoutBillView.Line l : b.lines()) {
            available += l.available();
            held += l.held();
            pending += l.pending();
            row(out, BeijingTime.format(l.at()), l.kind(), l.orderRef(), l.reference(), Long.toString(l.amount()), Long.toString(l.fee()),
                    Long.toString(l.available()), Long.toString(l.held()), available, held, Long.toString(l.pending()), pending);
        }
        row(out, BeijingTime.format(b.to()), "CLOSING", null, null, "", "", "", "", b.closingAvailable(), b.closingHeld(), "",
                b.closingPending());
        return out.toString();
    }

    private static void row(StringBuilder out, String time, String kind, String orderRef, String reference, String amount, String fee,
            String availableChange, String heldChange, long available, long held, String pendingChange, long pending) {
        out.append(cell(time)).append(',').append(kind).append(',').append(cell(orderRef)).append(',').append(cell(reference)).append(',')
                .append(amount).append(',').append(fee).append(',').append(availableChange).append(',').append(heldChange).append(',')
                .append(available).append(',').append(held).append(',').append(pendingChange).append(',').append(pending).append("\r\n");
    }

    /** A text cell: quoted when it holds a comma, quote or line break; one that a spreadsheet would read as a formula is prefixed with a quote. */
    static String cell(String v) {
        if (v == null) {
            return "";
        }
        String s = !v.isEmpty() && "=+-@".indexOf(v.charAt(0)) >= 0 ? "'" + v : v;
        return s.matches(".*[,\"\r\n].*") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** RFC 9530: {@code sha-256=:<base64 of the SHA-256 of the body>:}. */
    static String digest(byte[] body) {
        try {
            return "sha-256=:" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(body)) + ":";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
