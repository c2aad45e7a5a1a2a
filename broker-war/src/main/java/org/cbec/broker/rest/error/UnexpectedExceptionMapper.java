package org.cbec.broker.rest.error;

import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.json.StrictJson;
import org.cbec.web.error.RequestProblems;
import org.cbec.web.error.UnexpectedFailureMapper;

/** Anything not mapped more precisely, in the broker envelope. */
@Provider
public class UnexpectedExceptionMapper extends UnexpectedFailureMapper {

    public UnexpectedExceptionMapper() {
        super(Envelope.WEB);
    }

    @Override
    protected RequestProblems.Member refusedMember(Throwable failure) {
        return StrictJson.refusedMember(failure).map(m -> new RequestProblems.Member(m.member(), m.problem())).orElse(null);
    }
}
