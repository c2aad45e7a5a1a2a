package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.URL;
import java.util.Arrays;

/** What an operator's Prometheus reads at a node's {@code /metrics}. */
public final class Metrics {

    private Metrics() {
    }

    /** The node's series in the text format, from the root of {@code base}'s host. */
    public static String scrape(URL base, String query) {
        Http.Reply metrics = Http.get(URI.create(base.toString()).resolve("/metrics" + query), "Accept", "text/plain");
        assertEquals(200, metrics.status(), metrics::toString);
        return metrics.body();
    }

    /** The sum of the series named {@code prefix} (with its opening brace) whose labels include all of {@code labels}. */
    public static double sum(String scrape, String prefix, String... labels) {
        return scrape.lines().filter(l -> l.startsWith(prefix) && Arrays.stream(labels).allMatch(l::contains))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
