package org.cbec.broker.rest.error;

import jakarta.ws.rs.ext.Provider;
import jakarta.json.bind.Jsonb;
import org.cbec.platform.json.StrictJson;
import org.cbec.web.error.StrictJsonbResolver;

/** The strict Jsonb of request bodies and answers, registered in this module. */
@Provider
public class StrictJsonb extends StrictJsonbResolver {

    private static final Jsonb JSONB = StrictJson.create();

    public StrictJsonb() {
        super(JSONB);
    }
}
