package org.cbec.company.alphapay;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.HeldMoney;
import org.cbec.company.Json;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.plumbing.json.Jsonp;

/**
 * alphapay's settlement wire format (WeChat Pay v3 profit sharing, docs/companies/alphapay.md
 * "Settlement"): the paths and bodies of the receiver, split, unfreeze and amount operations, and
 * its split orders read into the broker's {@link SplitStatus}. Kept apart from the HTTP flow in
 * {@link AlphapayCompany}, as the create's body and the refund record are kept in static methods
 * there, so that the vectors test the wire without a company.
 */
final class AlphapayProfitSharing {

    static final String RECEIVER_ADD_PATH = "/v3/profitsharing/receivers/add";
    static final String RECEIVER_DELETE_PATH = "/v3/profitsharing/receivers/delete";
    static final String ORDERS_PATH = "/v3/profitsharing/orders";
    static final String UNFREEZE_PATH = ORDERS_PATH + "/unfreeze";

    private AlphapayProfitSharing() {
    }

    /**
     * The company's receiver type for the broker's: {@code MERCHANT} is a merchant id at the
     * company, {@code PERSONAL} a wallet user's openid under the account's app.
     */
    static String wireType(String brokerType) {
        return switch (brokerType) {
            case "MERCHANT" -> "MERCHANT_ID";
            case "PERSONAL" -> "PERSONAL_OPENID";
            default -> throw new IllegalArgumentException("no alphapay receiver type for " + brokerType);
        };
    }

    /** The broker's receiver type for the company's; a type the broker does not know is kept as the company wrote it. */
    static String brokerType(String wireType) {
        if (wireType == null) {
            return null;
        }
        return switch (wireType) {
            case "MERCHANT_ID" -> "MERCHANT";
            case "PERSONAL_OPENID" -> "PERSONAL";
            default -> wireType;
        };
    }

    /** The add's body; the name travels encrypted under the company's key (OAEP is randomised: each send differs). */
    static String receiverAddBody(CompanyAccount account, SettlementReceiver receiver) {
        JsonObjectBuilder body = Jsonp.object()
                .add("appid", account.appId())
                .add("type", wireType(receiver.type()))
                .add("account", receiver.account());
        if (receiver.name() != null) {
            body.add("name", AlphapaySensitive.encrypt(account.companyKey(), receiver.name()));
        }
        body.add("relation_type", receiver.relationType());
        Json.putIfPresent(body, "custom_relation", receiver.customRelation());
        return body.build().toString();
    }

    static String receiverDeleteBody(CompanyAccount account, String type, String receiverAccount) {
        return Jsonp.object().add("appid", account.appId()).add("type", wireType(type)).add("account", receiverAccount)
                .build().toString();
    }

    static String splitBody(CompanyAccount account, SplitRequest split) {
        JsonArrayBuilder receivers = Jsonp.array();
        for (SplitRequest.Part part : split.parts()) {
            receivers.add(Jsonp.object()
                    .add("type", wireType(part.type()))
                    .add("account", part.account())
                    .add("amount", part.amount())
                    .add("description", part.description()));
        }
        return Jsonp.object()
                .add("appid", account.appId())
                .add("transaction_id", split.transactionId())
                .add("out_order_no", split.splitNo())
                .add("receivers", receivers)
                .add("unfreeze_unsplit", split.finish())
                .build().toString();
    }

    static String unfreezeBody(ReleaseRequest release) {
        return Jsonp.object()
                .add("transaction_id", release.transactionId())
                .add("out_order_no", release.releaseNo())
                .add("description", release.description())
                .build().toString();
    }

    static String queryPath(String splitNo, String transactionId) {
        return ORDERS_PATH + "/" + encode(splitNo) + "?transaction_id=" + encode(transactionId);
    }

    static String amountsPath(String transactionId) {
        return "/v3/profitsharing/transactions/" + encode(transactionId) + "/amounts";
    }

    /**
     * A split order (the split's, the unfreeze's and the query's answer). An unknown order state is
     * read as PROCESSING and an unknown receiver result as PENDING: not final, so the broker asks
     * again rather than settling on a word it does not know.
     *
     * @throws CompanyUnavailable when the answer lacks the order number or a receiver's amount
     */
    static SplitStatus splitStatus(String body) {
        JsonObject o = Json.object(body);
        String splitNo = Json.string(o, "out_order_no");
        if (splitNo == null) {
            throw new CompanyUnavailable("the company's split answer lacked out_order_no");
        }
        SplitStatus.State state = "FINISHED".equals(Json.string(o, "state")) ? SplitStatus.State.FINISHED : SplitStatus.State.PROCESSING;
        JsonArray receivers = o.get("receivers") instanceof JsonArray a ? a : JsonValue.EMPTY_JSON_ARRAY;
        List<SplitStatus.Part> parts = new ArrayList<>();
        for (JsonValue value : receivers) {
            JsonObject r = value instanceof JsonObject object ? object : JsonValue.EMPTY_JSON_OBJECT;
            Long amount = Json.number(r, "amount");
            if (amount == null) {
                throw new CompanyUnavailable("the company's split answer lacked a receiver's amount");
            }
            SplitStatus.Result result = result(Json.string(r, "result"));
            String finish = Json.string(r, "finish_time");
            parts.add(new SplitStatus.Part(brokerType(Json.string(r, "type")), Json.string(r, "account"), amount, result,
                    result == SplitStatus.Result.CLOSED ? Json.string(r, "fail_reason") : null,
                    result == SplitStatus.Result.PENDING || finish == null ? null : OffsetDateTime.parse(finish)));
        }
        return new SplitStatus(splitNo, Json.string(o, "order_id"), state, parts);
    }

    static SplitStatus.Result result(String wire) {
        if ("SUCCESS".equals(wire)) {
            return SplitStatus.Result.SUCCESS;
        }
        if ("CLOSED".equals(wire)) {
            return SplitStatus.Result.CLOSED;
        }
        return SplitStatus.Result.PENDING;
    }

    /** @throws CompanyUnavailable when the answer lacks the amount */
    static HeldMoney heldMoney(String body, String transactionId) {
        JsonObject o = Json.object(body);
        Long unsplit = Json.number(o, "unsplit_amount");
        if (unsplit == null) {
            throw new CompanyUnavailable("the company's amounts answer lacked unsplit_amount");
        }
        String id = Json.string(o, "transaction_id");
        return new HeldMoney(id != null ? id : transactionId, unsplit);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
