package org.cbec.checkout.rest.error;

import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.json.UniqueMembers;
import org.cbec.web.error.RefusalMapper;

/** JAX-RS's own refusals, in the checkout envelope. */
@Provider
public class WebApplicationExceptionMapper extends RefusalMapper {

    public WebApplicationExceptionMapper() {
        super(ApiResponse.WEB);
    }

    @Override
    protected String repeatedMember(Throwable failure) {
        return UniqueMembers.repeatedIn(failure).orElse(null);
    }
}
