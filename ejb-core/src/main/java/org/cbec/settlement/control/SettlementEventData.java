package org.cbec.settlement.control;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.control.EventData;
import org.cbec.payment.entity.Settlement;
import org.cbec.platform.time.BeijingTime;
import org.cbec.settlement.SplitView;

/** The {@code data} of a split's or release's merchant event and its types, as the settlement query answers it. */
final class SettlementEventData {

    private SettlementEventData() {
    }

    /**
     * The merchant's events of one move of {@code after}: settlement.closed when it closed a part
     * ({@code partClosed}); once it entered FINISHED ({@code finished}), settlement.succeeded for a
     * split with a part paid and settlement.released for one that finishes the payment (a release,
     * or a split with {@code finish}).
     */
    static java.util.List<String> settlementTypes(SplitView after, boolean partClosed, boolean finished) {
        java.util.List<String> types = new java.util.ArrayList<>();
        if (partClosed) {
            types.add("settlement.closed");
        }
        if (finished && after.kind() == Settlement.Kind.SPLIT
                && after.parts().stream().anyMatch(p -> p.result() == org.cbec.payment.entity.PartResult.SUCCESS)) {
            types.add("settlement.succeeded");
        }
        if (finished && (after.kind() == Settlement.Kind.RELEASE || after.finish())) {
            types.add("settlement.released");
        }
        return types;
    }

    /** As the settlement query answers one split or release, accounts masked, without {@code stateDesc}. */
    static JsonObject settlement(SplitView s) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        o.add("paymentMethod", s.paymentMethod()).add("orderRef", s.orderRef()).add("settlementRef", s.settlementRef());
        EventData.nullable(o, "settlementId", s.settlementId());
        // Without stateDesc (as without code and message): an event says what happened, the query why it is still open.
        o.add("kind", s.kind().name()).add("state", s.state().shown());
        o.add("amount", s.amount()).add("finish", s.finish())
                .add("releasedByCompany", s.byCompany());
        EventData.nullable(o, "released", s.released());
        EventData.nullable(o, "description", s.description());
        jakarta.json.JsonArrayBuilder parts = Json.createArrayBuilder();
        for (SplitView.PartView p : s.parts()) {
            JsonObjectBuilder part = Json.createObjectBuilder().add("account", PaymentFormats.maskAccount(p.account()))
                    .add("amount", p.amount()).add("result", p.result().name());
            EventData.nullable(part, "description", p.description());
            EventData.nullable(part, "failReason", p.failReason());
            EventData.nullable(part, "finishTime", BeijingTime.format(p.finishedAt()));
            parts.add(part);
        }
        o.add("receivers", parts);
        EventData.nullable(o, "createTime", BeijingTime.format(s.createdAt()));
        EventData.nullable(o, "finishTime", BeijingTime.format(s.finishedAt()));
        return o.build();
    }
}
