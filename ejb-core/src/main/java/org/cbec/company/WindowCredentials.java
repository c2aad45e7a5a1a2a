package org.cbec.company;

import java.security.PrivateKey;
import java.security.PublicKey;

/**
 * The broker as the customs single window knows it: the transmitting enterprise's code, name and
 * exchange identity, the key it signs order messages with (named by its serial), and the window's
 * key its receipts are checked with (named by its serial). {@link #toString()} names no key.
 */
public record WindowCredentials(String copCode, String copName, String dxpId, String keySerial, PrivateKey key, String windowKeySerial,
        PublicKey windowKey) {

    @Override
    public String toString() {
        return "WindowCredentials[" + copCode + ", " + keySerial + "]";
    }
}
