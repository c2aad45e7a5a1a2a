package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.cbec.sandbox.books.CallbackFormat;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.books.Notice;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.crypto.AesGcm;

/**
 * alphapay's callbacks (WeChat-Pay-v3 style): a JSON event whose {@code resource} is the
 * transaction (as the query answers it) or the refund record (as the refund query answers it),
 * encrypted with AEAD_AES_256_GCM under the account's API v3 key; each attempt signed with the
 * company key as an answer is ({@link AlphapaySigner#headers}).
 */
@ApplicationScoped
public class AlphapayCallbacks implements CallbackFormat {

    static final String ALGORITHM = "AEAD_AES_256_GCM";
    static final String TRANSACTION = "transaction";
    static final String REFUND = "refund";
    static final int NONCE_LENGTH = 12;

    @Inject
    AlphapaySigner signer;

    @Override
    public String paymentMethod() {
        return AlphapayGate.COMPANY;
    }

    @Override
    public String contentType() {
        return "application/json";
    }

    @Override
    public Map<String, String> headers(String body) {
        return signer.headers(body);
    }

    @Override
    public Optional<Composed> compose(Notice notice) {
        if (notice.apiV3Key() == null) {
            // An account opened before accounts had API v3 keys and not yet given one (at startup).
            return Optional.empty();
        }
        return Optional.of(compose(notice, UUID.randomUUID().toString(), Companies.now(), Companies.lettersAndDigits(NONCE_LENGTH)));
    }

    /** The event, with what is random or timed given (so that a test can fix them). */
    static Composed compose(Notice notice, String id, OffsetDateTime at, String nonce) {
        String originalType;
        JsonObject resource;
        String eventType;
        String summary;
        switch (notice.event()) {
            case PAID -> {
                originalType = TRANSACTION;
                resource = AlphapayOperations.transaction(notice.companyMerchantId(), notice.order());
                eventType = "TRANSACTION.SUCCESS";
                summary = "payment succeeded";
            }
            case CLOSED -> {
                originalType = TRANSACTION;
                resource = AlphapayOperations.transaction(notice.companyMerchantId(), notice.order());
                eventType = "TRANSACTION.CLOSED";
                summary = "order closed";
            }
            default -> {
                originalType = REFUND;
                resource = AlphapayOperations.refundRecord(notice.refund());
                // The refund's final state: SUCCESS, CLOSED or ABNORMAL.
                eventType = "REFUND." + notice.refund().state();
                summary = "refund " + notice.refund().state().toLowerCase(java.util.Locale.ROOT);
            }
        }
        String ciphertext = AesGcm.encrypt(notice.apiV3Key(), nonce, originalType, resource.toString());
        String body = JsonText.object()
                .add("id", id)
                .add("create_time", AlphapayOperations.beijing(at))
                .add("resource_type", "encrypt-resource")
                .add("event_type", eventType)
                .add("summary", summary)
                .add("resource", JsonText.object()
                        .add("original_type", originalType)
                        .add("algorithm", ALGORITHM)
                        .add("ciphertext", ciphertext)
                        .add("associated_data", originalType)
                        .add("nonce", nonce))
                .build().toString();
        return new Composed(eventType, body);
    }
}
