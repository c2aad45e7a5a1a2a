package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.cbec.sandbox.alphapay.AlphapayOperations.Call;
import org.cbec.sandbox.alphapay.AlphapayOperations.Operation;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.Settlements;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;
import org.cbec.sandbox.codec.PlainText;

/**
 * alphapay's profit sharing (WeChat Pay v3 style; docs/companies/alphapay.md, "Settlement"): reads
 * the receiver, split, unfreeze and query requests into {@link Settlements}' terms and writes its
 * views as alphapay's split orders. The bodies carry no mchid (the Authorization header names the
 * account, as at WeChat Pay); a malformed member is a 400 PARAM_ERROR naming it. A receiver's name
 * arrives OAEP-encrypted under the company's key and is decrypted only to go to the books: it is
 * never echoed or logged.
 */
@ApplicationScoped
public class AlphapayProfitSharing {

    /** WeChat Pay's relation types between a merchant and a receiver. */
    static final Set<String> RELATION_TYPES = Set.of("SERVICE_PROVIDER", "STORE", "STAFF", "STORE_OWNER", "PARTNER", "HEADQUARTER",
            "BRAND", "DISTRIBUTOR", "USER", "SUPPLIER", "CUSTOM");
    static final int MAX_RECEIVERS = 50;
    static final Pattern TRANSACTION_ID = Pattern.compile("[A-Za-z0-9]{1,32}");
    static final String TRANSACTION_ID_RULE = "1 to 32 letters or digits";

    @Inject
    Settlements settlements;

    @Inject
    Accounts accounts;

    Call read(Operation operation, AlphapayRequest request, Party party) {
        return switch (operation) {
            case RECEIVER_ADD -> addReceiver(party, AlphapayOperations.jsonBody(request));
            case RECEIVER_DELETE -> deleteReceiver(party, AlphapayOperations.jsonBody(request));
            case SPLIT -> split(party, AlphapayOperations.jsonBody(request));
            case RELEASE -> release(party, AlphapayOperations.jsonBody(request));
            case SPLIT_QUERY -> query(party, request);
            case HELD_QUERY -> amounts(party, request);
            default -> throw new IllegalArgumentException(operation + " is not a profit-sharing operation");
        };
    }

    // ---- the operations ------------------------------------------------------------------------

    private Call addReceiver(Party party, JsonObject body) {
        requireOwnAppId(body, party);
        String type = receiverType(body);
        String account = Members.text(body, "account", 64);
        Optional<String> encryptedName = Members.optionalText(body, "name", 1024);
        String relation = Members.text(body, "relation_type", 32);
        if (!RELATION_TYPES.contains(relation)) {
            throw new Members.Invalid("relation_type", "relation_type must be one of " + String.join(", ", RELATION_TYPES.stream().sorted().toList()));
        }
        Optional<String> custom = Members.optionalText(body, "custom_relation", 10);
        if (relation.equals("CUSTOM") && custom.isEmpty()) {
            throw new Members.Invalid("custom_relation", "custom_relation is required with relation_type CUSTOM");
        }
        if (!relation.equals("CUSTOM") && custom.isPresent()) {
            throw new Members.Invalid("custom_relation", "custom_relation is given only with relation_type CUSTOM");
        }
        String name = encryptedName.map(this::decryptName).orElse(null);
        Settlements.ReceiverTerms terms = new Settlements.ReceiverTerms(type, account, name, relation, custom.orElse(null));
        return new Call(null, () -> {
            Settlements.ReceiverOutcome outcome = settlements.addReceiver(party, terms);
            if (outcome.refusal() != null) {
                return refusal(outcome.refusal(), outcome.reason());
            }
            Settlements.ReceiverView r = outcome.receiver();
            JsonObjectBuilder answer = JsonText.object().add("type", wireType(r.type())).add("account", r.account())
                    .add("relation_type", r.relationType());
            if (r.customRelation() != null) {
                answer.add("custom_relation", r.customRelation());
            }
            return AlphapayAnswer.ok(answer.build());
        });
    }

    /** Deleting a receiver the account does not have is no change, and answered as a deletion. */
    private Call deleteReceiver(Party party, JsonObject body) {
        requireOwnAppId(body, party);
        String type = receiverType(body);
        String account = Members.text(body, "account", 64);
        return new Call(null, () -> {
            settlements.deleteReceiver(party, type, account);
            return AlphapayAnswer.ok(JsonText.object().add("type", wireType(type)).add("account", account).build());
        });
    }

