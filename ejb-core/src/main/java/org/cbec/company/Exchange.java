package org.cbec.company;

/**
 * One request to a company and what came back (or why nothing did), redacted: no key, no
 * signature, no Authorization header. {@code httpStatus} is null when no response arrived.
 */
public record Exchange(String operation, String request, Integer httpStatus, String response, long durationMs,
        String error) {
}
