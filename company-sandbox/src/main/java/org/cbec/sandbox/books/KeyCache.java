package org.cbec.sandbox.books;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Accounts and company keys already read, per server. Neither ever changes once stored (an account's
 * key is fixed when it is opened, a company's pair on first use), so each is read from the database
 * once rather than on every signed request; only hits are kept, so an account opened by another
 * server is found at its first use here.
 */
@ApplicationScoped
public class KeyCache {

    private final Map<String, Party> parties = new ConcurrentHashMap<>();
    private final Map<String, CompanySigner> signers = new ConcurrentHashMap<>();

    Optional<Party> party(String key) {
        return Optional.ofNullable(parties.get(key));
    }

    void remember(String key, Party party) {
        parties.put(key, party);
    }

    Optional<CompanySigner> signer(String paymentMethod) {
        return Optional.ofNullable(signers.get(paymentMethod));
    }

    void remember(CompanySigner signer) {
        signers.put(signer.paymentMethod(), signer);
    }
}
