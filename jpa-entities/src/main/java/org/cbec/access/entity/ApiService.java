package org.cbec.access.entity;

/** The service a key opens: the broker's {@code app-api-key} or the checkout's {@code x-ca-key}. */
public enum ApiService {
    BROKER,
    CHECKOUT
}
