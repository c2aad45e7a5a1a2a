package org.cbec.web.access;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;

/** What credentials an endpoint asks for, read from its method and class, for both web modules. */
public enum Endpoints {
    /** The administrator's Basic credentials: marked {@link AdminOnly}. */
    ADMIN,
    /** No API key: marked {@link OpenEndpoint}. */
    OPEN,
    /** An API key granted for the party in the path: everything else. */
    KEYED;

    public static Endpoints of(Method method, Class<?> type) {
        if (marked(method, type, AdminOnly.class)) {
            return ADMIN;
        }
        return marked(method, type, OpenEndpoint.class) ? OPEN : KEYED;
    }

    private static boolean marked(Method method, Class<?> type, Class<? extends Annotation> annotation) {
        return method != null && method.isAnnotationPresent(annotation) || type != null && type.isAnnotationPresent(annotation);
    }
}
