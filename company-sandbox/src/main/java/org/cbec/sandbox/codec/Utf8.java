package org.cbec.sandbox.codec;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** UTF-8 that refuses malformed bytes instead of replacing them with U+FFFD. */
public final class Utf8 {

    private Utf8() {
    }

    /** @throws IllegalArgumentException when the bytes are not well-formed UTF-8 */
    public static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("not UTF-8");
        }
    }

    public static byte[] encode(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
