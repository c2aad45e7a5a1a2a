package org.cbec.run;

import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.cbec.testing.Http.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The README's run command, for real: {@code server-config/run} starts both WARs on Payara Micro
 * with the file-based H2 database under DATA_DIR; data written through the API is there after a
 * Ctrl-C and a second start.
 */
class RunScriptIT {

    private static final String ADMIN_PASSWORD = "run-it-admin-password";
    private static final String DEMO_API_KEY = "run-it-demo-broker-key-0123456789";
    private static final String DEMO_CA_KEY = "run-it-demo-checkout-key-0123456789";

    private final Path dataDir = Path.of("target", "run-it-data").toAbsolutePath();
    private Process server;

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null && server.isAlive()) {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void dataWrittenBeforeARestartIsThereAfterIt() throws Exception {
        deleteRecursively(dataDir);
        int port = freePort();
        URI base = URI.create("http://localhost:" + port + "/");

        Path firstLog = start(port, "run-it-1.log");
        awaitReady(base, firstLog);
        assertTrue(get(base.resolve("openapi")).body().contains("/v1/merchant/{merchant}"), "the broker API is documented");
        assertTrue(get(base.resolve("openapi")).body().contains("/enterprises/{enterpriseId}"), "the checkout API is documented");

        String merchant = "restart-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin()).status());
        Reply issued = postJson(base.resolve("broker/admin/keys"), "{\"merchants\":[\"" + merchant + "\"]}", "Authorization", admin());
        assertEquals(201, issued.status(), issued::toString);
        String key = issued.json().getString("key");
        String enterprise = "restart-e-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(base.resolve("checkout/admin/enterprises"),
                "{\"enterpriseId\":\"" + enterprise + "\",\"name\":\"重启测试\"}", "Authorization", admin()).status());
        Reply caIssued = postJson(base.resolve("checkout/admin/keys"), "{\"enterprises\":[\"" + enterprise + "\"]}", "Authorization", admin());
        String caKey = caIssued.json().getJsonObject("data").getString("key");

        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS), "Ctrl-C stops the server");

        Path secondLog = start(port, "run-it-2.log");
        awaitReady(base, secondLog);
        Reply mine = get(base.resolve("broker/v1/merchant/" + merchant), "app-api-key", key);
        assertEquals(200, mine.status(), mine::toString);
        assertEquals(merchant, mine.json().getString("merchant"));
        Reply theirs = get(base.resolve("checkout/enterprises/" + enterprise), "x-ca-key", caKey);
        assertEquals(200, theirs.status(), theirs::toString);
        assertEquals("重启测试", theirs.json().getJsonObject("data").getString("name"));
        assertEquals(409, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"demo\"}", "Authorization", admin()).status(),
                "demo provisioning ran twice and created the demo merchant once");

        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        for (Path log : new Path[] {firstLog, secondLog}) {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            for (String secret : new String[] {key, caKey, ADMIN_PASSWORD, DEMO_API_KEY, DEMO_CA_KEY}) {
                assertFalse(text.contains(secret), "a secret is in " + log.getFileName());
            }
        }
    }

    private Path start(int port, String logName) throws IOException {
        Path log = Path.of("target", logName).toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(new File("run").getAbsolutePath())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("HTTP_PORT", String.valueOf(port));
        builder.environment().put("DATA_DIR", dataDir.toString());
        builder.environment().put("ADMIN_PASSWORD", ADMIN_PASSWORD);
        builder.environment().put("DEMO_API_KEY", DEMO_API_KEY);
        builder.environment().put("DEMO_CA_KEY", DEMO_CA_KEY);
        builder.environment().remove("DB_URL");
        server = builder.start();
        return log;
    }

    /** Ready means: readiness UP and both services answering their demo keys. */
    private void awaitReady(URI base, Path log) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(deadline)) {
            assertTrue(server.isAlive(), () -> "the run script exited: " + tail(log));
            try {
                if (get(base.resolve("health/ready")).status() == 200
                        && get(base.resolve("broker/v1/merchant/demo"), "app-api-key", DEMO_API_KEY).status() == 200
                        && get(base.resolve("checkout/merchants/demo"), "x-ca-key", DEMO_CA_KEY).status() == 200) {
                    return;
                }
            } catch (AssertionError notYetListening) {
                // connection refused while Micro boots
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("not ready within 4 minutes: " + tail(log));
    }

    private static void interrupt(Process process) throws Exception {
        // What Ctrl-C sends; the script exec's java, so the pid is Payara Micro's.
        new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).inheritIO().start().waitFor();
    }

    private static String admin() {
        return basic("admin", ADMIN_PASSWORD);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.substring(Math.max(0, text.length() - 4000));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }
}
