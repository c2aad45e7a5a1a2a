package org.cbec.sandbox.admin;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Bills;
import org.cbec.sandbox.books.Books;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Credentials;
import org.cbec.sandbox.books.Identity;
import org.cbec.sandbox.books.Outbox;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.PayoutRules;
import org.cbec.sandbox.books.Payouts;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.books.Settlements;
import org.cbec.sandbox.codec.Bodies;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.faults.Faults;
import org.cbec.sandbox.faults.Latencies;
import org.cbec.sandbox.faults.Latency;

/**
 * {@code /sandbox/{paymentMethod}/accounts} and the test helpers of an account, addressed by the
 * name it was opened under: {@code /sandbox/{paymentMethod}/{merchant}/…}. Each method reads the
 * request, calls one boundary and writes the answer; rules live in the books.
 */
@Path("/")
@AdminOnly
@RequestScoped
public class AdminResource {

    private static final String ACCOUNT = "{paymentMethod}/{merchant}";

    @Inject
    Accounts accounts;

    @Inject
    Books books;

    @Inject
    Settlements settlements;

    @Inject
    Payouts payouts;

    @Inject
    Bills bills;

    @Inject
    Faults faults;

    @Inject
    Latencies latencies;

    @Inject
    RequestLog requestLog;

    @Inject
    Outbox outbox;

    @Context
    HttpServletRequest http;

    /** Opens an account (201), or hands out the same credentials again for a name already opened (200). */
    @POST
    @Path("{paymentMethod}/accounts")
    public Response open(@PathParam("paymentMethod") String paymentMethod, InputStream body) {
        String company = AdminRequests.paymentMethod(paymentMethod);
        AdminRequests.ToOpen toOpen = AdminRequests.toOpen(Bodies.read(body), http.getContentType());
        Accounts.Opened opened = accounts.open(company, toOpen.merchant(), toOpen.feeRate(), toOpen.settlementDays());
        Credentials c = opened.credentials();
        JsonObjectBuilder answer = JsonText.object()
                .add("companyMerchantId", c.companyMerchantId())
                .add("appId", c.appId())
                .add("keySerial", c.keySerial())
                .add("merchantPrivateKey", c.merchantPrivateKey())
                .add("companyPublicKey", c.companyPublicKey())
                // The contract's fee, as the broker's registration of the account takes it.
                .add("feeRate", c.feeRate().toPlainString())
                .add("settlementDays", c.settlementDays());
        if (c.apiV3Key() != null) {
            // alphapay only: the key that decrypts its callbacks' resource.
            answer.add("apiV3Key", c.apiV3Key());
        }
        return Envelope.response(opened.created() ? 201 : 200, answer.build());
    }

    /**
     * The payer pays (optionally telling who paid, and when: {@code paidAt}, by default now, never
     * to come); 409 for a closed or unknown order.
     */
    @POST
    @Path(ACCOUNT + "/payments/{orderRef}/pay")
    public Response pay(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef, InputStream body) {
        Party party = account(paymentMethod, merchant);
        AdminRequests.Payment payment = AdminRequests.payment(Bodies.read(body), http.getContentType(), Companies.now());
        String identity = payment.payer().map(p -> Identity.hash(p.name(), p.idNumber())).orElse(null);
        Books.Paid paid = AdminRequests.couldBeOrderRef(orderRef) ? books.pay(party, orderRef, identity, payment.paidAt(), payment.callback())
                : new Books.Paid(Books.PayResult.NOT_PAYABLE, null);
        if (paid.result() == Books.PayResult.NOT_PAYABLE) {
            throw new AdminRefusal(409, "the company has no open order with this orderRef", "orderRef");
        }
        return Envelope.response(200, Envelope.of(200, "paid").add("transactionId", paid.transactionId()).build());
    }

    /**
     * A payment made at the company that the broker never sees: an order created already paid (CNY,
     * NATIVE, no notify URL, so no callback) at {@code paidAt}, by default now. 201; 409 when the
     * account has an order with this orderRef already.
     */
    @POST
    @Path(ACCOUNT + "/payments")
    public Response directPayment(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            InputStream body) {
        Party party = account(paymentMethod, merchant);
        AdminRequests.DirectPayment p = AdminRequests.directPayment(Bodies.read(body), http.getContentType(), Companies.now());
        Books.OrderView o = books.directPayment(party, p.orderRef(), p.amount(), p.paidAt())
                .orElseThrow(() -> new AdminRefusal(409, "the account has an order with this orderRef already", "orderRef"));
        return Envelope.response(201, Envelope.of(201, "paid at the company").add("orderRef", o.orderRef())
                .add("transactionId", o.transactionId()).add("paidAt", o.paidAt().toInstant().toString()).build());
    }

