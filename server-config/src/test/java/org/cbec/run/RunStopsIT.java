package org.cbec.run;

import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.cbec.testing.Http.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The README's run command stopped every way a user or a service manager stops it, each time in a
 * real terminal ({@code script} gives the run a pseudo-terminal of its own, and a Ctrl-C is the
 * byte 0x03 typed into it): whatever ends the server, its embedded PostgreSQL is shut down cleanly
 * within 10 s, the DATA_DIR lock is free, no process of that run is left, and the same command
 * started again at once is ready on the same data.
 */
class RunStopsIT {

    private static final String ADMIN_PASSWORD = "run-stops-admin-password";
    private static final String DEMO_API_KEY = "run-stops-demo-broker-key-0123456789";
    /** Payara's own, not the application's: expired authorities in the truststore Payara Micro ships. */
    private static final Set<String> PAYARA_OWN_WARNINGS = Set.of("NCLS-SECURITY-05054");
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");
    private static final Pattern LEVEL = Pattern.compile("^\\[[^\\]]*\\] \\[[^\\]]*\\] \\[(WARNING|SEVERE)\\] \\[([^\\]]*)\\]");
    private static final Pattern STACK_FRAME = Pattern.compile("^\\s+at [\\w.$/]+\\(.*\\)\\s*$");
    private static final String CLEAN_SHUTDOWN = "database system is shut down";

    private final Path dataDir = Path.of("target", "run-stops-data").toAbsolutePath();
    private final int port = Scripts.freePort();
    private final URI base = URI.create("http://localhost:" + port + "/");
    private final int pgPort = Scripts.freePort();
    private final int httpsPort = Scripts.freePort();
    private final int sandboxPort = Scripts.freePort();
    /** Each merchant registered so far, with its key: each must be there after every restart. */
    private final Map<String, String> merchants = new LinkedHashMap<>();
    private final List<Terminal> terminals = new ArrayList<>();

    /** One start of the run command in a pseudo-terminal of its own, and its output. */
    private record Terminal(Process script, Path log) {

        void type(int b) throws IOException {
            OutputStream in = script.getOutputStream();
            in.write(b);
            in.flush();
        }

