package org.cbec.plumbing.vectors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The known-answer vectors of both protocols, read from the repository's
 * {@code docs/companies/vectors} (format in its README) by the broker's tests in ejb-core and the
 * companies' tests in company-sandbox alike (plumbing's test-jar, the one module both may use):
 * {@code name: value} lines, and blocks {@code name: <<<} (or {@code <<< CRLF}) to {@code >>>}
 * whose lines are joined by the line end named.
 */
public record Vectors(Map<String, String> values) {

    private static final Path DIR = locate(Path.of(System.getProperty("user.dir")).toAbsolutePath());

    private static Path locate(Path from) {
        for (Path p = from; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("docs/companies/vectors"))) {
                return p.resolve("docs/companies/vectors");
            }
        }
        throw new IllegalStateException("no docs/companies/vectors above " + from);
    }

    /** The repository's docs/companies/vectors. */
    public static Path dir() {
        return DIR;
    }

    /** The vector file at {@code path} under docs/companies/vectors, e.g. {@code alphapay/query.txt}. */
    public static Vectors read(String path) {
        List<String> lines = List.of(text(path).split("\n", -1));
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(": ");
            String name = line.substring(0, colon);
            String value = line.substring(colon + 2);
            if (value.equals("<<<") || value.equals("<<< CRLF")) {
                List<String> block = new ArrayList<>();
                while (!lines.get(++i).equals(">>>")) {
                    block.add(lines.get(i));
                }
                value = String.join(value.endsWith("CRLF") ? "\r\n" : "\n", block);
            }
            if (values.put(name, value) != null) {
                throw new IllegalStateException(path + " names " + name + " twice");
            }
        }
        return new Vectors(values);
    }

    public String get(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("the vector has no " + name);
        }
        return value;
    }

    /** {@code keys/<who>-private.pem}: who is {@code merchant} or {@code company}. */
    public static PrivateKey privateKey(String who) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der("keys/" + who + "-private.pem")));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static PublicKey publicKey(String who) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der("keys/" + who + "-public.pem")));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The PEM text of {@code keys/<name>.pem}, e.g. {@code company-public}. */
    public static String pem(String name) {
        return text("keys/" + name + ".pem");
    }

    private static byte[] der(String pem) {
        return Base64.getMimeDecoder().decode(text(pem).replaceAll("-----[A-Z ]+-----", ""));
    }

    /** SHA256withRSA of the text's UTF-8 bytes, Base64: the JDK's, not the project's. */
    public static String sign(PrivateKey key, String text) {
        try {
            Signature s = Signature.getInstance("SHA256withRSA");
            s.initSign(key);
            s.update(text.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(s.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static boolean verifies(PublicKey key, String text, String signature) {
        try {
            Signature s = Signature.getInstance("SHA256withRSA");
            s.initVerify(key);
            s.update(text.getBytes(StandardCharsets.UTF_8));
            return s.verify(Base64.getDecoder().decode(signature));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    private static String text(String path) {
        try {
            return Files.readString(DIR.resolve(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
