package org.cbec.webhook.control;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.config.Lookup;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * Sends one delivery attempt to a checked target, connecting only to the addresses the check
 * accepted: the connection's resolver answers those for the target's host and nothing else, so
 * the name is not resolved a second time between the check and the connection. TLS still names
 * and verifies the host (SNI and the certificate's names), and the Host header is the host's.
 * <p>
 * Each attempt has its own connection, closed after it: an attempt is bounded by the connect
 * timeout and the attempt timeout (the answer's status line and headers must arrive within it, or
 * the attempt is cancelled), redirects are not followed, and the answer's body is never read.
 */
public final class WebhookClient {

    /** What the receiver answered: its status, or why there was none. */
    public record Answer(Integer status, String error) {
    }

    private final Duration connectTimeout;
    private final Duration attemptTimeout;
    private final ScheduledExecutorService deadlines;
    private final Lookup<TlsSocketStrategy> tls;
    private final ManagedHttpClientConnectionFactory connections;

    /** {@code deadlines} cancels an attempt that has not been answered after {@code attemptTimeout}. */
    public WebhookClient(Duration connectTimeout, Duration attemptTimeout, ScheduledExecutorService deadlines) {
        this.connectTimeout = connectTimeout;
        this.attemptTimeout = attemptTimeout;
        this.deadlines = deadlines;
        this.tls = RegistryBuilder.<TlsSocketStrategy>create().register(URIScheme.HTTPS.id, DefaultClientTlsStrategy.createSystemDefault()).build();
        // A receiver's status line and headers are small; a longer or endless head is no answer.
        this.connections = ManagedHttpClientConnectionFactory.builder()
                .http1Config(Http1Config.custom().setMaxLineLength(8 * 1024).setMaxHeaderCount(100).build()).build();
    }

    /** POSTs {@code body} as JSON with {@code headers} to {@code url}, whose host {@code target} checked. */
    public Answer post(Targets.Checked target, URI url, Map<String, String> headers, String body) {
        if (target.refused()) {
            throw new IllegalArgumentException("a refused target is not sent to");
        }
        BasicHttpClientConnectionManager manager = BasicHttpClientConnectionManager.create(DefaultSchemePortResolver.INSTANCE,
                new CheckedAddresses(target), tls, connections);
        manager.setConnectionConfig(ConnectionConfig.custom().setConnectTimeout(Timeout.of(connectTimeout))
                .setSocketTimeout(Timeout.of(attemptTimeout)).build());
        HttpPost post = new HttpPost(url);
        headers.forEach(post::setHeader);
        post.setEntity(new ByteArrayEntity(body.getBytes(StandardCharsets.UTF_8), ContentType.create("application/json")));
        AtomicBoolean late = new AtomicBoolean();
        try (CloseableHttpClient http = HttpClients.custom().setConnectionManager(manager).disableRedirectHandling()
                .disableAutomaticRetries().disableCookieManagement().disableAuthCaching().disableContentCompression()
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(attemptTimeout)).build()).build()) {
            ScheduledFuture<?> deadline = deadlines.schedule(() -> {
                late.set(true);
                post.cancel();
            }, attemptTimeout.toMillis(), TimeUnit.MILLISECONDS);
            try (ClassicHttpResponse answer = http.executeOpen(null, post, null)) {
                // Closed unread: the connection is this attempt's only, so nothing waits for the body.
                return new Answer(answer.getCode(), null);
            } finally {
                deadline.cancel(false);
            }
        } catch (IOException | RuntimeException failed) {
            if (late.get() || failed instanceof java.net.SocketTimeoutException) {
                return new Answer(null, "no answer within " + attemptTimeout.toSeconds() + " s");
            }
            return new Answer(null, "no answer (" + failed.getClass().getSimpleName() + ")");
        }
    }

    /** Answers the checked host with the checked addresses, and no other name at all. */
    private record CheckedAddresses(Targets.Checked target) implements DnsResolver {

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            if (!Targets.bare(host).equalsIgnoreCase(target.host())) {
                throw new UnknownHostException("only the checked host is connected to");
            }
            return target.addresses().toArray(InetAddress[]::new);
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            return host;
        }
    }
}
