package org.cbec.testing.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.cbec.testing.LogSecrets;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * After every test class of an in-container suite, reads the whole Payara Micro log written so far
 * (system property {@code cbec.server.log}, set by the WAR modules' failsafe configuration) and
 * fails if a key, password, private key or resident identity number is in it. Registered for every
 * test class by JUnit's extension autodetection (failsafe's configuration); without the property
 * (unit tests, other modules) it does nothing, and so it does after a class that deploys nothing
 * (broker-war's black-box suites of the sandbox, whose server is not this log's). The last class
 * with a deployment checks the log of the whole suite.
 */
public class SecretsNotLogged implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) {
        String log = System.getProperty("cbec.server.log");
        if (log == null || log.isBlank() || !deploys(context.getRequiredTestClass())) {
            return;
        }
        Path path = Path.of(log).toAbsolutePath();
        List<String> known = new ArrayList<>(Stream.of("ADMIN_PASSWORD", "DEMO_API_KEY", "DEMO_CA_KEY").map(System::getenv).toList());
        // Each key-encryption key's bytes (id:base64, comma-separated).
        String keys = System.getenv("CREDENTIALS_KEY");
        if (keys != null) {
            Stream.of(keys.split(",")).map(k -> k.substring(k.indexOf(':') + 1).trim()).forEach(known::add);
        }
        List<String> findings = new ArrayList<>();
        List<Path> files;
        // Micro's file handler writes <name>.0, <name>.1, ... (and a .lck while it runs).
        try (Stream<Path> logs = Files.list(path.getParent())) {
            files = logs.filter(p -> p.getFileName().toString().startsWith(path.getFileName().toString())
                    && !p.getFileName().toString().endsWith(".lck")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertFalse(files.isEmpty(), "the server log " + path + " exists");
        files.forEach(p -> findings.addAll(LogSecrets.findings(p, known)));
        assertEquals(List.of(), findings, "secrets in the server log after " + context.getDisplayName());
    }

    /** Whether the class runs under Arquillian (its JUnit 5 extension, named: not on this module's class path), which starts the server that writes this log. */
    private static boolean deploys(Class<?> testClass) {
        return org.junit.platform.commons.support.AnnotationSupport.findRepeatableAnnotations(testClass, ExtendWith.class).stream()
                .flatMap(e -> Stream.of(e.value())).anyMatch(c -> c.getName().equals("org.jboss.arquillian.junit5.ArquillianExtension"));
    }
}
