package org.cbec.sandbox.alphapay;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The texts alphapay signatures cover, every line ending with {@code \n}, the last included:
 * a request {@code METHOD\npath\ntimestamp\nnonce\nbody\n} (the path as on the wire, context root and
 * query string included; the body exactly as sent, empty for a GET), an answer
 * {@code timestamp\nnonce\nbody\n} (the body empty when there is none).
 */
public final class AlphapayTexts {

    private AlphapayTexts() {
    }

    /** The request text over the body's exact bytes: no decoding and re-encoding in between. */
    public static byte[] request(String method, String pathAndQuery, String timestamp, String nonce, byte[] body) {
        ByteArrayOutputStream text = new ByteArrayOutputStream(body.length + 256);
        text.writeBytes((method + "\n" + pathAndQuery + "\n" + timestamp + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8));
        text.writeBytes(body);
        text.write('\n');
        return text.toByteArray();
    }

    public static String request(String method, String pathAndQuery, String timestamp, String nonce, String body) {
        return new String(request(method, pathAndQuery, timestamp, nonce, body.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
    }

    public static String answer(String timestamp, String nonce, String body) {
        return timestamp + "\n" + nonce + "\n" + body + "\n";
    }
}
