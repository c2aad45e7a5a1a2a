package org.cbec.company.betapay;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.cbec.company.HeldMoney;
import org.cbec.company.Json;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.plumbing.json.Jsonp;

/**
 * betapay's royalty (settlement) wire format, Alipay style (docs/companies/betapay.md, "Settlement"):
 * the {@code biz_content} of each royalty method built from the broker's values, and the answers read
 * back into them. Receiver types: the broker's {@code MERCHANT} is Alipay's {@code userId}, its
 * {@code PERSONAL} a {@code loginName}. Amounts are yuan text, converted exactly from fen.
 */
final class BetapayRoyalty {

    static final String BIND = "betapay.trade.royalty.relation.bind";
    static final String UNBIND = "betapay.trade.royalty.relation.unbind";
    static final String SETTLE = "betapay.trade.order.settle";
    static final String SETTLE_QUERY = "betapay.trade.order.settle.query";
    static final String ONSETTLE_QUERY = "betapay.trade.order.onsettle.query";
    /** The company has no split or release with that number: the query's answer is "none", not a refusal. */
    static final String SETTLE_NOT_EXIST = "ACQ.SETTLE_NOT_EXIST";

    private static final ZoneId GATEWAY_ZONE = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter GATEWAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private BetapayRoyalty() {
    }

    /**
     * The bind's biz_content. The name goes in clear, as Alipay takes it (signed, over TLS); the
     * relation type travels in betapay's own members {@code relation_type} and {@code custom_relation}
     * (Alipay has none), so {@code memo} stays the merchant's free text and is not used.
     */
    static String bindBiz(SettlementReceiver r, String requestNo) {
        JsonObjectBuilder receiver = Jsonp.object().add("type", wireType(r.type())).add("account", r.account());
        Json.putIfPresent(receiver, "name", r.name());
        Json.putIfPresent(receiver, "relation_type", r.relationType());
        Json.putIfPresent(receiver, "custom_relation", r.customRelation());
        return Jsonp.object().add("receiver_list", Jsonp.array().add(receiver)).add("out_request_no", requestNo).build().toString();
    }

    /** The bind's biz_content as it is stored: the name masked (personal data). */
    static String bindBizRedacted(SettlementReceiver r, String requestNo) {
        return r.name() == null ? bindBiz(r, requestNo)
                : bindBiz(new SettlementReceiver(r.type(), r.account(), "*", r.relationType(), r.customRelation()), requestNo);
    }

    static String unbindBiz(String type, String account, String requestNo) {
        return Jsonp.object()
                .add("receiver_list", Jsonp.array().add(Jsonp.object().add("type", wireType(type)).add("account", account)))
                .add("out_request_no", requestNo).build().toString();
    }

    /** A split: the split number is {@code out_request_no}; each part a {@code transfer}; always asynchronous. */
    static String settleBiz(SplitRequest s) {
        JsonArrayBuilder parameters = Jsonp.array();
        for (SplitRequest.Part p : s.parts()) {
            JsonObjectBuilder parameter = Jsonp.object()
                    .add("royalty_type", "transfer")
                    .add("trans_in_type", wireType(p.type()))
                    .add("trans_in", p.account())
                    .add("amount", BetapayMoney.yuan(p.amount()));
            Json.putIfPresent(parameter, "desc", p.description());
            parameters.add(parameter);
        }
        return Jsonp.object()
                .add("out_request_no", s.splitNo())
                .add("trade_no", s.transactionId())
                .add("royalty_parameters", parameters)
                .add("extend_params", Jsonp.object().add("royalty_finish", Boolean.toString(s.finish())))
                .add("royalty_mode", "async")
                .build().toString();
    }

    /**
     * A release is Alipay's settle that finishes the royalties without parameters: what is still
     * frozen goes to the merchant. Alipay's settle has no member for a description, so the
     * release's is not sent.
     */
    static String releaseBiz(ReleaseRequest r) {
        return Jsonp.object()
                .add("out_request_no", r.releaseNo())
                .add("trade_no", r.transactionId())
                .add("extend_params", Jsonp.object().add("royalty_finish", "true"))
                .add("royalty_mode", "async")
                .build().toString();
    }