    /**
     * Test helper: a large merchant's day, made at once: {@code count} payments made at the company
     * that the broker never sees, as {@link #directPayment} makes one (order refs {@code prefix1} …,
     * paid a millisecond apart from {@code paidAt}). 201 with how many; 409 when one of the order refs
     * is taken already (nothing is made).
     */
    @POST
    @Path(ACCOUNT + "/payments/bulk")
    public Response directPayments(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            InputStream body) {
        Party party = account(paymentMethod, merchant);
        AdminRequests.DirectPayments p = AdminRequests.directPayments(Bodies.read(body), http.getContentType(), Companies.now());
        int made = books.directPayments(party, p.prefix(), p.count(), p.amount(), p.paidAt())
                .orElseThrow(() -> new AdminRefusal(409, "the account has an order with one of these orderRefs already", "prefix"));
        return Envelope.response(201, Envelope.of(201, "paid at the company").add("count", made).build());
    }

    /**
     * Arranges a difference in the account's daily bills: {@code {"kind", "reference", "seconds"}}
     * (see {@link org.cbec.sandbox.books.BillRules}); 201 echoing it. Kept until cleared.
     */
    @POST
    @Path(ACCOUNT + "/bill-differences")
    public Response arrangeBillDifference(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            InputStream body) {
        Party party = account(paymentMethod, merchant);
        Bills.Arranged a = bills.arrange(party, AdminRequests.billDifference(Bodies.read(body), http.getContentType()));
        return Envelope.response(201, difference(Envelope.of(201, "bill difference arranged"), a).build());
    }

    /** The differences arranged in the account's bills, in the order they were arranged. */
    @GET
    @Path(ACCOUNT + "/bill-differences")
    public Response billDifferences(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant) {
        Party party = account(paymentMethod, merchant);
        JsonArrayBuilder list = JsonText.array();
        for (Bills.Arranged a : bills.arranged(party.accountId())) {
            list.add(difference(JsonText.object(), a));
        }
        return Envelope.response(200, JsonText.object().add("code", 200).add("differences", list).build());
    }

    /** The account's bills are its books again: every difference arranged in them is cleared. */
    @DELETE
    @Path(ACCOUNT + "/bill-differences")
    public Response clearBillDifferences(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant) {
        Party party = account(paymentMethod, merchant);
        int cleared = bills.clear(party);
        return Envelope.response(200, Envelope.of(200, "bill differences cleared").add("cleared", cleared).build());
    }

    @PUT
    @Path(ACCOUNT + "/faults")
    public Response setFault(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            InputStream body) {
        Party party = account(paymentMethod, merchant);
        faults.set(party.accountId(), party.toString(), AdminRequests.fault(Bodies.read(body), http.getContentType()));
        return Envelope.response(200, "fault set", null);
    }

    @DELETE
    @Path(ACCOUNT + "/faults")
    public Response clearFaults(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant) {
        Party party = account(paymentMethod, merchant);
        faults.clear(party.accountId(), party.toString());
        return Envelope.response(200, "faults cleared", null);
    }

    /** Customs decides the order's declarations (only the sub-order's, when one is named). */
    @PUT
    @Path(ACCOUNT + "/declarations/{orderRef}")
    public Response decide(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef, InputStream body) {
        Party party = account(paymentMethod, merchant);
        AdminRequests.CustomsDecision d = AdminRequests.decision(Bodies.read(body), http.getContentType());
        int decided = AdminRequests.couldBeOrderRef(orderRef)
                ? books.settle(party, orderRef, d.subOrderNo(), d.state(), d.explanation()) : 0;
        if (decided == 0) {
            throw new AdminRefusal(404, "the company has no declaration of this order", "orderRef");
        }
        return Envelope.response(200, Envelope.of(200, decided + " declaration(s) now " + d.state()).add("count", decided).build());
    }

