package org.cbec.access;

import java.time.OffsetDateTime;
import org.cbec.access.entity.GrantSubject;

/** A registered merchant, enterprise or platform merchant, as shown to callers. */
public record Party(GrantSubject type, String id, String name, OffsetDateTime createdAt) {
}
