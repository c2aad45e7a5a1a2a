package org.cbec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The sandbox stands apart from the broker (docs/conventions.md, "The sandbox stands apart"): no
 * source file of it imports a package of the project other than its own ({@code org.cbec.sandbox})
 * and plumbing's ({@code org.cbec.plumbing}, what is no part of a protocol). The enforcer's
 * bannedDependencies keeps the artifacts out; this keeps out code that would compile only by
 * accident (a copied class, a package of the same name).
 */
class StandsApartTest {

    /** Any package of the project but the sandbox's own and plumbing's (docs/conventions.md, "The sandbox stands apart"). */
    static final Pattern FORBIDDEN = Pattern.compile(
            "^\\s*import\\s+(static\\s+)?org\\.cbec\\.(?!(sandbox|plumbing)\\.)", Pattern.MULTILINE);

    @Test
    void noMainSourceImportsAPackageOfTheProjectButPlumbing() throws IOException {
        Path main = Path.of("src/main/java");
        assertTrue(Files.isDirectory(main), "run from the module directory");
        List<String> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders = files.filter(Files::isRegularFile).filter(p -> FORBIDDEN.matcher(read(p)).find())
                    .map(Path::toString).sorted().toList();
        }
        assertEquals(List.of(), offenders);
    }

    @Test
    void theCheckWouldCatchAnImport() {
        assertTrue(FORBIDDEN.matcher("package x;\nimport org.cbec.company.Pem;\n").find());
        assertTrue(FORBIDDEN.matcher("import static org.cbec.platform.json.Jsonp.object;").find());
        assertTrue(FORBIDDEN.matcher("  import org.cbec.cart.X;").find());
        assertTrue(!FORBIDDEN.matcher("import org.cbec.sandbox.books.Books;").find());
        // Every other module of the project too, the web plumbing and the WARs included; plumbing alone is let through.
        assertTrue(FORBIDDEN.matcher("import org.cbec.web.ErrorPageServlet;").find());
        assertTrue(FORBIDDEN.matcher("import org.cbec.broker.rest.Payments;").find());
        assertTrue(FORBIDDEN.matcher("import static org.cbec.checkout.rest.Carts.x;").find());
        assertTrue(FORBIDDEN.matcher("import org.cbec.plumbingx.Y;").find());
        assertTrue(!FORBIDDEN.matcher("import org.cbec.plumbing.crypto.Pem;").find());
        assertTrue(!FORBIDDEN.matcher("import static org.cbec.plumbing.crypto.Rsa.sign;").find());
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
