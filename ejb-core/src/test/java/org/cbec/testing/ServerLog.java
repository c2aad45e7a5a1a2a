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

    /**
     * The handler's files oldest first: it writes to {@code <name>.0} and, when that is full, moves
     * each file one generation up ({@code .0} to {@code .1} ...), so the highest number is the oldest.
     */
    private static final java.util.Comparator<Path> OLDEST_FIRST = java.util.Comparator.comparingInt(ServerLog::generation).reversed();

    private static int generation(Path file) {
        String name = file.getFileName().toString();
        String suffix = name.substring(name.lastIndexOf('.') + 1);
        return suffix.chars().allMatch(Character::isDigit) && !suffix.isEmpty() ? Integer.parseInt(suffix) : -1;
    }

    /**
     * The lines written at or after {@code since} (by the time each line starts with), with the lines
     * of a multi-line entry that follow them: unlike a count of lines, unmoved by the handler's
     * rotation between two reads.
     */
    public static List<String> since(java.time.Instant since) {
        List<String> found = new java.util.ArrayList<>();
        boolean taking = false;
        for (String line : lines()) {
            if (line.startsWith("[") && line.length() > 30 && Character.isDigit(line.charAt(1))) {
                try {
                    taking = !java.time.OffsetDateTime.parse(line.substring(1, line.indexOf(']')),
                            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ")).toInstant().isBefore(since);
                } catch (RuntimeException notATime) {
                    // a line of a multi-line entry that happens to start with a bracket: it follows its entry
                }
            }
            if (taking) {
                found.add(line);
            }
        }
        return found;
    }

    /** The log's lines, oldest file first. */
    public static List<String> lines() {
        Path path = Path.of(System.getenv("CBEC_SERVER_LOG")).toAbsolutePath();
        try (Stream<Path> files = Files.list(path.getParent())) {
            return files.filter(p -> p.getFileName().toString().startsWith(path.getFileName().toString())
                            && !p.getFileName().toString().endsWith(".lck"))
                    .sorted(OLDEST_FIRST).flatMap(ServerLog::read).collect(Collectors.toList());
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
