package org.cbec.platform.error;

/** A refusal the caller overcomes by sending the same request again: the web modules answer it with {@code Retry-After}. */
public interface RetryLater {

    int retryAfterSeconds();
}
