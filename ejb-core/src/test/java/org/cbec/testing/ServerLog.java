package org.cbec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Payara Micro log of an in-container suite as written so far: every file of the handler
 * ({@code <name>.0}, {@code <name>.1} ...) of the path in {@code CBEC_SERVER_LOG} (the environment
 * the WAR modules' failsafe configuration gives the server and the tests inside it).
 */
public final class ServerLog {

    private ServerLog() {
    }

    /** The log's lines, oldest file first. */
    public static List<String> lines() {
        Path path = Path.of(System.getenv("CBEC_SERVER_LOG")).toAbsolutePath();
        try (Stream<Path> files = Files.list(path.getParent())) {
            return files.filter(p -> p.getFileName().toString().startsWith(path.getFileName().toString())
                            && !p.getFileName().toString().endsWith(".lck"))
                    .sorted().flatMap(ServerLog::read).collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The log's size in bytes so far, every file of the handler together, once what the server
     * has queued is written (Payara's handler writes from a queue of its own, within a second).
     */
    public static long bytes() {
        Path path = Path.of(System.getenv("CBEC_SERVER_LOG")).toAbsolutePath();
        try {
            Thread.sleep(1500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.list(path.getParent())) {
            return files.filter(p -> p.getFileName().toString().startsWith(path.getFileName().toString())
                            && !p.getFileName().toString().endsWith(".lck"))
                    .mapToLong(p -> p.toFile().length()).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<String> read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
