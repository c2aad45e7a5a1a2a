package org.cbec.company.betapay;

import java.util.Optional;

/**
 * Locates one member of a top-level JSON object in the raw text and returns the exact text of
 * its value. Only meant for text a strict parser has already accepted.
 */
final class RawJsonMember {

    private final String text;
    private int pos;

    private RawJsonMember(String text) {
        this.text = text;
    }

    /** Empty when the member is absent or repeated (a repeat would make the value ambiguous). */
    static Optional<String> find(String json, String name) {
        RawJsonMember scanner = new RawJsonMember(json);
        try {
            return Optional.ofNullable(scanner.member(name));
        } catch (IllegalStateException | IllegalArgumentException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    private String member(String name) {
        skipSpace();
        expect('{');
        String found = null;
        skipSpace();
        if (peek() == '}') {
            return null;
        }
        while (true) {
            skipSpace();
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            int start = pos;
            skipValue();
            if (key.equals(name)) {
                if (found != null) {
                    throw new IllegalStateException("repeated member");
                }
                found = text.substring(start, pos);
            }
            skipSpace();
            char c = next();
            if (c == '}') {
                skipSpace();
                if (pos != text.length()) {
                    throw new IllegalStateException("content after the object");
                }
                return found;
            }
            if (c != ',') {
                throw new IllegalStateException("expected , or }");
            }
        }
    }

    private void skipValue() {
        char c = peek();
        if (c == '"') {
            string();
        } else if (c == '{' || c == '[') {
            container();
        } else {
            // Numbers, true, false, null: run to the next delimiter.
            while (pos < text.length() && ",}] \t\r\n".indexOf(text.charAt(pos)) < 0) {
                pos++;
            }
        }
    }

    /** Skips a whole object or array by depth; strings are skipped whole so their brackets do not count. */
    private void container() {
        int depth = 0;
        do {
            char c = peek();
            if (c == '"') {
                string();
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            }
            pos++;
        } while (depth > 0);
    }

    /** Reads a string, decoding escapes so that a key written with {@code \}u escapes still matches. */
    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                }
                default -> out.append(e);
            }
        }
    }

    private void skipSpace() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private char peek() {
        return text.charAt(pos);
    }

    private char next() {
        return text.charAt(pos++);
    }

    private void expect(char c) {
        if (next() != c) {
            throw new IllegalStateException("expected " + c);
        }
    }
}
