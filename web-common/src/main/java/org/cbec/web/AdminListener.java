package org.cbec.web;

import java.util.OptionalInt;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The admin listener: when the operator gives the admin API a port of its own ({@code admin.port},
 * {@code ADMIN_PORT}), the admin paths are answered on that port only and nothing else is answered
 * there; each refused side gets a 404, as if the path did not exist. Without it every port serves
 * everything. The port is the request's local port, the socket's, which a client cannot choose by
 * a header.
 */
public final class AdminListener {

    public static final String PORT_PROPERTY = "admin.port";

    /** The words of a 404 for a path this port does not serve, as for any unknown path. */
    public static final String NOT_FOUND = "not found: no resource at this path";

    /** The path, within a service, under which its admin API lives. */
    static final String ADMIN_PATH = "/admin";

    private AdminListener() {
    }

    /** The configured admin port, read each time (MicroProfile Config caches it). */
    public static OptionalInt port() {
        return ConfigProvider.getConfig().getOptionalValue(PORT_PROPERTY, Integer.class).filter(p -> p > 0)
                .map(OptionalInt::of).orElseGet(OptionalInt::empty);
    }

    /** Whether a request to an admin path ({@code admin}) or another one is served on {@code localPort}. */
    public static boolean serves(OptionalInt adminPort, int localPort, boolean admin) {
        return adminPort.isEmpty() || (adminPort.getAsInt() == localPort) == admin;
    }

    /** Whether a path within the service (servlet path and path info, as the container decoded them) is an admin path. */
    public static boolean adminPath(String servletPath, String pathInfo) {
        String path = (servletPath == null ? "" : servletPath) + (pathInfo == null ? "" : pathInfo);
        while (path.startsWith("//")) {
            path = path.substring(1);
        }
        return path.equals(ADMIN_PATH) || path.startsWith(ADMIN_PATH + "/");
    }
}
