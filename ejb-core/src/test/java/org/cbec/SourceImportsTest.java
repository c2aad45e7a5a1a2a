package org.cbec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What {@link CoreArchitectureTest} cannot see: it reads the bytecode, where an import that only
 * javadoc uses ({@code {@link}}, {@code @see}) leaves no trace. These rules read ejb-core's main
 * sources: no file imports what it does not use, and the top-level packages' imports, those used
 * only by javadoc included, go in one direction only and the directions the architecture names.
 */
class SourceImportsTest {

    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?\\s*;[ \\t]*$");
    private static final Pattern STRING = Pattern.compile("'(?:\\\\.|[^'\\\\\\n])'|\"\"\"[\\s\\S]*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"");

    /**
     * Top-level packages and those they must not import, as {@link CoreArchitectureTest}'s rules
     * say of the bytecode: here of the sources, javadoc-only imports included.
     */
    static final Map<String, Set<String>> NOT_IMPORTED = Map.of(
            "payment", Set.of("refund", "settlement", "payout", "reconciliation"),
            "settlement", Set.of("refund", "payout", "reconciliation"),
            "payout", Set.of("refund", "settlement", "reconciliation"),
            "refund", Set.of("payout", "reconciliation"),
            "dispatch", Set.of("payment", "refund", "settlement", "payout", "reconciliation", "customs", "cart", "webhook"),
            "customs", Set.of("reconciliation"),
            "company", Set.of("payment", "refund", "settlement", "payout", "reconciliation", "dispatch", "customs", "cart",
                    "webhook", "access"),
            "platform", Set.of("payment", "refund", "settlement", "payout", "reconciliation", "dispatch", "customs", "cart",
                    "webhook", "access", "company"));

    /** One source file: its package, its text without its package and import lines, and its imports. */
    record Source(Path path, String pkg, String body, List<String> imports) {
    }

    @Test
    void noSourceImportsWhatItDoesNotUse() {
        List<String> unused = new ArrayList<>();
        for (Source s : sources(SOURCES)) {
            String text = STRING.matcher(s.body()).replaceAll("\"\"");
            for (String imported : s.imports()) {
                if (imported.endsWith(".*")) {
                    continue;
                }
                String name = imported.substring(imported.lastIndexOf('.') + 1);
                if (!Pattern.compile("(?<![\\w$])" + Pattern.quote(name) + "(?![\\w$])").matcher(text).find()) {
                    unused.add(SOURCES.relativize(s.path()) + ": " + imported);
                }
            }
        }
        assertEquals(List.of(), unused, "imports used by nothing in their file (javadoc counts as a use)");
    }

    @Test
    void theTopLevelPackagesSourceImportsAreFreeOfCycles() {
        Map<String, Map<String, String>> edges = edges(SOURCES);
        List<String> cycle = cycle(edges);
        assertEquals(List.of(), cycle, "top-level packages importing each other (javadoc-only imports included), each step with"
                + " one file that makes it: " + describe(cycle, edges));
    }

    @Test
    void theSourceImportsGoTheArchitecturesDirections() {
        List<String> wrong = new ArrayList<>();
        edges(SOURCES).forEach((from, to) -> to.forEach((target, file) -> {
            if (NOT_IMPORTED.getOrDefault(from, Set.of()).contains(target)) {
                wrong.add(from + " -> " + target + " (" + file + ")");
            }
        }));
        assertEquals(List.of(), wrong, "imports against the direction of the packages (javadoc-only imports included)");
    }

    @Test
    void theSourcesAreFound() {
        assertFalse(sources(SOURCES).isEmpty(), "no source under " + SOURCES.toAbsolutePath());
    }

    /** Every main source, read once. */
    static List<Source> sources(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().map(SourceImportsTest::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Source read(Path p) {
        try {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            Matcher pkg = PACKAGE.matcher(text);
            List<String> imports = new ArrayList<>();
            Matcher m = IMPORT.matcher(text);
            while (m.find()) {
                imports.add(m.group(2) + (m.group(3) != null ? ".*" : ""));
            }
            String body = IMPORT.matcher(PACKAGE.matcher(text).replaceAll("")).replaceAll("");
            return new Source(p, pkg.find() ? pkg.group(1) : "", body, imports);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The top-level packages under {@code org.cbec} and those their files import, with one file
     * for each: only imports of this module's own classes count (the entities, in jpa-entities, and
     * the plumbing are other modules, below every package here).
     */
    static Map<String, Map<String, String>> edges(Path root) {
        Map<String, Map<String, String>> edges = new TreeMap<>();
        for (Source s : sources(root)) {
            String from = topLevel(s.pkg());
            for (String imported : s.imports()) {
                String target = imported.endsWith(".*") ? imported.substring(0, imported.length() - 2) : imported;
                if (from == null || !own(root, target, imported.endsWith(".*"))) {
                    continue;
                }
                String to = topLevel(target);
                if (to != null && !to.equals(from)) {
                    edges.computeIfAbsent(from, k -> new TreeMap<>()).putIfAbsent(to, root.relativize(s.path()).toString());
                }
            }
        }
        return edges;
    }

    /** Whether the imported name (a class, a nested class, a static member; a package for {@code .*}) is this module's own. */
    private static boolean own(Path root, String imported, boolean wildcard) {
        if (wildcard && Files.isDirectory(root.resolve(imported.replace('.', '/')))) {
            return true;
        }
        for (String name = imported; name.contains("."); name = name.substring(0, name.lastIndexOf('.'))) {
            if (Files.isRegularFile(root.resolve(name.replace('.', '/') + ".java"))) {
                return true;
            }
        }
        return false;
    }

    /** {@code org.cbec.payment.boundary} is {@code payment}; a name outside org.cbec has none. */
    private static String topLevel(String name) {
        if (!name.startsWith("org.cbec.")) {
            return null;
        }
        String rest = name.substring("org.cbec.".length());
        int dot = rest.indexOf('.');
        String top = dot < 0 ? rest : rest.substring(0, dot);
        return top.isEmpty() || Character.isUpperCase(top.charAt(0)) ? null : top;
    }

    /** One cycle of the graph (its packages, the first repeated at the end), or none. */
    static List<String> cycle(Map<String, Map<String, String>> edges) {
        Set<String> done = new TreeSet<>();
        for (String start : edges.keySet()) {
            List<String> found = cycleFrom(start, edges, new ArrayDeque<>(), done);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    private static List<String> cycleFrom(String node, Map<String, Map<String, String>> edges, Deque<String> path, Set<String> done) {
        if (path.contains(node)) {
            List<String> cycle = new ArrayList<>();
            boolean in = false;
            for (var it = path.descendingIterator(); it.hasNext();) {
                String p = it.next();
                in |= p.equals(node);
                if (in) {
                    cycle.add(p);
                }
            }
            cycle.add(node);
            return cycle;
        }
        if (done.contains(node)) {
            return List.of();
        }
        path.push(node);
        for (String next : edges.getOrDefault(node, Map.of()).keySet()) {
            List<String> found = cycleFrom(next, edges, path, done);
            if (!found.isEmpty()) {
                return found;
            }
        }
        path.pop();
        done.add(node);
        return List.of();
    }

    private static String describe(List<String> cycle, Map<String, Map<String, String>> edges) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i + 1 < cycle.size(); i++) {
            b.append(cycle.get(i)).append(" -> ").append(cycle.get(i + 1)).append(" (")
                    .append(edges.get(cycle.get(i)).get(cycle.get(i + 1))).append(") ");
        }
        return b.toString().trim();
    }
}
