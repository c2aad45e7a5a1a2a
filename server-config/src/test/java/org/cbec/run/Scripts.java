package org.cbec.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/** Runs this module's scripts (or any command) for the black-box tests, as a user would. */
final class Scripts {

    private Scripts() {
    }

    /**
     * Runs the command (a script of this module when its name is relative) with {@code environment}
     * added and the variables of {@code unset} removed; it must succeed within {@code timeout}.
     * Returns what it printed on standard output; standard error goes to the test's output.
     */
    static List<String> run(List<String> command, Map<String, String> environment, List<String> unset, Duration timeout)
            throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(command);
        if (!new File(command.get(0)).isAbsolute()) {
            full.set(0, new File(command.get(0)).getAbsolutePath());
        }
        ProcessBuilder builder = new ProcessBuilder(full).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(environment);
        unset.forEach(builder.environment()::remove);
        Process process = builder.start();
        List<String> out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS), command + " timed out");
        assertEquals(0, process.exitValue(), command + " failed: " + out);
        return out;
    }

    /** How a command ended: its exit status and what it printed on both outputs. */
    record Ended(int exit, String output) {
    }

    /** Runs the command like {@link #run}, but returns how it ended instead of requiring success. */
    static Ended runToEnd(List<String> command, Map<String, String> environment, List<String> unset, Duration timeout)
            throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(command);
        if (!new File(command.get(0)).isAbsolute()) {
            full.set(0, new File(command.get(0)).getAbsolutePath());
        }
        ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true);
        builder.environment().putAll(environment);
        unset.forEach(builder.environment()::remove);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS), command + " timed out");
        return new Ended(process.exitValue(), out);
    }

    /** Where {@link #freePort()} looks next: ports handed out in this JVM are not handed out again. */
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(21000 + (int) (ProcessHandle.current().pid() % 1000) * 2);

    /**
     * A port free now in 21000-22999, below the kernel's ephemeral range (32768-60999): a port the
     * kernel chose for {@code new ServerSocket(0)} lies in that range, where any outbound connection
     * may take it as its local port before the server, started seconds later or restarted on it,
     * binds it. Successive calls answer different ports.
     */
    static int freePort() {
        for (int i = 0; i < 2000; i++) {
            int port = 21000 + Math.floorMod(NEXT_PORT.getAndIncrement() - 21000, 2000);
            if (free(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port in 21000-22999");
    }

    /** Whether nothing listens on {@code port} now. */
    static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port)) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    /**
     * Waits until the server's sandbox is deployed (Micro deploys its WARs one after the other, and
     * readiness can be UP before the last one: its admin API answers 404 until then, 401 after) and
     * the run script has given {@code merchant} its accounts at both sandbox companies (it does so in
     * the background once the server is ready): the merchant's profile lists them.
     */
    static void awaitCompanyAccounts(java.net.URI base, String merchant, String key) throws InterruptedException {
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(120);
        String last = "";
        while (java.time.Instant.now().isBefore(deadline)
                && org.cbec.testing.Http.get(base.resolve("sandbox/alphapay/" + merchant + "/orders/none")).status() != 401) {
            Thread.sleep(500);
        }
        while (java.time.Instant.now().isBefore(deadline)) {
            org.cbec.testing.Http.Reply r = org.cbec.testing.Http.get(base.resolve("broker/v1/merchant/" + merchant), "app-api-key", key);
            last = r.toString();
            if (r.status() == 200 && r.json().getJsonArray("companies").size() == 2) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(merchant + " has no accounts at both companies after 2 minutes: " + last);
    }

    /** The end of a server's log, for a failure message. */
    static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.substring(Math.max(0, text.length() - 4000));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
