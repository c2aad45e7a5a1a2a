package org.cbec.access;

import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.access.entity.ApiService;

/** A newly issued key: the only place where its text exists outside the caller. */
public record IssuedKey(String keyId, String key, ApiService service, String label, List<Grant> grants,
        OffsetDateTime createdAt) {

    @Override
    public String toString() {
        return "IssuedKey[keyId=" + keyId + ", service=" + service + ", grants=" + grants + "]";
    }
}
