package org.cbec.access;

import org.cbec.access.entity.GrantSubject;

/** One party a key may act for. */
public record Grant(GrantSubject type, String subject) {
}