    /**
     * How the order's alphapay refunds made from now on end once the refund delay has passed
     * (SUCCESS unless a test arranges ABNORMAL or CLOSED), so that a test needs no race with the
     * delay. betapay decides its refunds when they are made: 400 there.
     */
    @PUT
    @Path(ACCOUNT + "/orders/{orderRef}/refund-outcome")
    public Response arrangeRefundOutcome(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef, InputStream body) {
        Party party = account(paymentMethod, merchant);
        String state = AdminRequests.refundOutcome(Bodies.read(body), http.getContentType());
        if (!party.paymentMethod().equals(Companies.ALPHAPAY)) {
            throw new AdminRefusal(400, party.paymentMethod() + " decides its refunds when they are made", "paymentMethod");
        }
        if (!AdminRequests.couldBeOrderRef(orderRef) || !books.arrangeRefundOutcome(party, orderRef, state)) {
            throw new AdminRefusal(404, "the company has no order with this orderRef", "orderRef");
        }
        return Envelope.response(200, Envelope.of(200, "refunds of " + orderRef + " end " + state).add("state", state).build());
    }

    /**
     * The account's next split parts to receivers with this account end CLOSED with the reason
     * given, once the settlement delay has passed, so that a test sees a receiver's failure; 404
     * when no receiver with this account is registered.
     */
    @POST
    @Path(ACCOUNT + "/receivers/{account}/failure")
    public Response arrangeReceiverFailure(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("account") String account, InputStream body) {
        Party party = account(paymentMethod, merchant);
        String reason = AdminRequests.failureReason(Bodies.read(body), http.getContentType());
        if (!AdminRequests.couldBeReceiverAccount(account) || settlements.arrangeReceiverFailure(party, account, reason) == 0) {
            throw new AdminRefusal(404, "the account has no receiver registered with this account", "account");
        }
        return Envelope.response(200, Envelope.of(200, "parts to " + account + " end CLOSED").add("reason", reason).build());
    }

    /** The receiver's next parts succeed again. */
    @DELETE
    @Path(ACCOUNT + "/receivers/{account}/failure")
    public Response clearReceiverFailure(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("account") String account) {
        Party party = account(paymentMethod, merchant);
        if (!AdminRequests.couldBeReceiverAccount(account) || settlements.arrangeReceiverFailure(party, account, null) == 0) {
            throw new AdminRefusal(404, "the account has no receiver registered with this account", "account");
        }
        return Envelope.response(200, "parts to " + account + " succeed", null);
    }

    /** The receivers the account registered, with each name masked (its first character and {@code *}). */
    @GET
    @Path(ACCOUNT + "/receivers")
    public Response receivers(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant) {
        Party party = account(paymentMethod, merchant);
        var receivers = settlements.receivers(party.accountId());
        JsonArrayBuilder list = JsonText.array();
        for (Settlements.ReceiverView r : receivers) {
            JsonObjectBuilder item = JsonText.object().add("type", r.type()).add("account", r.account());
            nullable(item, "name", r.name());
            nullable(item, "relationType", r.relationType());
            nullable(item, "customRelation", r.customRelation());
            list.add(item.add("addedAt", r.addedAt().toInstant().toString()));
        }
        return Envelope.response(200, JsonText.object().add("code", 200).add("count", receivers.size()).add("receivers", list).build());
    }

    /**
     * What the order holds for settlement and every split and release of it with their parts, as of
     * now (a read that finds the order due for the company's own release makes it first).
     */
    @GET
    @Path(ACCOUNT + "/orders/{orderRef}/settlement")
    public Response settlement(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef) {
        Party party = account(paymentMethod, merchant);
        Settlements.Settlement s = (AdminRequests.couldBeOrderRef(orderRef) ? settlements.settlement(party.accountId(), orderRef)
                : java.util.Optional.<Settlements.Settlement>empty())
                .orElseThrow(() -> new AdminRefusal(404, "the company has no order with this orderRef", "orderRef"));
        Settlements.HeldView h = s.held();
        JsonObjectBuilder answer = JsonText.object().add("code", 200).add("orderRef", h.orderRef());
        nullable(answer, "transactionId", h.transactionId());
        answer.add("paid", h.paid()).add("refunded", h.refunded()).add("split", h.split()).add("unsplit", h.unsplit())
                .add("released", h.released());
        JsonArrayBuilder splits = JsonText.array();
        for (Settlements.SplitView v : s.splits()) {
            JsonArrayBuilder parts = JsonText.array();
            for (Settlements.PartView p : v.parts()) {
                JsonObjectBuilder part = JsonText.object().add("type", p.type()).add("account", p.account()).add("amount", p.amount());
                nullable(part, "description", p.description());
                part.add("result", p.result());
                nullable(part, "failReason", p.failReason());
                nullable(part, "finishedAt", p.finishedAt() == null ? null : p.finishedAt().toInstant().toString());
                parts.add(part);
            }
            splits.add(JsonText.object().add("splitNo", v.splitNo()).add("splitId", v.splitId()).add("kind", v.kind())
                    .add("state", v.state()).add("byCompany", v.byCompany()).add("createdAt", v.createdAt().toInstant().toString())
                    .add("parts", parts));
        }
        return Envelope.response(200, answer.add("splits", splits).build());
    }

