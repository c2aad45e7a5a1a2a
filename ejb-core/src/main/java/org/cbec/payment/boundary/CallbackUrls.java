package org.cbec.payment.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where the companies send their callbacks: {@code {broker.public-url}/broker/notify/{paymentMethod}/{merchant}},
 * given to the company as its notify URL on every create and refund. The merchant's own
 * {@code notifyUrl} stays with the broker (it receives the broker's events). Without a public URL
 * the companies get none, and the broker learns of payments by querying (the reconciliation).
 */
@ApplicationScoped
public class CallbackUrls {

    @Inject
    @ConfigProperty(name = "broker.public-url")
    Optional<String> publicUrl;

    /** The broker's callback URL for the merchant's account at the company, or null. */
    public String of(String paymentMethod, String merchant) {
        return publicUrl.filter(u -> !u.isBlank())
                .map(u -> (u.endsWith("/") ? u.substring(0, u.length() - 1) : u) + "/broker/notify/" + paymentMethod + "/"
                        + URLEncoder.encode(merchant, StandardCharsets.UTF_8))
                .orElse(null);
    }
}
