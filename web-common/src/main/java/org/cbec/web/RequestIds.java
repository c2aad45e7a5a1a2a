package org.cbec.web;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Request ids ({@code X-Request-Id}): the caller's when it is a plain token, else a new one. While
 * a request is served, its id is part of the serving thread's name, which Payara writes into every
 * log line ({@code _ThreadName=… req=<id>}): so every line written for the request carries it,
 * the application's, EclipseLink's and Payara's alike, whichever application on the server wrote
 * it, without touching any logger.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
    private static final String MARK = " req=";

    private RequestIds() {
    }

    /** The id to use for a request that came with {@code given} (null when it came with none). */
    public static String accept(String given) {
        return given != null && PLAIN.matcher(given).matches() ? given : UUID.randomUUID().toString();
    }

    /** Puts {@code id} into this thread's name until the returned scope is closed. */
    public static Scope onThisThread(String id) {
        Thread thread = Thread.currentThread();
        String name = thread.getName();
        int marked = name.indexOf(MARK);
        String base = marked < 0 ? name : name.substring(0, marked);
        thread.setName(base + MARK + id);
        return () -> thread.setName(base);
    }

    /** The id of the request this thread serves now ({@link #onThisThread}), or null. */
    public static String current() {
        String name = Thread.currentThread().getName();
        int marked = name.indexOf(MARK);
        return marked < 0 ? null : name.substring(marked + MARK.length());
    }

    /** A request's time on a thread. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