    /**
     * Moves the order's creation and payment back by {@code days}, so that a test sees what the
     * company does with old orders (its own release of held money after its days); 409 for an order
     * that is not paid.
     */
    @POST
    @Path(ACCOUNT + "/orders/{orderRef}/age")
    public Response age(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef, InputStream body) {
        Party party = account(paymentMethod, merchant);
        long days = AdminRequests.days(Bodies.read(body), http.getContentType());
        Books.OrderView o = (AdminRequests.couldBeOrderRef(orderRef) ? books.age(party, orderRef, days)
                : java.util.Optional.<Books.OrderView>empty())
                .orElseThrow(() -> new AdminRefusal(404, "the company has no order with this orderRef", "orderRef"));
        if (o.paidAt() == null) {
            throw new AdminRefusal(409, "only a paid order is aged", "orderRef");
        }
        return Envelope.response(200, Envelope.of(200, orderRef + " paid " + days + " day(s) earlier")
                .add("paidAt", o.paidAt().toInstant().toString()).build());
    }

    /** The company's latency from now on: every answer of its API waits a delay drawn from it, then is served. */
    @PUT
    @Path("{paymentMethod}/latency")
    public Response setLatency(@PathParam("paymentMethod") String paymentMethod, InputStream body) {
        String company = AdminRequests.paymentMethod(paymentMethod);
        latencies.set(company, AdminRequests.latency(Bodies.read(body), http.getContentType()));
        return latency(company);
    }

    /** The company's latency: {@code {"code":200,"distribution","p50Ms","p99Ms"}}. */
    @GET
    @Path("{paymentMethod}/latency")
    public Response latency(@PathParam("paymentMethod") String paymentMethod) {
        Latency l = latencies.of(AdminRequests.paymentMethod(paymentMethod));
        return Envelope.response(200, JsonText.object().add("code", 200).add("distribution", l.distribution().name())
                .add("p50Ms", l.p50Ms()).add("p99Ms", l.p99Ms()).build());
    }

    /** The company answers at once again. */
    @DELETE
    @Path("{paymentMethod}/latency")
    public Response clearLatency(@PathParam("paymentMethod") String paymentMethod) {
        latencies.set(AdminRequests.paymentMethod(paymentMethod), Latency.NONE);
        return Envelope.response(200, "latency cleared", null);
    }

    /**
     * Sets the company's payout terms of the day for one currency (the same currency again replaces
     * them); payouts accepted from now on take them. 400 naming the field for a bad value.
     */
    @PUT
    @Path("{paymentMethod}/payout-terms")
    public Response setPayoutTerms(@PathParam("paymentMethod") String paymentMethod, InputStream body) {
        String company = AdminRequests.paymentMethod(paymentMethod);
        Payouts.Terms set = payouts.setTerms(company,
                AdminRequests.payoutTerms(Bodies.read(body), http.getContentType(), Companies.today()));
        return Envelope.response(200, terms(JsonText.object().add("code", 200), set).add("configured", true).build());
    }

    /** The terms the company pays out in: those configured and, while GBP has none, the default GBP terms. */
    @GET
    @Path("{paymentMethod}/payout-terms")
    public Response payoutTerms(@PathParam("paymentMethod") String paymentMethod) {
        String company = AdminRequests.paymentMethod(paymentMethod);
        JsonArrayBuilder list = JsonText.array();
        for (Payouts.OfferedTerms t : payouts.offered(company)) {
            list.add(terms(JsonText.object(), t.terms()).add("configured", t.configured()));
        }
        return Envelope.response(200, JsonText.object().add("code", 200).add("terms", list).build());
    }

    /** Removes the terms configured for {@code ?currency=} (GBP falls back to the default); 404 when there were none. */
    @DELETE
    @Path("{paymentMethod}/payout-terms")
    public Response clearPayoutTerms(@PathParam("paymentMethod") String paymentMethod, @QueryParam("currency") String currency) {
        String company = AdminRequests.paymentMethod(paymentMethod);
        if (!payouts.clearTerms(company, AdminRequests.currency(currency))) {
            throw new AdminRefusal(404, company + " has no payout terms configured for " + currency, "currency");
        }
        return Envelope.response(200, "payout terms for " + currency + " removed", null);
    }