        /** What the terminal showed, colours and carriage returns taken out. */
        String output() {
            try {
                return ANSI.matcher(Files.readString(log, StandardCharsets.UTF_8)).replaceAll("").replace("\r", "");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    @AfterEach
    void stopWhatIsLeft() throws Exception {
        for (ProcessHandle p : processesOfTheRun()) {
            p.destroyForcibly();
        }
        for (Terminal t : terminals) {
            t.script().destroyForcibly();
        }
    }

    @Test
    void whateverStopsTheServerStopsItsDatabaseWithinTenSecondsAndTheSameCommandStartsAgainAtOnceOnTheSameData() throws Exception {
        Scripts.deleteRecursively(dataDir);

        // The first start, on an empty DATA_DIR: nothing of the application's warns, nothing throws.
        Terminal first = start("run-stops-1.log");
        awaitReady(first);
        assertEquals(List.of(), warningsAndStackTraces(first.output()), "the first start on an empty DATA_DIR is quiet");
        register();

        // Ctrl-C in the terminal, and the same command at once.
        Set<ProcessHandle> running = processesOfTheRun();
        int shutdowns = cleanShutdowns();
        first.type(3);
        Terminal second = start("run-stops-2.log");
        awaitGone(running, "Ctrl-C");
        assertEquals(shutdowns + 1, cleanShutdowns(), "Ctrl-C: the database was shut down cleanly");
        awaitReady(second);
        assertEveryMerchantIsThere();
        register();

        // A second run on the same DATA_DIR while one serves is refused, and harms nothing.
        long server = server();
        Scripts.Ended refused = Scripts.runToEnd(List.of("run"), environment(Scripts.freePort(), Scripts.freePort()),
                List.of("DB_URL", "CREDENTIALS_KEY"), Duration.ofSeconds(120));
        assertEquals(1, refused.exit(), refused::output);
        assertTrue(refused.output().contains("another run uses " + dataDir) && refused.output().contains("its server pid " + server),
                refused::output);
        assertEquals(200, get(base.resolve("health/ready")).status(), "the run still serves");
        assertTrue(Files.isDirectory(dataDir.resolve("runtime")), "and still has its runtime directory");

        // SIGTERM to the run's whole process group, as a service manager or a container runtime sends.
        running = processesOfTheRun();
        shutdowns = cleanShutdowns();
        long group = ProcessHandle.of(server()).flatMap(p -> Scripts.processGroup(p.pid())).orElseThrow();
        signal("-TERM", "-" + group);
        awaitGone(running, "SIGTERM to the process group " + group);
        assertLockFree("SIGTERM to the process group");
        assertEquals(shutdowns + 1, cleanShutdowns(), "SIGTERM to the group: the database was shut down cleanly");
        Terminal third = start("run-stops-3.log");
        awaitReady(third);
        assertEveryMerchantIsThere();
        register();

        // kill -9 of the JVM, and the same command at once: the watcher still shuts the database down cleanly.
        running = processesOfTheRun();
        shutdowns = cleanShutdowns();
        signal("-KILL", String.valueOf(server()));
        Terminal fourth = start("run-stops-4.log");
        awaitGone(running, "kill -9 of the JVM");
        assertEquals(shutdowns + 1, cleanShutdowns(), "kill -9 of the JVM: the database was shut down cleanly");
        awaitReady(fourth);
        assertEveryMerchantIsThere();

        // A service manager's stop, as server-config/cbec-run.service asks systemd for it: its
        // ExecStop line (SIGTERM to the server process, then a wait for DATA_DIR's lock), then
        // SIGTERM to every process of the service still there (KillMode=control-group): none is.
        running = processesOfTheRun();
        shutdowns = cleanShutdowns();
        String execStop = Files.readAllLines(Path.of("cbec-run.service")).stream().filter(l -> l.startsWith("ExecStop="))
                .map(l -> l.substring("ExecStop=".length())).findFirst().orElseThrow();
        Instant stopping = Instant.now();
        Scripts.Ended stopped = Scripts.runToEnd(List.of("sh", "-c", execStop), Map.of("MAINPID", String.valueOf(server()),
                "DATA_DIR", dataDir.toString()), List.of(), Duration.ofSeconds(70));
        assertEquals(0, stopped.exit(), () -> "the unit's ExecStop ended the run: " + stopped.output());
        assertTrue(Duration.between(stopping, Instant.now()).toSeconds() <= 10, "within 10 s");
        // A process already on its way out when ExecStop returns (seen once under load: one with no
        // command line left to read) is not one systemd must stop: it gets 2 s to be gone.
        Instant settled = Instant.now().plusSeconds(2);
        while (running.stream().anyMatch(RunStopsIT::running) && Instant.now().isBefore(settled)) {
            Thread.sleep(50);
        }
        List<ProcessHandle> left = running.stream().filter(RunStopsIT::running).toList();
        List<String> described = left.stream().map(RunStopsIT::describe).toList();
        left.forEach(p -> p.destroy());
        assertEquals(List.of(), described, "nothing of the run is left for systemd to signal after ExecStop");
        assertLockFree("the unit's ExecStop");
        assertEquals(shutdowns + 1, cleanShutdowns(), "the unit's stop: the database was shut down cleanly");

        // The JVM ending by itself at start (here: a heap it cannot start with), after the database started.
        shutdowns = cleanShutdowns();
        Terminal broken = start("run-stops-5.log", Map.of("JAVA_OPTS", "-Xmx1m"));
        // The run's processes, looked for again and again for as long as the script runs, every one
        // seen kept: the JVM fails and the run stops everything fast, so that one look once the
        // database was up (a scan of every process's command line, slow under load) once found
        // nothing left to look at.
        String databaseUp = "the embedded PostgreSQL of " + dataDir.resolve("pgdata") + " on";
        Set<ProcessHandle> brokenRun = new HashSet<>();
        Instant endBy = Instant.now().plusSeconds(60);
        while (broken.script().isAlive() && Instant.now().isBefore(endBy)) {
            brokenRun.addAll(processesOfTheRun());
            Thread.sleep(20);
        }
        assertTrue(broken.script().waitFor(1, TimeUnit.SECONDS), "the run ends when its JVM cannot start");
        assertTrue(broken.output().contains(databaseUp), broken::output);
        awaitGone(brokenRun, "the JVM ending at start");
        assertLockFree("the JVM ending at start");
        assertEquals(shutdowns + 1, cleanShutdowns(), "the JVM ending at start: the database was shut down cleanly");

        // A database an earlier run left behind on this DATA_DIR (no server uses it; it holds the
        // lock, as a database started by an earlier version of the script does): the run says which
        // process it is, shuts it down, and starts.
        List<String> started = Scripts.run(List.of("bash", "-c", "exec 9>\"$2/pgdata.lock\" && flock -n 9 && exec \"$1\" start \"$2\" \"$3\"",
                "left-behind", Path.of("embedded-postgres").toAbsolutePath().toString(), dataDir.toString(), String.valueOf(pgPort)),
                Map.of(), List.of(), Duration.ofMinutes(2));
        assertTrue(started.stream().anyMatch(l -> l.startsWith("DB_URL=")), started::toString);
        long leftBehind = Long.parseLong(Files.readAllLines(dataDir.resolve("pgdata/postmaster.pid")).get(0).trim());
        Terminal sixth = start("run-stops-6.log");
        awaitReady(sixth);
        assertTrue(sixth.output().contains("(pid " + leftBehind + ") was left running by an earlier run"), sixth::output);
        assertTrue(ProcessHandle.of(leftBehind).isEmpty(), "the database left behind is gone");
        assertEveryMerchantIsThere();
        running = processesOfTheRun();
        sixth.type(3);
        awaitGone(running, "Ctrl-C");
        assertLockFree("Ctrl-C");
        assertTrue(Files.readString(dataDir.resolve("postgres.log")).lines().noneMatch(l -> l.contains("database system was interrupted")),
                "no start of the database found it interrupted: every stop was clean");
    }

    private Terminal start(String logName) throws IOException {
        return start(logName, Map.of());
    }

    /** The README's command, in a pseudo-terminal of its own, as a user starts it in a terminal. */
    private Terminal start(String logName, Map<String, String> extra) throws IOException {
        Path log = Path.of("target", logName).toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder("script", "-q", "-f", "-e", "-c", Path.of("run").toAbsolutePath().toString(),
                "/dev/null").redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment(port, sandboxPort));
        builder.environment().put("EMBEDDED_PG_PORT", String.valueOf(pgPort));
        builder.environment().putAll(extra);
        builder.environment().remove("DB_URL");
        builder.environment().remove("CREDENTIALS_KEY");
        Terminal t = new Terminal(builder.start(), log);
        terminals.add(t);
        return t;
    }

    private Map<String, String> environment(int httpPort, int companyPort) {
        return Map.of("HTTP_PORT", String.valueOf(httpPort), "HTTPS_PORT", String.valueOf(httpsPort),
                "SANDBOX_PORT", String.valueOf(companyPort), "DATA_DIR", dataDir.toString(), "ADMIN_PASSWORD", ADMIN_PASSWORD,
                "SANDBOX_ADMIN_PASSWORD", "run-stops-sandbox-admin-password",
                "DEMO_API_KEY", DEMO_API_KEY, "EMBEDDED_PG_PORT", String.valueOf(pgPort));
    }

    private void awaitReady(Terminal t) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(deadline)) {
            assertTrue(t.script().isAlive(), () -> "the run ended: " + tail(t));
            try {
                if (get(base.resolve("health/ready")).status() == 200
                        && get(base.resolve("broker/v1/merchant/demo"), "app-api-key", DEMO_API_KEY).status() == 200) {
                    return;
                }
            } catch (AssertionError notYetListening) {
                // connection refused while the server starts
            }
            Thread.sleep(500);
        }
        throw new AssertionError("not ready within 4 minutes: " + tail(t));
    }

