package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.books.Settlements;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;

/**
 * betapay's royalty (settlement) methods, Alipay style (docs/companies/betapay.md, "Settlement"):
 * binding and unbinding receivers, the settle that splits a frozen trade's money (or, finishing
 * without parameters, releases it), and the two queries. Reads each {@code biz_content} as
 * {@link BetapayOperations} reads the payment methods and calls {@link Settlements}, which knows no
 * wire format. Receiver types: {@code userId} is the books' {@code MERCHANT}, {@code loginName} a
 * {@code PERSONAL} receiver; any account text is taken.
 */
@ApplicationScoped
public class BetapayRoyalties {

    /** At Alipay a bind takes a handful of receivers at once; betapay takes up to twenty. */
    static final int MAX_BIND = 20;
    static final int MAX_PAGE_SIZE = 100;

    @Inject
    Settlements settlements;

    BetapayOperations.Call bind(Party party, JsonObject biz) {
        Members.text(biz, "out_request_no", BetapayOperations.REQUEST_NO, BetapayOperations.REQUEST_NO_RULE);
        List<Settlements.ReceiverTerms> receivers = receivers(biz, BetapayRoyalties::receiver);
        // Each receiver is bound in turn; one refused leaves those before it bound, which a bind
        // sent again (binding is no change for a bound receiver) does not mind.
        return new BetapayOperations.Call(null, () -> {
            for (Settlements.ReceiverTerms r : receivers) {
                Settlements.ReceiverOutcome outcome = settlements.addReceiver(party, r);
                if (outcome.refusal() != null) {
                    return BetapayNode.businessFailed(subCode(outcome.refusal()), outcome.reason());
                }
            }
            return BetapayNode.success().add("result_code", "SUCCESS").build().toString();
        });
    }

    BetapayOperations.Call unbind(Party party, JsonObject biz) {
        Members.text(biz, "out_request_no", BetapayOperations.REQUEST_NO, BetapayOperations.REQUEST_NO_RULE);
        List<String[]> receivers = receivers(biz, r -> new String[] {type(r, "type"), Members.text(r, "account", 100)});
        // A receiver the account does not have is unbound already: a success too.
        return new BetapayOperations.Call(null, () -> {
            receivers.forEach(r -> settlements.deleteReceiver(party, r[0], r[1]));
            return BetapayNode.success().add("result_code", "SUCCESS").build().toString();
        });
    }

    BetapayOperations.Call batchQuery(Party party, JsonObject biz) {
        Members.text(biz, "out_request_no", BetapayOperations.REQUEST_NO, BetapayOperations.REQUEST_NO_RULE);
        int page = (int) (long) Members.optionalInteger(biz, "page_num", 1, 10_000).orElse(1L);
        int size = (int) (long) Members.optionalInteger(biz, "page_size", 1, MAX_PAGE_SIZE).orElse(20L);
        return new BetapayOperations.Call(null, () -> {
            List<Settlements.ReceiverView> all = settlements.receivers(party.accountId());
            JsonArrayBuilder list = JsonText.array();
            // The name is personal data: the company does not give it back.
            all.stream().skip((long) (page - 1) * size).limit(size).forEach(r -> {
                JsonObjectBuilder receiver = JsonText.object().add("type", wireType(r.type())).add("account", r.account());
                putIfPresent(receiver, "relation_type", r.relationType());
                putIfPresent(receiver, "custom_relation", r.customRelation());
                list.add(receiver);
            });
            return BetapayNode.success().add("result_code", "SUCCESS").add("receiver_list", list)
                    .add("total_page_num", (all.size() + size - 1) / size).add("total_record_num", all.size())
                    .add("current_page_num", page).add("current_page_size", size).build().toString();
        });
    }

