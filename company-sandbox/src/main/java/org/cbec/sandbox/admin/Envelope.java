package org.cbec.sandbox.admin;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import org.cbec.sandbox.codec.JsonText;

/** The admin API's JSON: {@code {"code":<status>,"message":"…"}}, with {@code field} when one field failed. */
public final class Envelope {

    private Envelope() {
    }

    public static JsonObjectBuilder of(int status, String message) {
        return JsonText.object().add("code", status).add("message", message);
    }

    public static Response response(int status, String message, String field) {
        JsonObjectBuilder body = of(status, message);
        if (field != null) {
            body.add("field", field);
        }
        return response(status, body.build());
    }

    public static Response response(int status, JsonObject body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(body.toString().getBytes(StandardCharsets.UTF_8)).build();
    }
}