    /** The account's payouts accepted from now on end FAILED with the reason given, once their delay has passed. */
    @POST
    @Path(ACCOUNT + "/payouts/failure")
    public Response arrangePayoutFailure(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            InputStream body) {
        Party party = account(paymentMethod, merchant);
        String reason = AdminRequests.failureReason(Bodies.read(body), http.getContentType());
        payouts.arrangeFailure(party, reason);
        return Envelope.response(200, Envelope.of(200, "payouts accepted from now on fail").add("reason", reason).build());
    }

    /** The account's payouts accepted from now on are paid again. */
    @DELETE
    @Path(ACCOUNT + "/payouts/failure")
    public Response clearPayoutFailure(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant) {
        Party party = account(paymentMethod, merchant);
        payouts.arrangeFailure(party, null);
        return Envelope.response(200, "payouts accepted from now on are paid", null);
    }

    /**
     * The account's CNY funds as of now, derived from its books (due payouts are paid or failed
     * first), its beneficiary (masked) and its payouts, newest first.
     */
    @GET
    @Path(ACCOUNT + "/funds")
    public Response funds(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant) {
        Party party = account(paymentMethod, merchant);
        Payouts.Funds f = payouts.funds(party.accountId());
        JsonObjectBuilder answer = JsonText.object().add("code", 200).add("available", f.balance().available())
                .add("held", f.balance().held()).add("inTransit", f.balance().inTransit()).add("paidOut", f.balance().paidOut())
                .add("pending", f.balance().pending());
        Payouts.BeneficiaryView b = f.beneficiary();
        if (b == null) {
            answer.addNull("beneficiary");
        } else {
            answer.add("beneficiary", JsonText.object().add("holderName", b.holderName()).add("accountNumber", b.accountNumber())
                    .add("swiftCode", b.swiftCode()).add("bankCountry", b.bankCountry()).add("currency", b.currency()));
        }
        JsonArrayBuilder list = JsonText.array();
        for (Payouts.PayoutView p : f.payouts()) {
            JsonObjectBuilder item = JsonText.object().add("payoutNo", p.payoutNo()).add("payoutId", p.payoutId())
                    .add("state", p.state()).add("amount", p.amount()).add("currency", p.currency()).add("fee", p.fee())
                    .add("rate", PayoutRules.rateText(p.rate())).add("rateDate", p.rateDate().toString())
                    .add("targetAmount", p.targetAmount()).add("targetCurrency", p.targetCurrency());
            nullable(item, "failReason", p.failReason());
            item.add("acceptedAt", p.acceptedAt().toInstant().toString());
            nullable(item, "paidAt", p.paidAt() == null ? null : p.paidAt().toInstant().toString());
            list.add(item);
        }
        return Envelope.response(200, answer.add("payouts", list).build());
    }

    /** The requests the company received for this account, optionally of one kind and/or about one order. */
    @GET
    @Path(ACCOUNT + "/requests")
    public Response requests(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @QueryParam("kind") String kind, @QueryParam("orderRef") String orderRef) {
        Party party = account(paymentMethod, merchant);
        var logged = requestLog.list(party.accountId(), AdminRequests.kind(kind), AdminRequests.orderRefFilter(orderRef));
        JsonArrayBuilder list = JsonText.array();
        for (RequestLog.Logged r : logged) {
            list.add(logged(r.kind(), "orderRef", r.orderRef(), r.status(), r.at()));
        }
        return Envelope.response(200, JsonText.object().add("code", 200).add("count", logged.size()).add("requests", list).build());
    }

    @GET
    @Path(ACCOUNT + "/orders/{orderRef}")
    public Response order(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef) {
        Party party = account(paymentMethod, merchant);
        Books.OrderView o = (AdminRequests.couldBeOrderRef(orderRef) ? books.order(party.accountId(), orderRef)
                : java.util.Optional.<Books.OrderView>empty())
                .orElseThrow(() -> new AdminRefusal(404, "the company has no order with this orderRef", "orderRef"));
        JsonObjectBuilder answer = JsonText.object().add("code", 200).add("orderRef", o.orderRef()).add("state", o.state().name())
                .add("amount", o.amount()).add("currency", o.currency()).add("tradeType", o.tradeType())
                .add("heldForSettlement", o.heldForSettlement());
        if (o.transactionId() == null) {
            answer.addNull("transactionId");
        } else {
            answer.add("transactionId", o.transactionId());
        }
        // The refunds the company made of it (what a test checks "never refunded twice" against).
        JsonArrayBuilder refunds = JsonText.array();
        for (Books.RefundView r : books.refunds(party.accountId(), orderRef)) {
            refunds.add(JsonText.object().add("refundNo", r.refundNo()).add("refundId", r.refundId()).add("amount", r.amount())
                    .add("state", r.state()));
        }
        return Envelope.response(200, answer.add("refunds", refunds).build());
    }

