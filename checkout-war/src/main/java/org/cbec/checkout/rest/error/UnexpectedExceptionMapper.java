package org.cbec.checkout.rest.error;

import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.json.UniqueMembers;
import org.cbec.web.error.UnexpectedFailureMapper;

/** Anything not mapped more precisely, in the checkout envelope. */
@Provider
public class UnexpectedExceptionMapper extends UnexpectedFailureMapper {

    public UnexpectedExceptionMapper() {
        super(ApiResponse.WEB);
    }

    @Override
    protected String repeatedMember(Throwable failure) {
        return UniqueMembers.repeatedIn(failure).orElse(null);
    }
}