    static String settleQueryBiz(String transactionId, String splitNo) {
        return Jsonp.object().add("out_request_no", splitNo).add("trade_no", transactionId).build().toString();
    }

    static String onsettleQueryBiz(String transactionId) {
        return Jsonp.object().add("trade_no", transactionId).build().toString();
    }

    /** A settle accepted: asynchronous, so still processing, each part pending. */
    static SplitStatus accepted(String splitNo, List<SplitRequest.Part> parts, JsonObject node) {
        List<SplitStatus.Part> pending = parts.stream()
                .map(p -> new SplitStatus.Part(p.type(), p.account(), p.amount(), SplitStatus.Result.PENDING, null, null))
                .toList();
        return new SplitStatus(splitNo, Json.string(node, "settle_no"), SplitStatus.State.PROCESSING, pending);
    }

    /**
     * The settle query's node: each {@code royalty_detail_list} entry is a part (PROCESSING →
     * PENDING, SUCCESS, FAIL → CLOSED with {@code error_desc} as the reason; {@code execute_dt} is its
     * finish time once final); the split is FINISHED when no part is processing.
     *
     * @throws IllegalArgumentException when an amount, state or time is not betapay's
     */
    static SplitStatus splitStatus(String splitNo, JsonObject node) {
        List<SplitStatus.Part> parts = new ArrayList<>();
        JsonValue list = node.get("royalty_detail_list");
        if (list != null && list.getValueType() == JsonValue.ValueType.ARRAY) {
            for (JsonValue v : list.asJsonArray()) {
                parts.add(part(v.asJsonObject()));
            }
        }
        boolean processing = parts.stream().anyMatch(p -> p.result() == SplitStatus.Result.PENDING);
        String number = Json.string(node, "out_request_no");
        return new SplitStatus(number != null ? number : splitNo, Json.string(node, "settle_no"),
                processing ? SplitStatus.State.PROCESSING : SplitStatus.State.FINISHED, parts);
    }

    private static SplitStatus.Part part(JsonObject d) {
        String state = Json.string(d, "state");
        SplitStatus.Result result = switch (state == null ? "" : state) {
            case "PROCESSING" -> SplitStatus.Result.PENDING;
            case "SUCCESS" -> SplitStatus.Result.SUCCESS;
            case "FAIL" -> SplitStatus.Result.CLOSED;
            default -> throw new IllegalArgumentException("unknown royalty detail state");
        };
        String executed = Json.string(d, "execute_dt");
        OffsetDateTime finished = result == SplitStatus.Result.PENDING || executed == null ? null
                : LocalDateTime.parse(executed, GATEWAY_TIME).atZone(GATEWAY_ZONE).toOffsetDateTime();
        return new SplitStatus.Part(brokerType(Json.string(d, "trans_in_type")), Json.string(d, "trans_in"),
                BetapayMoney.fen(Json.string(d, "amount")), result,
                result == SplitStatus.Result.CLOSED ? Json.string(d, "error_desc") : null, finished);
    }

    static HeldMoney heldMoney(String transactionId, JsonObject node) {
        String tradeNo = Json.string(node, "trade_no");
        return new HeldMoney(tradeNo != null ? tradeNo : transactionId, BetapayMoney.fen(Json.string(node, "unsettled_amount")));
    }

    /** The broker's receiver type as Alipay's account type. */
    static String wireType(String type) {
        return switch (type) {
            case "MERCHANT" -> "userId";
            case "PERSONAL" -> "loginName";
            default -> throw new IllegalArgumentException("betapay has no receiver type " + type);
        };
    }

    static String brokerType(String wireType) {
        if ("userId".equals(wireType)) {
            return "MERCHANT";
        }
        if ("loginName".equals(wireType)) {
            return "PERSONAL";
        }
        throw new IllegalArgumentException("unknown trans_in_type");
    }
}
