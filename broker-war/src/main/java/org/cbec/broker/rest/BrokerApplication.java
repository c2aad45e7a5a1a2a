package org.cbec.broker.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;

/**
 * Mapped at the context root, not at {@code /v1}: the admin API and the ping live beside
 * {@code v1}, and every path under {@code /broker}, known or not, gets a JSON envelope instead of
 * the container's HTML error page.
 */
@ApplicationPath("/")
public class BrokerApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        // No generated WADL: OPTIONS and unknown paths answer with the envelope like everything else.
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
