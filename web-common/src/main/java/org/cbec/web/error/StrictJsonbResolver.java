package org.cbec.web.error;

import jakarta.json.bind.Jsonb;
import jakarta.ws.rs.ext.ContextResolver;

/**
 * The Jsonb that reads request bodies and writes answers, for every type. Each WAR registers it by a
 * {@code @Provider} subclass (the WAR's scan does not reach this library) and gives it ejb-core's
 * strict Jsonb ({@code platform.json.StrictJson}: a text, whole-number or boolean member given a JSON
 * value of another type is refused, 400, instead of converted); this library, in the EAR's
 * {@code lib/}, cannot name ejb-core's classes itself.
 */
public abstract class StrictJsonbResolver implements ContextResolver<Jsonb> {

    private final Jsonb jsonb;

    protected StrictJsonbResolver(Jsonb jsonb) {
        this.jsonb = jsonb;
    }

    @Override
    public Jsonb getContext(Class<?> type) {
        return jsonb;
    }
}
