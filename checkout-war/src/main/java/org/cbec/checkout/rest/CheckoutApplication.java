package org.cbec.checkout.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/** Mapped at the context root, so every path under {@code /checkout} answers with the envelope. */
@ApplicationPath("/")
@OpenAPIDefinition(info = @Info(title = "Checkout cart service", version = "1.0.0",
        description = "Carts from shop platforms and enterprise merchants, payment and customs declaration status."))
@SecurityScheme(securitySchemeName = "x-ca-key", type = SecuritySchemeType.APIKEY,
        in = SecuritySchemeIn.HEADER, apiKeyName = "x-ca-key")
public class CheckoutApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
