package org.cbec.broker.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * Mapped at the context root, not at {@code /v1}: the admin API and the ping live beside
 * {@code v1}, and every path under {@code /broker}, known or not, gets a JSON envelope instead of
 * the container's HTML error page.
 */
@ApplicationPath("/")
@OpenAPIDefinition(info = @Info(title = "Payment broker", version = "1.8.0",
        description = "Payments and customs declarations through the alphapay and betapay companies."))
@SecurityScheme(securitySchemeName = "http_api_key", type = SecuritySchemeType.APIKEY,
        in = SecuritySchemeIn.HEADER, apiKeyName = "app-api-key")
public class BrokerApplication extends Application {

    @Override
    public Map<String, Object> getProperties() {
        // No generated WADL: OPTIONS and unknown paths answer with the envelope like everything else.
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
