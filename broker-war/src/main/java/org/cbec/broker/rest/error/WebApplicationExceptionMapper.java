package org.cbec.broker.rest.error;

import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.json.StrictJson;
import org.cbec.web.error.RequestProblems;
import org.cbec.web.error.RefusalMapper;

/** JAX-RS's own refusals, in the broker envelope. */
@Provider
public class WebApplicationExceptionMapper extends RefusalMapper {

    public WebApplicationExceptionMapper() {
        super(Envelope.WEB);
    }

    @Override
    protected RequestProblems.Member refusedMember(Throwable failure) {
        return StrictJson.refusedMember(failure).map(m -> new RequestProblems.Member(m.member(), m.problem())).orElse(null);
    }
}
