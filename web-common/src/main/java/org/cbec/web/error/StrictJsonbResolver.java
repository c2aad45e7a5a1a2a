package org.cbec.web.error;

import jakarta.json.bind.Jsonb;
import jakarta.ws.rs.ext.ContextResolver;

/**
 * The Jsonb that reads request bodies and writes answers: a text, whole-number or boolean member
 * given a JSON value of another type is refused (400) instead of converted ({@link StrictJson}).
 * Each WAR registers it by a {@code @Provider} subclass: the WAR's scan does not reach this library.
 */
public abstract class StrictJsonbResolver implements ContextResolver<Jsonb> {

    private static final Jsonb JSONB = StrictJson.create();

    @Override
    public Jsonb getContext(Class<?> type) {
        return JSONB;
    }
}
