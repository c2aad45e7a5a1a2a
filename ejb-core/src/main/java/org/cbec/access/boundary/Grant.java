package org.cbec.access.boundary;

import org.cbec.access.entity.GrantSubject;

/** One party a key may act for. */
public record Grant(GrantSubject type, String subject) {
}
