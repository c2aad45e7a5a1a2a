package org.cbec.testing.arquillian;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.jboss.arquillian.container.spi.client.protocol.metadata.HTTPContext;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.container.spi.client.protocol.metadata.Servlet;
import org.jboss.arquillian.container.spi.event.container.AfterDeploy;
import org.jboss.arquillian.container.spi.event.container.BeforeDeploy;
import org.jboss.arquillian.core.api.Instance;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * The Payara Micro connector reports a deployment as soon as Micro prints its configuration, a
 * moment before the web context is mapped; a test sent in that moment gets the container's HTML
 * 404. This waits, after every deployment, until the context root answers with anything else.
 * Where a module runs Micro on a fixed port ({@code HTTP_PORT}), it also waits before each
 * deployment until the previous Micro, which the connector stops without waiting, has let go of it.
 */
public class AwaitDeployedContext implements LoadableExtension {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Override
    public void register(ExtensionBuilder builder) {
        builder.observer(Waiter.class);
    }

    public static class Waiter {

        @Inject
        private Instance<ProtocolMetaData> metaData;

        public void awaitFreePort(@Observes BeforeDeploy deploying) throws InterruptedException {
            String port = System.getenv("HTTP_PORT");
            if (port == null) {
                return;
            }
            Instant deadline = Instant.now().plus(LIMIT);
            while (Instant.now().isBefore(deadline)) {
                try (java.net.Socket inUse = new java.net.Socket("localhost", Integer.parseInt(port))) {
                    Thread.sleep(200);
                } catch (java.io.IOException free) {
                    return;
                }
            }
            throw new IllegalStateException("port " + port + " still in use after " + LIMIT);
        }

        public void awaitContext(@Observes AfterDeploy deployed) throws InterruptedException {
            ProtocolMetaData data = metaData.get();
            if (data == null) {
                return;
            }
            for (HTTPContext context : data.getContexts(HTTPContext.class)) {
                String root = context.getServlets().stream().map(Servlet::getContextRoot).findFirst().orElse("");
                await(URI.create("http://" + context.getHost() + ":" + context.getPort() + root + "/"));
            }
        }

        private static void await(URI uri) throws InterruptedException {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            Instant deadline = Instant.now().plus(LIMIT);
            while (Instant.now().isBefore(deadline)) {
                try {
                    HttpResponse<Void> response = client.send(HttpRequest.newBuilder(uri).GET().build(),
                            HttpResponse.BodyHandlers.discarding());
                    boolean containerPage = response.statusCode() == 404
                            && response.headers().firstValue("Content-Type").orElse("").startsWith("text/html");
                    if (!containerPage) {
                        return;
                    }
                } catch (java.io.IOException notListening) {
                    // not accepting connections yet
                }
                Thread.sleep(200);
            }
            throw new IllegalStateException(uri + " was not mapped within " + LIMIT);
        }
    }
}