    /**
     * A settle with {@code royalty_parameters} is a split (logged as such); one without them that
     * finishes ({@code extend_params.royalty_finish} "true") is a release of what is still frozen.
     */
    BetapayOperations.Call settle(Party party, JsonObject biz) {
        String splitNo = Members.text(biz, "out_request_no", BetapayOperations.REQUEST_NO, BetapayOperations.REQUEST_NO_RULE);
        String tradeNo = Members.text(biz, "trade_no", 64);
        boolean finish = Members.optionalObject(biz, "extend_params")
                .flatMap(e -> Members.nested("extend_params", () -> Members.optionalFlagText(e, "royalty_finish"))).orElse(false);
        if (!Members.optionalText(biz, "royalty_mode", 8).orElse("async").equals("async")) {
            throw new Members.Invalid("royalty_mode", "royalty_mode must be async: betapay splits asynchronously");
        }
        List<Settlements.PartTerms> parts = list(biz, "royalty_parameters", false, p -> {
            if (!Members.optionalText(p, "royalty_type", 16).orElse("transfer").equals("transfer")) {
                throw new Members.Invalid("royalty_type", "royalty_type must be transfer");
            }
            return new Settlements.PartTerms(type(p, "trans_in_type"), Members.text(p, "trans_in", 100), amount(p),
                    Members.optionalText(p, "desc", 1000).orElse(null));
        });
        String orderRef = orderRef(party, tradeNo);
        if (parts.isEmpty()) {
            if (!finish) {
                throw new Members.Invalid("royalty_parameters",
                        "royalty_parameters is required unless extend_params.royalty_finish is \"true\"");
            }
            return new BetapayOperations.Call(orderRef, RequestLog.RELEASE,
                    () -> accepted(settlements.release(party, null, tradeNo, splitNo, null)));
        }
        Settlements.SplitTerms terms = new Settlements.SplitTerms(null, tradeNo, splitNo, parts, finish);
        return new BetapayOperations.Call(orderRef, RequestLog.SPLIT, () -> accepted(settlements.split(party, terms)));
    }

    /** Found by {@code out_request_no} of the {@code trade_no}; a {@code settle_no}, when sent, must be that settle's. */
    BetapayOperations.Call settleQuery(Party party, JsonObject biz) {
        String splitNo = Members.text(biz, "out_request_no", BetapayOperations.REQUEST_NO, BetapayOperations.REQUEST_NO_RULE);
        String tradeNo = Members.text(biz, "trade_no", 64);
        Optional<String> settleNo = Members.optionalText(biz, "settle_no", 64);
        return new BetapayOperations.Call(orderRef(party, tradeNo), () -> settlements.split(party.accountId(), null, tradeNo, splitNo)
                .filter(v -> settleNo.isEmpty() || settleNo.get().equals(v.splitId()))
                .map(v -> details(v, party.companyMerchantId()))
                .orElseGet(() -> BetapayNode.businessFailed("ACQ.SETTLE_NOT_EXIST", "no settle with this out_request_no of this trade")));
    }

    BetapayOperations.Call onsettleQuery(Party party, JsonObject biz) {
        String tradeNo = Members.text(biz, "trade_no", 64);
        return new BetapayOperations.Call(orderRef(party, tradeNo), () -> settlements.held(party.accountId(), null, tradeNo)
                .map(h -> BetapayNode.success().add("unsettled_amount", Yuan.text(h.unsplit())).build().toString())
                .orElseGet(() -> BetapayNode.businessFailed("ACQ.TRADE_NOT_EXIST", "no trade with this trade_no")));
    }

    // ---- reading -------------------------------------------------------------------------------

    /** The order a trade_no names, for the request log and for faults set on an order; null when unknown. */
    private String orderRef(Party party, String tradeNo) {
        return settlements.held(party.accountId(), null, tradeNo).map(Settlements.HeldView::orderRef).orElse(null);
    }

    private static <T> List<T> receivers(JsonObject biz, Function<JsonObject, T> read) {
        List<T> receivers = list(biz, "receiver_list", true, read);
        if (receivers.size() > MAX_BIND) {
            throw new Members.Invalid("receiver_list", "receiver_list must have 1 to " + MAX_BIND + " receivers");
        }
        return receivers;
    }

