package org.cbec.broker.rest.error;

import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.json.UniqueMembers;
import org.cbec.web.error.UnexpectedFailureMapper;

/** Anything not mapped more precisely, in the broker envelope. */
@Provider
public class UnexpectedExceptionMapper extends UnexpectedFailureMapper {

    public UnexpectedExceptionMapper() {
        super(Envelope.WEB);
    }

    @Override
    protected String repeatedMember(Throwable failure) {
        return UniqueMembers.repeatedIn(failure).orElse(null);
    }
}
