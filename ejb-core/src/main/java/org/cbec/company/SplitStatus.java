package org.cbec.company;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A company's current view of a split or of a release, in the broker's vocabulary: its number, the
 * company's id for it, whether the company is still working on it, and each receiver's part with
 * its result. The results are asynchronous: a part is PENDING until the company moves the money
 * (SUCCESS) or gives up (CLOSED, with a reason; the money stays held). A release's parts are what
 * the company reports for it (its release to the merchant), possibly none.
 */
public record SplitStatus(String splitNo, String splitId, State state, List<Part> parts) {

    public SplitStatus {
        parts = List.copyOf(parts);
    }

    /** The company's state of the split order. */
    public enum State {
        PROCESSING,
        FINISHED
    }

    /** A receiver's result. */
    public enum Result {
        PENDING,
        SUCCESS,
        CLOSED
    }

    /** One receiver's part: {@code finishTime} and {@code failReason} are null until it is final (failReason only when CLOSED). */
    public record Part(String type, String account, long amount, Result result, String failReason, OffsetDateTime finishTime) {
    }
}
