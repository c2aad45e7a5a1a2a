package org.cbec.sandbox.codec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Request bodies read as bytes, up to a limit. Bytes, because a signature covers the bytes sent and
 * not a text the runtime decoded in whatever charset the header named; a limit, because no request
 * of either protocol comes near 64 KiB and a sandbox should not buffer megabytes for a refusal.
 */
public final class Bodies {

    /** Far above any request of either protocol (the largest, a customs declaration, is under 2 KiB). */
    public static final int LIMIT = 64 * 1024;

    private Bodies() {
    }

    /** The body, or null when it is longer than {@link #LIMIT} (the rest is not read). */
    public static byte[] read(InputStream in) {
        if (in == null) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (out.size() + n > LIMIT) {
                    return null;
                }
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // A client that goes away mid-body sent no request worth answering; treat it as too
            // large to read, which every caller refuses.
            return null;
        }
        return out.toByteArray();
    }
}
