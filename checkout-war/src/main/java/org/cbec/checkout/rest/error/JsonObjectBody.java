package org.cbec.checkout.rest.error;

import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.stream.JsonParser;
import jakarta.json.JsonValue;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import org.cbec.plumbing.json.UniqueMembers;
import org.cbec.web.error.RequestProblems;

/**
 * Reads the cart and shipping-form bodies, which the resources take as JSON objects. Jersey's own
 * JSON-P reader answered a body that was JSON but not an object ({@code null}, {@code []},
 * {@code 42}) with a 500, and Parsson's refusal of input nested deeper than 1,000 levels (a plain
 * RuntimeException) escaped as an unexpected 500; both are the caller's 400 here. An empty body
 * stays null, for the resource to refuse naming what is required. An object that names a member
 * twice is refused, 400 naming it ({@link UniqueMembers}).
 */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
public class JsonObjectBody implements MessageBodyReader<JsonObject> {

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == JsonObject.class;
    }

    @Override
    public JsonObject readFrom(Class<JsonObject> type, Type genericType, Annotation[] annotations, MediaType mediaType,
            MultivaluedMap<String, String> headers, InputStream entity) {
        try (JsonParser parser = UniqueMembers.provider().createParser(entity)) {
            parser.next();
            JsonValue value = parser.getValue();
            if (parser.hasNext()) {
                throw new JsonException("more than one JSON value");
            }
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new BadRequestException(RequestProblems.UNREADABLE_BODY, new JsonException("not a JSON object"));
            }
            return value.asJsonObject();
        } catch (BadRequestException e) {
            throw e;
        } catch (RuntimeException unreadable) {
            if (isEmpty(unreadable)) {
                return null;
            }
            throw new BadRequestException(RequestProblems.UNREADABLE_BODY, new JsonException("unreadable JSON", unreadable));
        }
    }

    /** Parsson refuses an empty input with "Invalid token=EOF" at the very start. */
    private static boolean isEmpty(RuntimeException e) {
        return e instanceof jakarta.json.stream.JsonParsingException p && p.getLocation() != null && p.getLocation().getStreamOffset() <= 0;
    }
}