    private Call split(Party party, JsonObject body) {
        requireOwnAppId(body, party);
        String transactionId = Members.text(body, "transaction_id", TRANSACTION_ID, TRANSACTION_ID_RULE);
        String splitNo = Members.text(body, "out_order_no", AlphapayOperations.REFUND_NO, AlphapayOperations.REFUND_NO_RULE);
        List<Settlements.PartTerms> parts = parts(body);
        boolean unfreeze = Members.optionalBoolean(body, "unfreeze_unsplit")
                .orElseThrow(() -> new Members.Invalid("unfreeze_unsplit", "unfreeze_unsplit is required"));
        Settlements.SplitTerms terms = new Settlements.SplitTerms(null, transactionId, splitNo, parts, unfreeze);
        return new Call(orderRefOf(party, transactionId), () -> splitAnswer(settlements.split(party, terms)));
    }

    private Call release(Party party, JsonObject body) {
        String transactionId = Members.text(body, "transaction_id", TRANSACTION_ID, TRANSACTION_ID_RULE);
        String releaseNo = Members.text(body, "out_order_no", AlphapayOperations.REFUND_NO, AlphapayOperations.REFUND_NO_RULE);
        String description = Members.text(body, "description", 80);
        return new Call(orderRefOf(party, transactionId),
                () -> splitAnswer(settlements.release(party, null, transactionId, releaseNo, description)));
    }

    private Call query(Party party, AlphapayRequest request) {
        String splitNo = AlphapayOperations.pathNumber(request, "out_order_no", AlphapayOperations.REFUND_NO,
                AlphapayOperations.REFUND_NO_RULE);
        String transactionId = transactionIdParameter(AlphapayOperations.queryParameters(request));
        return new Call(orderRefOf(party, transactionId), () -> settlements.split(party.accountId(), null, transactionId, splitNo)
                .map(v -> AlphapayAnswer.ok(splitOrder(v)))
                .orElseGet(() -> AlphapayAnswer.refusal(404, "RESOURCE_NOT_EXISTS", "no split or unfreeze with this out_order_no")));
    }

    private Call amounts(Party party, AlphapayRequest request) {
        String transactionId = AlphapayOperations.pathNumber(request, "transaction_id", TRANSACTION_ID, TRANSACTION_ID_RULE);
        return new Call(orderRefOf(party, transactionId), () -> settlements.held(party.accountId(), null, transactionId)
                .map(h -> AlphapayAnswer.ok(JsonText.object().add("transaction_id", h.transactionId())
                        .add("unsplit_amount", h.unsplit()).build()))
                .orElseGet(() -> AlphapayAnswer.refusal(404, "ORDER_NOT_EXIST", "no order with this transaction_id")));
    }

    // ---- reading -------------------------------------------------------------------------------

    /** The order a transaction id names, for the request log and an order's faults (null when there is none). */
    private String orderRefOf(Party party, String transactionId) {
        return settlements.held(party.accountId(), null, transactionId).map(Settlements.HeldView::orderRef).orElse(null);
    }