    /** A merchant and its key, through the admin API: committed before the next stop. */
    private void register() {
        String merchant = "stops-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization",
                basic("admin", ADMIN_PASSWORD)).status());
        Reply issued = postJson(base.resolve("broker/admin/keys"), "{\"merchants\":[\"" + merchant + "\"]}", "Authorization",
                basic("admin", ADMIN_PASSWORD));
        assertEquals(201, issued.status(), issued::toString);
        merchants.put(merchant, issued.json().getString("key"));
    }

    private void assertEveryMerchantIsThere() {
        for (Map.Entry<String, String> m : merchants.entrySet()) {
            Reply mine = get(base.resolve("broker/v1/merchant/" + m.getKey()), "app-api-key", m.getValue());
            assertEquals(200, mine.status(), () -> m.getKey() + ", committed before a stop, is there: " + mine);
        }
    }

    /** The server's pid: the JVM of this run, whose runtime directory is under DATA_DIR. */
    private long server() throws Exception {
        String runtime = dataDir.resolve("runtime").toString();
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains("java") && c.contains(runtime))
                .orElse(false)).mapToLong(ProcessHandle::pid).findFirst().orElseThrow(() -> new AssertionError("no server runs"));
    }

    /**
     * Every process of the run: those whose command line names DATA_DIR (the server, the database,
     * the watcher), every process in their sessions, and their descendants (the database's own).
     */
    private Set<ProcessHandle> processesOfTheRun() throws Exception {
        String dir = dataDir.toString();
        Map<Long, Long> sessions = Scripts.sessions();
        Set<Long> ofTheRun = new HashSet<>();
        for (ProcessHandle p : ProcessHandle.allProcesses().toList()) {
            if (p.info().commandLine().map(c -> c.contains(dir)).orElse(false) && sessions.containsKey(p.pid())) {
                ofTheRun.add(sessions.get(p.pid()));
            }
        }
        Set<ProcessHandle> found = new HashSet<>();
        for (ProcessHandle p : ProcessHandle.allProcesses().toList()) {
            if (ofTheRun.contains(sessions.get(p.pid())) || p.info().commandLine().map(c -> c.contains(dir)).orElse(false)) {
                found.add(p);
                p.descendants().forEach(found::add);
            }
        }
        return found;
    }

    private static void awaitGone(Set<ProcessHandle> processes, String how) throws InterruptedException {
        assertTrue(!processes.isEmpty(), "the run's processes were found before " + how);
        Instant deadline = Instant.now().plusSeconds(10);
        while (processes.stream().anyMatch(RunStopsIT::running) && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        List<String> left = processes.stream().filter(RunStopsIT::running)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
        assertEquals(List.of(), left, "no process of the run is left 10 s after " + how);
    }

    /** A process as a failure message names it: its pid, command line (or name) and state. */
    private static String describe(ProcessHandle p) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", String.valueOf(p.pid()), "stat")).trim();
        } catch (IOException gone) {
            stat = "gone";
        }
        return p.pid() + " " + p.info().commandLine().orElse("?") + " [" + stat + "]";
    }

    /** Whether the process still runs; an ended one its parent has not reaped yet (the machine's init, for a run's orphans) does not. */
    private static boolean running(ProcessHandle p) {
        return p.isAlive() && Scripts.running(p.pid());
    }

    private void assertLockFree(String how) throws Exception {
        Scripts.Ended lock = Scripts.runToEnd(List.of("flock", "-n", dataDir.resolve("pgdata.lock").toString(), "true"), Map.of(),
                List.of(), Duration.ofSeconds(10));
        assertEquals(0, lock.exit(), "the DATA_DIR lock is free after " + how + ": " + lock.output());
    }

    /** How many times the embedded PostgreSQL has logged a clean shutdown. */
    private int cleanShutdowns() throws IOException {
        Path log = dataDir.resolve("postgres.log");
        return Files.exists(log) ? (int) Files.readString(log).lines().filter(l -> l.contains(CLEAN_SHUTDOWN)).count() : 0;
    }

    private static void signal(String signal, String target) throws Exception {
        new ProcessBuilder("kill", signal, "--", target).inheritIO().start().waitFor();
    }

    /** The application's WARNING and SEVERE lines and any stack trace in a run's output. */
    static List<String> warningsAndStackTraces(String output) {
        List<String> found = new ArrayList<>();
        for (String line : output.lines().toList()) {
            java.util.regex.Matcher level = LEVEL.matcher(line);
            if (level.find() && !PAYARA_OWN_WARNINGS.contains(level.group(2)) || STACK_FRAME.matcher(line).matches()) {
                found.add(line.length() > 300 ? line.substring(0, 300) + "…" : line);
            }
        }
        return found;
    }

    private static String tail(Terminal t) {
        List<String> lines = t.output().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
