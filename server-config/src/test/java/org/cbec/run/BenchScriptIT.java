package org.cbec.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The benchmark script runs end to end in its quick mode and prints every figure of issue 7:
 * req/s of the four operations and the two crypto floors, the three ratios, the broker's own time,
 * startup against an empty Payara Micro, and the peak RSS. The targets themselves are not
 * asserted: on a shared machine they are measurements, not behaviours.
 */
class BenchScriptIT {

    private static final String NUMBER = "([0-9]+(?:\\.[0-9]+)?)";

    @Test
    void theQuickBenchmarkPrintsEveryFigureWithoutErrors() throws Exception {
        int port = freePortPair();
        Path log = Path.of("target", "bench-it.log").toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(new File("bench").getAbsolutePath(), "--quick")
                .redirectError(log.toFile());
        builder.environment().put("BENCH_PORT", String.valueOf(port));
        builder.environment().remove("JAVA_OPTS");
        Process bench = builder.start();
        String out = new String(bench.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bench.waitFor(10, TimeUnit.MINUTES), "the quick benchmark ends within 10 minutes");
        assertEquals(0, bench.exitValue(), () -> out + Scripts.tail(log));

        for (String operation : List.of("ping", "create", "query", "cart", "floor-create", "floor-query")) {
            Matcher row = find(out, "(?m)^" + operation + " +" + NUMBER + " +" + NUMBER + " +" + NUMBER + " +([0-9]+) ");
            assertTrue(Double.parseDouble(row.group(1)) > 0, operation + " min req/s: " + row.group());
            assertTrue(Double.parseDouble(row.group(2)) > 0, operation + " median req/s: " + row.group());
            assertEquals("0", row.group(4), operation + " errors: " + row.group());
        }
        for (String ratio : List.of("create / floor-create", "query / floor-query", "cart / ping")) {
            Matcher line = find(out, "(?m)^" + Pattern.quote(ratio) + " +" + NUMBER + " ");
            assertTrue(Double.parseDouble(line.group(1)) > 0, line.group());
        }
        for (String operation : List.of("create", "query")) {
            Matcher open = find(out, "(?m)^  " + operation + " .*errors 0; broker p50 " + NUMBER + " ms, p99 " + NUMBER + " ms");
            assertTrue(Double.parseDouble(open.group(1)) > 0 && Double.parseDouble(open.group(2)) >= Double.parseDouble(open.group(1)),
                    open.group());
        }
        Matcher startup = find(out, "startup to ready: app " + NUMBER + " s .*empty Payara Micro " + NUMBER + " s .*: " + NUMBER + "x");
        assertTrue(Double.parseDouble(startup.group(1)) > 0 && Double.parseDouble(startup.group(2)) > 0, startup.group());
        Matcher rss = find(out, "peak RSS: " + NUMBER + " MB");
        assertTrue(Double.parseDouble(rss.group(1)) > 0, rss.group());
        assertTrue(out.contains("errors: within"), out);

        assertEquals(out.substring(out.indexOf("== cbec benchmark summary ==")).strip(),
                Files.readString(Path.of("target", "bench", "summary.txt")).strip(), "the summary is also in the file");
    }

    private static Matcher find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), () -> "no match for " + regex + " in:\n" + text);
        return m;
    }

    /** A port P in 19000-19999 with P+1 also free: the script's server and its empty Payara Micro. */
    private static int freePortPair() throws IOException {
        for (int port = 19000 + (int) (ProcessHandle.current().pid() % 400) * 2; port < 19998; port += 2) {
            if (free(port) && free(port + 1)) {
                return port;
            }
        }
        throw new IllegalStateException("no two free ports in 19000-19999");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port)) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
