package org.cbec.sandbox.web;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;

/**
 * Mapped at the context root: the companies' paths ({@code /sandbox/alphapay/v3/…},
 * {@code /sandbox/betapay/gateway.do}) and the admin API share it, and every path under
 * {@code /sandbox}, known or not, is answered in JSON by this application or its mappers.
 */
@ApplicationPath("/")
public class SandboxApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        // No generated WADL: OPTIONS and unknown paths answer like everything else.
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
