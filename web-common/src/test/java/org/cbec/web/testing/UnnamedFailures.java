package org.cbec.web.testing;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.cbec.web.error.FailureAction;
import org.cbec.web.error.FailureActions;

/**
 * For the WARs' tests: the operations of a module that name no {@link FailureAction}, so that a new
 * operation without one fails the build. The module's resources are the classes with {@code @Path}
 * compiled beside an anchor class, in its package and below; its operations are their methods with
 * an HTTP method annotation ({@code @GET}, {@code @POST} ...).
 */
public final class UnnamedFailures {

    private UnnamedFailures() {
    }

    /** {@code Class.method} of every operation without an action; empty when all name one. */
    public static List<String> besides(Class<?> anchor) {
        List<String> unnamed = new ArrayList<>();
        for (Class<?> resource : resources(anchor)) {
            for (Method m : resource.getDeclaredMethods()) {
                if (operation(m) && FailureActions.of(m, resource).isEmpty()) {
                    unnamed.add(resource.getSimpleName() + "." + m.getName());
                }
            }
        }
        return unnamed;
    }

    /** The classes with {@code @Path} in the anchor's package and below; fails when there are none. */
    public static List<Class<?>> resources(Class<?> anchor) {
        String prefix = anchor.getPackageName();
        java.nio.file.Path root;
        try {
            root = java.nio.file.Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        java.nio.file.Path dir = root.resolve(prefix.replace('.', '/'));
        List<Class<?>> found = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
            for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String name = root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name, false, anchor.getClassLoader());
                if (type.isAnnotationPresent(Path.class)) {
                    found.add(type);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no resource class beside " + anchor.getName() + " in " + dir);
        }
        return found;
    }

    private static boolean operation(Method m) {
        return Arrays.stream(m.getAnnotations()).anyMatch(a -> a.annotationType().isAnnotationPresent(HttpMethod.class));
    }
}