    private static List<Settlements.PartTerms> parts(JsonObject body) {
        JsonValue value = body.get("receivers");
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            throw new Members.Invalid("receivers", "receivers is required");
        }
        if (!(value instanceof JsonArray receivers) || receivers.isEmpty() || receivers.size() > MAX_RECEIVERS) {
            throw new Members.Invalid("receivers", "receivers must be an array of 1 to " + MAX_RECEIVERS + " receivers");
        }
        List<Settlements.PartTerms> parts = new ArrayList<>();
        for (int i = 0; i < receivers.size(); i++) {
            String member = "receivers[" + i + "]";
            if (!(receivers.get(i) instanceof JsonObject r)) {
                throw new Members.Invalid(member, member + " must be an object");
            }
            parts.add(Members.nested(member, () -> new Settlements.PartTerms(receiverType(r), Members.text(r, "account", 64),
                    Members.integer(r, "amount", 1, AlphapayOperations.MAX_FEN), Members.text(r, "description", 80))));
        }
        return parts;
    }

    /** The books' receiver type for alphapay's: MERCHANT_ID is MERCHANT, PERSONAL_OPENID is PERSONAL. */
    private static String receiverType(JsonObject o) {
        return switch (Members.text(o, "type", 32)) {
            case "MERCHANT_ID" -> "MERCHANT";
            case "PERSONAL_OPENID" -> "PERSONAL";
            default -> throw new Members.Invalid("type", "type must be MERCHANT_ID or PERSONAL_OPENID");
        };
    }

    /** alphapay's receiver type for the books'. */
    static String wireType(String booksType) {
        return switch (booksType) {
            case "MERCHANT" -> "MERCHANT_ID";
            case "PERSONAL" -> "PERSONAL_OPENID";
            default -> booksType;
        };
    }

    private String decryptName(String ciphertext) {
        String name = PersonalData.decrypt(accounts.companySigner(AlphapayGate.COMPANY).privateKey(), "name", ciphertext);
        if (!PlainText.isPlain(name, 256)) {
            throw new Members.Invalid("name", "name must be 1 to 256 characters without control characters, encrypted");
        }
        return name;
    }

    private static String transactionIdParameter(Map<String, String> query) {
        String transactionId = query.get("transaction_id");
        if (transactionId == null) {
            throw new Members.Invalid("transaction_id", "transaction_id is required");
        }
        if (!TRANSACTION_ID.matcher(transactionId).matches()) {
            throw new Members.Invalid("transaction_id", "transaction_id must be " + TRANSACTION_ID_RULE);
        }
        return transactionId;
    }

    /** The appid is optional here, as at WeChat Pay; when given it must be the account's. */
    private static void requireOwnAppId(JsonObject body, Party party) {
        Members.optionalText(body, "appid", 64).ifPresent(appId -> {
            if (!appId.equals(party.appId())) {
                throw new Members.Invalid("appid", "appid does not belong to mchid " + party.companyMerchantId());
            }
        });
    }

    // ---- answers -------------------------------------------------------------------------------

    private static AlphapayAnswer splitAnswer(Settlements.SplitOutcome outcome) {
        return outcome.refusal() != null ? refusal(outcome.refusal(), outcome.reason()) : AlphapayAnswer.ok(splitOrder(outcome.split()));
    }

    /**
     * A split or an unfreeze as alphapay answers it: the order's members, then each receiver's part
     * ({@code fail_reason} only when CLOSED, {@code finish_time} only once final); a part's
     * {@code detail_id} is the order's id followed by its two-digit position.
     */
    static JsonObject splitOrder(Settlements.SplitView v) {
        JsonArrayBuilder receivers = JsonText.array();
        for (int i = 0; i < v.parts().size(); i++) {
            Settlements.PartView p = v.parts().get(i);
            JsonObjectBuilder r = JsonText.object().add("amount", p.amount());
            if (p.description() != null) {
                r.add("description", p.description());
            }
            r.add("type", wireType(p.type())).add("account", p.account()).add("result", p.result());
            if ("CLOSED".equals(p.result()) && p.failReason() != null) {
                r.add("fail_reason", p.failReason());
            }
            r.add("detail_id", v.splitId() + String.format("%02d", i + 1)).add("create_time", AlphapayOperations.beijing(v.createdAt()));
            if (p.finishedAt() != null) {
                r.add("finish_time", AlphapayOperations.beijing(p.finishedAt()));
            }
            receivers.add(r);
        }
        return JsonText.object()
                .add("transaction_id", v.transactionId())
                .add("out_order_no", v.splitNo())
                .add("order_id", v.splitId())
                .add("state", v.state())
                .add("receivers", receivers)
                .build();
    }

    /** The books' refusals in alphapay's codes (docs/companies/alphapay.md, "Settlement"). */
    static AlphapayAnswer refusal(Settlements.Refusal refusal, String reason) {
        String message = Objects.requireNonNullElse(reason, refusal.name());
        return switch (refusal) {
            case ORDER_NOT_EXIST -> AlphapayAnswer.refusal(404, "ORDER_NOT_EXIST", message);
            case NOT_ENOUGH_HELD -> AlphapayAnswer.refusal(403, "NOT_ENOUGH", message);
            case ORDER_NOT_HELD, ALREADY_RELEASED, RECEIVER_NOT_REGISTERED, SHARE_EXCEEDED, SPLIT_CONFLICT, TOO_MANY, INVALID_REQUEST ->
                    AlphapayAnswer.refusal(400, "INVALID_REQUEST", message);
        };
    }
}
