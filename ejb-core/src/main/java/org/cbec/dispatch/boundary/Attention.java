package org.cbec.dispatch.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.cbec.dispatch.AttentionView;
import org.cbec.dispatch.control.RequestLedger;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.platform.text.FreeText;

/**
 * The operator's money requests needing attention: listed (optionally of one merchant and kind),
 * tried again now (one attempt at once, then the janitor's schedule afresh), or settled by hand with
 * a note once the operator has the company's word (the janitor takes it no more; its own row keeps
 * what the company last said, and a later query or notification still moves it).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Attention {

    static final int MAX_NOTE = 256;
    static final int LIMIT = 500;

    @EJB
    RequestLedger ledger;

    @EJB
    Janitor janitor;

    public List<AttentionView> list(String merchant, String kind) {
        if (merchant != null && (merchant.isBlank() || merchant.length() > 64)) {
            throw new InvalidRequestException("merchant", "merchant is a merchant's name of 1 to 64 characters");
        }
        return ledger.attention(merchant, kind == null ? null : kind(kind), LIMIT);
    }

    /** One attempt now; the request as it then stands (closed, waiting again, or needing attention once more). */
    public AttentionView retry(String id) {
        AttentionView taken = ledger.retry(number(id));
        janitor.attempt(taken, OffsetDateTime.now(ZoneOffset.UTC));
        return ledger.find(taken.id()).orElseThrow();
    }

    public AttentionView settle(String id, String note) {
        long n = number(id);
        if (note == null || note.isBlank() || note.length() > MAX_NOTE) {
            throw new InvalidRequestException("note", "note is required, at most " + MAX_NOTE + " characters: what the company said");
        }
        FreeText.checkLines("note", note, MAX_NOTE);
        return ledger.settle(n, note.strip());
    }

    private static long number(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw new UnknownResourceException("no money request " + id);
        }
    }

    private static RequestKind kind(String kind) {
        try {
            return RequestKind.valueOf(kind.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("kind", "kind is one of " + Arrays.toString(RequestKind.values()).toLowerCase(Locale.ROOT)
                    + ", not " + FreeText.problem(kind, 32).map(p -> "an unreadable value").orElse(kind));
        }
    }
}