    /** The callbacks the company wrote for the order (its payment, close and refunds), oldest first, and how they went. */
    @GET
    @Path(ACCOUNT + "/orders/{orderRef}/callbacks")
    public Response callbacks(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef) {
        Party party = account(paymentMethod, merchant);
        if (!AdminRequests.couldBeOrderRef(orderRef) || books.order(party.accountId(), orderRef).isEmpty()) {
            throw new AdminRefusal(404, "the company has no order with this orderRef", "orderRef");
        }
        JsonArrayBuilder list = JsonText.array();
        for (Outbox.CallbackView c : outbox.list(party.accountId(), orderRef)) {
            JsonObjectBuilder item = JsonText.object().add("kind", c.kind());
            nullable(item, "refundNo", c.refundNo());
            item.add("url", c.url()).add("state", c.state().name()).add("attempts", c.attempts());
            if (c.lastStatus() == null) {
                item.addNull("lastStatus");
            } else {
                item.add("lastStatus", c.lastStatus());
            }
            item.add("createdAt", c.createdAt().toInstant().toString());
            nullable(item, "deliveredAt", c.deliveredAt() == null ? null : c.deliveredAt().toInstant().toString());
            list.add(item);
        }
        return Envelope.response(200, JsonText.object().add("code", 200).add("callbacks", list).build());
    }

    /** Sends the order's delivered callbacks again, as a company repeats a notification; {@code resent} how many. */
    @POST
    @Path(ACCOUNT + "/orders/{orderRef}/callbacks/resend")
    public Response resendCallbacks(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef) {
        Party party = account(paymentMethod, merchant);
        if (!AdminRequests.couldBeOrderRef(orderRef) || books.order(party.accountId(), orderRef).isEmpty()) {
            throw new AdminRefusal(404, "the company has no order with this orderRef", "orderRef");
        }
        return Envelope.response(200, JsonText.object().add("code", 200).add("resent", outbox.sendAgain(party.accountId(), orderRef)).build());
    }

    private static JsonObjectBuilder terms(JsonObjectBuilder into, Payouts.Terms t) {
        return into.add("currency", t.currency()).add("rate", PayoutRules.rateText(t.rate())).add("rateDate", t.rateDate().toString())
                .add("feeFixed", t.feeFixed()).add("feePercent", PayoutRules.percentText(t.feePercent()))
                .add("paidAfterSeconds", t.paidAfterSeconds());
    }

    private static JsonObjectBuilder difference(JsonObjectBuilder into, Bills.Arranged a) {
        into.add("kind", a.difference().kind().name());
        nullable(into, "reference", a.difference().reference());
        if (a.difference().seconds() == null) {
            into.addNull("seconds");
        } else {
            into.add("seconds", a.difference().seconds());
        }
        return into.add("createdAt", a.createdAt().toInstant().toString());
    }

    /** A request log's line: its kind, the order it named (null when none), the status answered (null while stalled), when. */
    static JsonObjectBuilder logged(String kind, String orderName, String order, Integer status, java.time.OffsetDateTime at) {
        JsonObjectBuilder item = JsonText.object().add("kind", kind);
        nullable(item, orderName, order);
        if (status == null) {
            item.addNull("status");
        } else {
            item.add("status", status);
        }
        return item.add("at", at.toInstant().toString());
    }

    static void nullable(JsonObjectBuilder item, String name, String value) {
        if (value == null) {
            item.addNull(name);
        } else {
            item.add(name, value);
        }
    }

    private Party account(String paymentMethod, String merchant) {
        String company = AdminRequests.paymentMethod(paymentMethod);
        return (AdminRequests.couldBeMerchant(merchant) ? accounts.byMerchant(company, merchant) : java.util.Optional.<Party>empty())
                .orElseThrow(() -> new AdminRefusal(404, "no " + company + " account was opened under this merchant name", "merchant"));
    }
}
