package org.cbec.webhook;

import java.time.OffsetDateTime;

/** A webhook signing secret as the admin API shows it, once; {@code previousSignsUntil} when an older secret still signs. */
public record IssuedSecret(String secret, OffsetDateTime previousSignsUntil) {
}
