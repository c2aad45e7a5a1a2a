package org.cbec.cart.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.cart.control.EcbReferenceRates;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The GBP→CNY rate that new carts lock: the ECB daily reference rates (CNY/GBP cross rate),
 * fetched from {@code rates.ecb.url} at startup and every hour. A failed fetch keeps the last good
 * rate; before any fetch has succeeded (or with no URL configured, as on machines without
 * internet) the configured {@code rates.fallback.gbp-cny} is used.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ExchangeRates {

    private static final Logger LOG = Logger.getLogger(ExchangeRates.class.getName());

    /** A rate with where it came from and the day it is for. */
    public record Rate(BigDecimal rate, String source, LocalDate date) {
    }

    @Inject
    @ConfigProperty(name = "rates.ecb.url")
    Optional<String> ecbUrl;

    @Inject
    @ConfigProperty(name = "rates.fallback.gbp-cny", defaultValue = "9.200000")
    BigDecimal fallback;

    @EJB
    RateBook book;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @PostConstruct
    void start() {
        refresh();
    }

    @Schedule(hour = "*", minute = "7", persistent = false)
    void hourly() {
        refresh();
    }

    /** Fetches the current reference rates; returns whether a new rate was stored. */
    public boolean refresh() {
        if (ecbUrl.filter(u -> !u.isBlank()).isEmpty()) {
            return false;
        }
        try {
            HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(URI.create(ecbUrl.get()))
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                LOG.warning(() -> "ECB reference rates not fetched (HTTP " + response.statusCode() + "); keeping " + current());
                return false;
            }
            EcbReferenceRates.DailyRates rates = EcbReferenceRates.parse(new ByteArrayInputStream(response.body()));
            BigDecimal rate = EcbReferenceRates.cross(rates, "GBP", "CNY");
            book.store(rate, "ECB", rates.date());
            cached = null;
            LOG.info(() -> "GBP→CNY reference rate " + rate + " for " + rates.date() + " (ECB)");
            return true;
        } catch (java.io.IOException | IllegalArgumentException e) {
            LOG.warning(() -> "ECB reference rates not fetched (" + e.getClass().getSimpleName() + "); keeping " + current());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The rate a cart created now locks: the newest stored rate, read from the database at most
     * once a minute (every cart used to read it; the store changes hourly at most), or the
     * configured fallback before any fetch has succeeded. A successful fetch here is seen at once;
     * one by another node within the minute.
     */
    public Rate current() {
        Cached c = cached;
        long now = System.nanoTime();
        if (c != null && now - c.readAt() < CACHE_NANOS) {
            return c.rate();
        }
        Rate rate = book.latest().orElseGet(() -> new Rate(fallback.setScale(6, java.math.RoundingMode.HALF_EVEN), "CONFIG",
                LocalDate.now(ZoneId.of("Asia/Shanghai"))));
        cached = new Cached(rate, now);
        return rate;
    }

    private record Cached(Rate rate, long readAt) {
    }

    private static final long CACHE_NANOS = java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
    private volatile Cached cached;
}