    /** An array of objects, each read with its members named {@code name[i].member}. */
    private static <T> List<T> list(JsonObject biz, String name, boolean required, Function<JsonObject, T> read) {
        JsonValue v = biz.get(name);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            if (required) {
                throw new Members.Invalid(name, name + " is required");
            }
            return List.of();
        }
        if (v.getValueType() != JsonValue.ValueType.ARRAY || (required && v.asJsonArray().isEmpty())) {
            throw new Members.Invalid(name, name + " must be " + (required ? "a non-empty " : "an ") + "array of objects");
        }
        JsonArray array = v.asJsonArray();
        List<T> items = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String element = name + "[" + i + "]";
            if (array.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
                throw new Members.Invalid(element, element + " must be an object");
            }
            JsonObject item = array.getJsonObject(i);
            items.add(Members.nested(element, () -> read.apply(item)));
        }
        return items;
    }

    /**
     * A receiver to bind: the name in clear (Alipay takes it so; it is signed and sent over TLS), the
     * relation in betapay's own members {@code relation_type} and {@code custom_relation}; {@code memo}
     * is the merchant's free text, read and not kept.
     */
    private static Settlements.ReceiverTerms receiver(JsonObject r) {
        String type = type(r, "type");
        String account = Members.text(r, "account", 100);
        String name = Members.optionalText(r, "name", 128).orElse(null);
        Members.optionalText(r, "memo", 1000);
        return new Settlements.ReceiverTerms(type, account, name, Members.optionalText(r, "relation_type", 32).orElse(null),
                Members.optionalText(r, "custom_relation", 64).orElse(null));
    }

    private static String type(JsonObject o, String member) {
        return switch (Members.text(o, member, 16)) {
            case "userId" -> "MERCHANT";
            case "loginName" -> "PERSONAL";
            default -> throw new Members.Invalid(member, member + " must be userId or loginName");
        };
    }

    private static long amount(JsonObject p) {
        String text = Members.optionalNumeral(p, "amount").orElseThrow(() -> new Members.Invalid("amount", "amount is required"));
        long fen;
        try {
            fen = Yuan.fen(text);
        } catch (IllegalArgumentException e) {
            throw new Members.Invalid("amount", "amount must be yuan with at most two decimals, like 25.99");
        }
        if (fen < 1) {
            throw new Members.Invalid("amount", "amount must be at least 0.01");
        }
        return fen;
    }

    // ---- answers -------------------------------------------------------------------------------

    private static String accepted(Settlements.SplitOutcome outcome) {
        if (outcome.refusal() != null) {
            return BetapayNode.businessFailed(subCode(outcome.refusal()), outcome.reason());
        }
        return BetapayNode.success().add("trade_no", outcome.split().transactionId()).add("settle_no", outcome.split().splitId())
                .build().toString();
    }

    /**
     * The settle query's node; {@code settle_no} is betapay's addition to Alipay's answer. A part to
     * the merchant itself (a release, or what a settle that finishes leaves) is a {@code finish}.
     */
    private static String details(Settlements.SplitView v, String merchantId) {
        JsonArrayBuilder list = JsonText.array();
        for (int i = 0; i < v.parts().size(); i++) {
            Settlements.PartView p = v.parts().get(i);
            boolean toMerchant = "RELEASE".equals(v.kind()) || "MERCHANT".equals(p.type()) && p.account().equals(merchantId);
            JsonObjectBuilder d = JsonText.object().add("operation_type", toMerchant ? "finish" : "transfer");
            if (p.finishedAt() != null) {
                d.add("execute_dt", BetapayOperations.gatewayTime(p.finishedAt()));
            }
            d.add("trans_in", p.account())
                    .add("trans_in_type", wireType(p.type()))
                    .add("amount", Yuan.text(p.amount()))
                    .add("state", switch (p.result()) {
                        case "SUCCESS" -> "SUCCESS";
                        case "CLOSED" -> "FAIL";
                        default -> "PROCESSING";
                    })
                    .add("detail_id", v.splitId() + String.format("%02d", i + 1));
            if ("CLOSED".equals(p.result())) {
                d.add("error_code", "ROYALTY_TRANS_IN_FAIL").add("error_desc", p.failReason() != null ? p.failReason() : "the transfer failed");
            }
            list.add(d);
        }
        return BetapayNode.success()
                .add("out_request_no", v.splitNo())
                .add("settle_no", v.splitId())
                .add("operation_dt", BetapayOperations.gatewayTime(v.createdAt()))
                .add("royalty_detail_list", list)
                .build().toString();
    }

    private static String wireType(String type) {
        return "PERSONAL".equals(type) ? "loginName" : "userId";
    }

    private static void putIfPresent(JsonObjectBuilder o, String name, String value) {
        if (value != null) {
            o.add(name, value);
        }
    }

    /** The sub_code of a refusal of the settlements (docs/companies/betapay.md lists them). */
    static String subCode(Settlements.Refusal refusal) {
        return switch (refusal) {
            case ORDER_NOT_EXIST -> "ACQ.TRADE_NOT_EXIST";
            case ORDER_NOT_HELD -> "ACQ.TRADE_STATUS_ERROR";
            case ALREADY_RELEASED -> "ACQ.ROYALTY_FINISHED";
            case RECEIVER_NOT_REGISTERED -> "ACQ.ROYALTY_RECEIVER_NOT_BIND";
            case SHARE_EXCEEDED -> "ACQ.ALLOC_AMOUNT_VALIDATE_ERROR";
            case NOT_ENOUGH_HELD -> "ACQ.TXN_RESULT_ACCOUNT_BALANCE_NOT_ENOUGH";
            case SPLIT_CONFLICT -> "ACQ.DISCORDANT_REPEAT_REQUEST";
            case TOO_MANY -> "ACQ.ROYALTY_COUNT_EXCEEDED";
            case INVALID_REQUEST -> "ACQ.INVALID_PARAMETER";
        };
    }
}
