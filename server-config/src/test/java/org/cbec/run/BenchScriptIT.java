package org.cbec.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The benchmark script runs end to end in its quick mode, on both databases, and prints every
 * figure line of the benchmark, each with a number, its target and met or missed, a row per
 * operation and database, the sandbox alone under the slow company's latency (every answer its
 * 401 to an unsigned call), the rate each database sustained with that company, and the embedded
 * store's run (creates with their polls, all answered 200, and its growth). The values, the errors under load included, are not asserted: on a
 * shared machine they are measurements, not behaviours, and a quick run's figures come from far
 * fewer requests than the real run's. What is asserted is that every part ran (exit 0: a server
 * that does not start, or a load run with no result, fails the script) and printed its figures.
 */
class BenchScriptIT {

    private static final List<String> FIGURES = List.of("create_ratio_epg", "query_ratio_epg", "cart_ratio_epg", "create_ratio_pg",
            "query_ratio_pg", "cart_ratio_pg", "own_p99_create_ms", "own_p99_query_ms", "store_kb_per_payment_epg",
            "store_own_p99_create_ms_epg", "store_own_p99_query_ms_epg", "overload_refusal_p99_ms", "recovery_s",
            "startup_ratio", "rss_mb", "capacity_ratio_slow_company", "ledger_balance_ratio_epg", "ledger_payout_ratio_epg",
            "ledger_balance_ratio_pg", "ledger_payout_ratio_pg");

    @Test
    void theQuickBenchmarkPrintsEveryFigureLine() throws Exception {
        int port = freePorts();
        Path log = Path.of("target", "bench-it.log").toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(new File("bench").getAbsolutePath(), "--quick").redirectError(log.toFile());
        builder.environment().put("BENCH_PORT", String.valueOf(port));
        builder.environment().remove("JAVA_OPTS");
        Process bench = builder.start();
        String out = new String(bench.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bench.waitFor(15, TimeUnit.MINUTES), "the quick benchmark ends within 15 minutes");
        assertEquals(0, bench.exitValue(), () -> out + Scripts.tail(log));

        for (String name : FIGURES) {
            Matcher m = Pattern.compile("(?m)^figure " + name + " (-?[0-9]+(?:\\.[0-9]+)?) target [0-9.]+ (met|missed)$").matcher(out);
            assertTrue(m.find(), () -> "no figure line for " + name + " in:\n" + out);
        }
        assertEquals(FIGURES.size(), out.lines().filter(l -> l.startsWith("figure ")).count(), out);
        for (String db : List.of("epg", "pg")) {
            for (String op : List.of("ping", "create", "query", "cart")) {
                // saturation req/s, CPU ms per request without and with the JIT, errors (counted, not
                // asserted: a timeout under load on two shared cores is a measurement, not a defect)
                Pattern row = Pattern.compile("(?m)^\\[" + db + "\\] " + op + " +([0-9.]+) +[0-9.]+ +[0-9.]+ +[0-9]+$");
                Matcher m = row.matcher(out);
                assertTrue(m.find(), () -> db + " " + op + ": a row with its figures in:\n" + out);
                assertTrue(Double.parseDouble(m.group(1)) > 0, () -> db + " " + op + ": the block got answers:\n" + out);
            }
        }
        // The slow company: the sandbox alone under its latency answered, and each database's sustained rate.
        assertTrue(Pattern.compile("(?m)^the sandbox alone with a latency of lognormal 150 800 ms: [0-9.]+ answers/s of [0-9.]+/s sent \\(twice the create's saturation rate\\), "
                + "client p50 [0-9.]+ ms p99 [0-9.]+ ms \\(401:[0-9]+\\)$").matcher(out).find(), out);
        for (String db : List.of("epg", "pg")) {
            assertTrue(Pattern.compile("(?m)^\\[" + db + "\\] slow company \\(lognormal 150 800 ms\\): creates sustained at [0-9.]+/s").matcher(out).find(),
                    () -> db + ": the slow company's line in:\n" + out);
        }
        // The embedded store's run: creates with their polls, every answer 200, and what the store grew by.
        assertTrue(Pattern.compile("(?m)^\\[epg\\] store run of 10 s at [0-9.]+ creates/s, each polled: [1-9][0-9]* payments made, [1-9][0-9]* polls, "
                + "[0-9]+ answers not 200; the store grew by [0-9]+ MB: [0-9.]+ KB per payment in the first half, [0-9.]+ in the second").matcher(out).find(), out);
        // The ledger: a balance read and a payout for a merchant of 10 entries and one of 200,000, on each database.
        for (String db : List.of("epg", "pg")) {
            assertTrue(Pattern.compile("(?m)^\\[" + db + "\\] ledger, own time p50 \\(median of 1 rounds\\) with 10 entries and with 200000: "
                    + "balance read [0-9.]+ and [0-9.]+ ms, payout [0-9.]+ and [0-9.]+ ms; [0-9]+ answers not 200$").matcher(out).find(), () -> db + ": the ledger's line in:\n" + out);
        }
        assertEquals(out.substring(out.indexOf("== cbec benchmark summary ==")).strip(),
                Files.readString(Path.of("target", "bench", "summary.txt")).strip(), "the summary is also in the file");
    }

    /**
     * A port P in 19000-19999 with P+1, P+20, P+32 and P+52 also free: the broker, the empty Micro,
     * the sandbox, and the broker's and the sandbox's embedded PostgreSQL.
     */
    private static int freePorts() {
        for (int port = 19000 + (int) (ProcessHandle.current().pid() % 400) * 2; port < 19970; port += 2) {
            if (Scripts.free(port) && Scripts.free(port + 1) && Scripts.free(port + 20) && Scripts.free(port + 32)
                    && Scripts.free(port + 52)) {
                return port;
            }
        }
        throw new IllegalStateException("no free ports in 19000-19999");
    }
}
