package org.cbec.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
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
        ProcessBuilder builder = new ProcessBuilder(resolved(command)).redirectError(ProcessBuilder.Redirect.INHERIT);
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
        ProcessBuilder builder = new ProcessBuilder(resolved(command)).redirectErrorStream(true);
        builder.environment().putAll(environment);
        unset.forEach(builder.environment()::remove);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS), command + " timed out");
        return new Ended(process.exitValue(), out);
    }

    /**
     * The command with its program made absolute when it is a file of this module (a script, or a
     * relative path); a bare name that is no such file ({@code node}) is left to the PATH.
     */
    private static List<String> resolved(List<String> command) {
        List<String> full = new ArrayList<>(command);
        File program = new File(command.get(0));
        if (!program.isAbsolute() && (command.get(0).contains("/") || program.exists())) {
            full.set(0, program.getAbsolutePath());
        }
        return full;
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

    /**
     * Deletes {@code dir} with all it holds. A run's DATA_DIR is deleted only once no run uses it:
     * a run that was just stopped may still be shutting its database down (the run's lock,
     * {@code pgdata.lock}, is free only then), and its files would vanish under the walk.
     */
    static void deleteRecursively(Path dir) throws IOException {
        Path lock = dir.resolve("pgdata.lock");
        if (Files.exists(lock)) {
            try {
                Process waiting = new ProcessBuilder("flock", "-w", "60", lock.toString(), "true").inheritIO().start();
                assertTrue(waiting.waitFor(70, TimeUnit.SECONDS) && waiting.exitValue() == 0, "the last run on " + dir + " stopped");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }
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

    /**
     * A Prism validating proxy ({@code prism proxy} of api-tools, pinned) on a free port in front of
     * {@code upstream}: it forwards each request to upstream plus the request's path, and checks the
     * request and the answer against {@code document}. Each violation is answered in the
     * {@code sl-violations} header and logged as "Violation: …" (a request it finds no operation
     * for as well); it is not turned into an error answer ({@code --errors}), so that one run shows
     * every violation. Stopped by {@link #close()}.
     */
    record Prism(Process process, URI url, Path log) implements AutoCloseable {

        static Prism start(Path document, URI upstream, Path log) throws IOException, InterruptedException {
            int port = freePort();
            Process process = new ProcessBuilder(Path.of("..", "api-tools", "node_modules", ".bin", "prism").toAbsolutePath().normalize().toString(),
                    "proxy", document.toAbsolutePath().normalize().toString(), upstream.toString(), "--port", String.valueOf(port), "--cors=false")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            Prism prism = new Prism(process, URI.create("http://127.0.0.1:" + port), log);
            java.time.Instant deadline = java.time.Instant.now().plusSeconds(60);
            while (!Files.readString(log, StandardCharsets.UTF_8).contains("Prism is listening on")) {
                if (!process.isAlive() || java.time.Instant.now().isAfter(deadline)) {
                    prism.close();
                    throw new AssertionError("Prism did not start: " + tail(log));
                }
                Thread.sleep(100);
            }
            return prism;
        }

        /** The lines of Prism's log that report a violation, an error or a warning. */
        List<String> findings() throws IOException {
            return Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains("Violation") || l.contains("\u2716") || l.contains("\u26a0")).toList();
        }

        /** How many requests Prism received. */
        long requests() throws IOException {
            return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains("Request received")).count();
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** The end of a server's log, for a failure message. */
    /**
     * How many of the log's lines say the janitor ended {@code merchant}'s payment {@code ref} at
     * {@code method} by its own attempt ("Money request {id} PAYMENT {merchant} {method} {ref} ended:
     * {state}"), not "another way" (a client's query or the company's callback).
     */
    static long paymentsEndedByTheJanitor(String log, String merchant, String method, String ref) {
        String line = " PAYMENT " + merchant + " " + method + " " + ref + " ended: ";
        return log.lines().filter(l -> l.contains("Money request ") && l.contains(line) && !l.contains("another way")).count();
    }

    static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.substring(Math.max(0, text.length() - 4000));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /**
     * Whether process {@code pid} still runs. One that has ended but that its parent has not reaped
     * yet (a zombie: its files and sockets are closed, its locks let go) does not.
     */
    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 1).trim().startsWith("Z");
        } catch (IOException gone) {
            return false;
        }
    }

    /** Waits, at most {@code bound}, until process {@code pid} no longer runs. */
    static void awaitEnded(long pid, Duration bound) throws InterruptedException {
        java.time.Instant until = java.time.Instant.now().plus(bound);
        while (running(pid) && java.time.Instant.now().isBefore(until)) {
            Thread.sleep(10);
        }
    }

    /** The session of every process, by pid, as {@code ps} sees them. */
    static Map<Long, Long> sessions() throws IOException, InterruptedException {
        Map<Long, Long> sessions = new java.util.HashMap<>();
        for (String line : ps("pid=,sid=")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length == 2) {
                sessions.put(Long.parseLong(columns[0]), Long.parseLong(columns[1]));
            }
        }
        return sessions;
    }

    /** The process group of process {@code pid}, while it runs. */
    static java.util.Optional<Long> processGroup(long pid) {
        try {
            return ps("pid=,pgid=").stream().map(l -> l.trim().split("\\s+")).filter(c -> c.length == 2 && c[0].equals(String.valueOf(pid)))
                    .map(c -> Long.parseLong(c[1])).findFirst();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static List<String> ps(String format) throws IOException, InterruptedException {
        Process ps = new ProcessBuilder("ps", "-e", "-o", format).redirectErrorStream(true).start();
        List<String> lines = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, ps.waitFor(), () -> "ps failed: " + lines);
        return lines;
    }

    /** A socket a process listens on: "tcp" or "udp", its local address as ss prints it, its port. */
    record Listening(String protocol, String address, int port) {
    }

    /** The sockets process {@code pid} listens on (TCP) or has bound (UDP), as {@code ss} sees them. */
    static List<Listening> listening(long pid) throws IOException, InterruptedException {
        Process ss = new ProcessBuilder("ss", "-Hlntup").redirectErrorStream(true).start();
        List<String> lines = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, ss.waitFor(), () -> "ss failed: " + lines);
        List<Listening> found = new ArrayList<>();
        for (String line : lines) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length >= 7 && line.contains("pid=" + pid + ",")) {
                String local = columns[4];
                int colon = local.lastIndexOf(':');
                found.add(new Listening(columns[0], local.substring(0, colon), Integer.parseInt(local.substring(colon + 1))));
            }
        }
        return found;
    }

    /**
     * What answers of a server say about it, wrong: for each request (GET, or "DELETE " before the
     * URI for a method nobody serves there), a {@code Server} or {@code X-Powered-By} header, a body
     * naming the product or its version, and over HTTPS an answer without
     * {@code Strict-Transport-Security}. Empty when every answer is right.
     */
    static List<String> selfDescriptions(java.net.http.HttpClient client, List<String> requests)
            throws IOException, InterruptedException {
        List<String> findings = new ArrayList<>();
        for (String request : requests) {
            boolean delete = request.startsWith("DELETE ");
            java.net.URI uri = java.net.URI.create(delete ? request.substring(7) : request);
            java.net.http.HttpResponse<String> answer = client.send(java.net.http.HttpRequest.newBuilder(uri)
                    .method(delete ? "DELETE" : "GET", java.net.http.HttpRequest.BodyPublishers.noBody())
                    .timeout(Duration.ofSeconds(30)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            org.cbec.testing.ApiChecks.check(answer, null);
            String seen = request + " (" + answer.statusCode() + ")";
            for (String header : List.of("Server", "X-Powered-By")) {
                answer.headers().firstValue(header).ifPresent(v -> findings.add(seen + " " + header + ": " + v));
            }
            for (String name : List.of("Payara", "GlassFish", "Grizzly", "6.2025")) {
                if (answer.body().contains(name)) {
                    findings.add(seen + " names " + name + " in its body");
                }
            }
            if (uri.getScheme().equals("https") && !answer.headers().firstValue("Strict-Transport-Security").orElse("").startsWith("max-age=")) {
                findings.add(seen + " has no Strict-Transport-Security");
            }
        }
        return findings;
    }
}
