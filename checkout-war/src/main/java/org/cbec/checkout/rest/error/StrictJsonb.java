package org.cbec.checkout.rest.error;

import jakarta.json.bind.Jsonb;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.error.StrictJson;

/**
 * The Jsonb that reads request bodies and writes answers: a text, whole-number or boolean member
 * given a JSON value of another type is refused (400) instead of converted ({@link StrictJson}).
 */
@Provider
public class StrictJsonb implements ContextResolver<Jsonb> {

    private static final Jsonb JSONB = StrictJson.create();

    @Override
    public Jsonb getContext(Class<?> type) {
        return JSONB;
    }
}
