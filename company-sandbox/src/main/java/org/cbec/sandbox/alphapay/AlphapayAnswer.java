package org.cbec.sandbox.alphapay;

import jakarta.json.JsonObject;
import org.cbec.sandbox.codec.JsonText;

/** An answer before it is signed: the status and the exact body text ({@code ""} for none). */
public record AlphapayAnswer(int status, String body) {

    static AlphapayAnswer ok(JsonObject body) {
        return new AlphapayAnswer(200, body.toString());
    }

    static AlphapayAnswer noContent() {
        return new AlphapayAnswer(204, "");
    }

    /** A refusal {@code {"code":…,"message":…}}. */
    public static AlphapayAnswer refusal(int status, String code, String message) {
        return new AlphapayAnswer(status, JsonText.object().add("code", code).add("message", message).build().toString());
    }
}
