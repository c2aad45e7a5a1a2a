package org.cbec.web.docs;

import jakarta.enterprise.inject.Vetoed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.cbec.web.ServiceEnvelope;

/**
 * A service's API document and its interactive page, served by the service itself: {@code GET
 * openapi} answers the YAML document, or JSON when the client asks for {@code application/json}
 * (or {@code ?format=json}); {@code GET api-docs/} is Swagger UI, from its webjar, showing that
 * document. Nothing is fetched from elsewhere. Each WAR extends this with its document's resource
 * name, its page title and its envelope, and the markers that let a request through without an API
 * key and name the action of a failure.
 * <p>
 * Not abstract, though only subclassed: the container hands Jersey every class with a JAX-RS
 * annotation, method level included, and Jersey warned at each start that an abstract one "cannot
 * be instantiated". With no {@code @Path} of its own this class is never a root resource, and its
 * constructor is protected. {@code @Vetoed} keeps it out of CDI for the same reason (the veto is
 * not inherited: each WAR's subclass stays a bean).
 */
@Vetoed
public class ApiDocs {

    static final String YAML = "application/yaml";
    /** Swagger UI sets inline styles: the page allows those, and scripts only from this service. */
    static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none';"
            + " frame-ancestors 'none'";

    /** The files the page may load: Swagger UI's own (webjar) and this library's initializer and page. */
    private static final Map<String, String> TYPES = Map.of(
            "swagger-ui.css", "text/css;charset=UTF-8",
            "swagger-ui-bundle.js", "text/javascript;charset=UTF-8",
            "favicon-32x32.png", "image/png",
            "favicon-16x16.png", "image/png",
            "api-docs.js", "text/javascript;charset=UTF-8");

    private static final String OWN = "org/cbec/web/docs/";

    /** Each document read once per class loader (a WAR), by its resource name. */
    private static final Map<String, ApiDocument> DOCUMENTS = new ConcurrentHashMap<>();

    private final String documentResource;
    private final String title;
    private final ServiceEnvelope envelope;

    protected ApiDocs(String documentResource, String title, ServiceEnvelope envelope) {
        this.documentResource = documentResource;
        this.title = title;
        this.envelope = envelope;
    }

    @GET
    @Path("openapi")
    public Response document(@HeaderParam(HttpHeaders.ACCEPT) String accept, @QueryParam("format") String format) {
        ApiDocument d = document();
        if (wantsJson(accept, format)) {
            return Response.ok(d.json(), "application/json;charset=UTF-8").header(HttpHeaders.VARY, HttpHeaders.ACCEPT).build();
        }
        return Response.ok(d.yaml(), YAML + ";charset=UTF-8").header(HttpHeaders.VARY, HttpHeaders.ACCEPT).build();
    }

    @GET
    @Path("api-docs")
    public Response page(@Context UriInfo uri) {
        // The page's files are named relative to it, so it must be asked for as a directory.
        if (!uri.getRequestUri().getRawPath().endsWith("/")) {
            return Response.status(Response.Status.MOVED_PERMANENTLY).location(uri.getRequestUriBuilder()
                    .replacePath(uri.getRequestUri().getRawPath() + "/").build()).build();
        }
        String page = text(OWN + "index.html").replace("{{title}}", escaped(title));
        return Response.ok(page, "text/html;charset=UTF-8").header("Content-Security-Policy", PAGE_POLICY)
                .header("X-Content-Type-Options", "nosniff").header("X-Frame-Options", "DENY").build();
    }

    @GET
    @Path("api-docs/{file}")
    public Response file(@PathParam("file") String file) {
        String type = TYPES.get(file);
        byte[] bytes = type == null ? null : bytes(file.equals("api-docs.js") ? OWN + file : webjar() + file);
        if (bytes == null) {
            return ServiceEnvelope.json(404, envelope.refusal(404, "no such file: " + file, null)).build();
        }
        return Response.ok(bytes, type).header("Cache-Control", "public, max-age=3600")
                .header("X-Content-Type-Options", "nosniff").build();
    }

    static boolean wantsJson(String accept, String format) {
        if (format != null) {
            return format.equalsIgnoreCase("json");
        }
        return accept != null && accept.contains("json") && !accept.contains("yaml");
    }

    private ApiDocument document() {
        ClassLoader loader = getClass().getClassLoader();
        return DOCUMENTS.computeIfAbsent(System.identityHashCode(loader) + ":" + documentResource,
                k -> ApiDocument.load(loader, documentResource));
    }

    private String webjar() {
        Properties p = new Properties();
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("the swagger-ui webjar is not on the class path");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "META-INF/resources/webjars/swagger-ui/" + p.getProperty("version") + "/";
    }

    private byte[] bytes(String resource) {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String text(String resource) {
        return new String(bytes(resource), StandardCharsets.UTF_8);
    }

    private static String escaped(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
