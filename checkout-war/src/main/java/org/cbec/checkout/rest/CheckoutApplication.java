package org.cbec.checkout.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;

/** Mapped at the context root, so every path under {@code /checkout} answers with the envelope. */
@ApplicationPath("/")
public class CheckoutApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
