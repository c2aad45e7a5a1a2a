package org.cbec.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the documents under docs/ hold together: every relative link between them reaches
 * a file (and, with {@code #anchor}, a heading of that file, by GitHub's slug), the README stays
 * short, no document speaks of issue numbers (the history of the work is in git), CI runs the
 * test command the README gives, no file of the repository points at a document outside it, and
 * no document cites a section of the services' specification, which is not in the repository.
 * Paths are from the module's directory, as the other tests that read repository files take them
 * ({@code ../README.md}).
 */
class DocumentLinksTest {

    private static final Path ROOT = Path.of("..");
    private static final Path README = ROOT.resolve("README.md");

    /** {@code [text](target)} or {@code [text](target "title")}; an image's {@code ![…](…)} too. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern ISSUE_NUMBER = Pattern.compile("(?i)\\bissues?\\s+#?\\d");
    /** A section of the services' specification, which is not in the repository: "spec 4.2", "specification 7". */
    private static final Pattern SPEC_SECTION = Pattern.compile("(?i)\\bspec(ification)?\\s+\\d");
    private static final Pattern TEST_ROW = Pattern.compile("^\\| test \\| `([^`]+)` \\|");

    /**
     * Names of documents that live outside the repository: a sibling directory, and the notes and
     * rules kept there. Each is written in two pieces so that this file does not hold the whole.
     */
    private static final List<String> OUTSIDE = List.of(
            ".." + "/shared", "shared" + "/spec", "STYLE" + ".md", "PAYARA" + "-NOTES");

    /**
     * Flyway's versioned migrations: their checksum covers every byte, comments too, so a comment in
     * one can never change once a database has applied it. They are the only files not searched.
     */
    private static final String MIGRATIONS = "src/main/resources/db/";

    @Test
    void everyRelativeLinkReachesAFileAndItsHeading() {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path document : documents()) {
            for (String target : links(document)) {
                if (target.matches("(?i)^(https?|mailto):.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path reached = file.isEmpty() ? document : document.getParent().resolve(file).normalize();
                if (!Files.exists(reached)) {
                    broken.add(name(document) + ": " + target + " (no file " + name(reached) + ")");
                } else if (anchor != null && !anchors.computeIfAbsent(reached, DocumentLinksTest::headingSlugs).contains(anchor)) {
                    broken.add(name(document) + ": " + target + " (no heading #" + anchor + " in " + name(reached) + ")");
                }
            }
        }
        assertEquals(List.of(), broken, "every relative link between the documents resolves");
    }

    @Test
    void theReadmeIsAtMost300Lines() throws IOException {
        int lines = Files.readAllLines(README).size();
        assertTrue(lines <= 300, "README.md has " + lines + " lines; at most 300, the rest belongs in docs/");
    }

    @Test
    void noDocumentNamesAnIssueNumber() throws IOException {
        assertEquals(List.of(), linesMatching(ISSUE_NUMBER), "the documents describe the software as it is; its history is in git");
    }

    @Test
    void continuousIntegrationRunsTheTestCommandOfTheReadme() throws IOException {
        List<String> commands = Files.readAllLines(README).stream()
                .map(TEST_ROW::matcher).filter(Matcher::find).map(m -> m.group(1)).toList();
        assertEquals(1, commands.size(), "the README's table of the two commands has one test row: " + commands);
        List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run")).stream().map(String::strip).toList();
        assertTrue(ci.contains(commands.get(0)), ".ci/run runs the README's test command " + commands.get(0));
    }

    @Test
    void nothingInTheRepositoryPointsOutsideIt() throws IOException {
        List<String> found = new ArrayList<>();
        for (String file : trackedFiles()) {
            if (file.contains(MIGRATIONS)) {
                continue;
            }
            byte[] bytes = Files.readAllBytes(ROOT.resolve(file));
            if (binary(bytes)) {
                continue;
            }
            String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\\R", -1);
            for (int i = 0; i < lines.length; i++) {
                for (String outside : OUTSIDE) {
                    if (lines[i].contains(outside)) {
                        found.add(file + ":" + (i + 1) + ": " + lines[i].strip());
                        break;
                    }
                }
            }
        }
        assertTrue(found.isEmpty(), () -> "a clone of the repository is all a reader has, yet these lines name a document"
                + " outside it (the conventions are in docs/conventions.md, Payara's behaviour in"
                + " docs/operating/payara-notes.md):\n" + String.join("\n", found));
    }

    @Test
    void noDocumentCitesASectionOfTheSpecification() throws IOException {
        List<String> found = linesMatching(SPEC_SECTION);
        assertTrue(found.isEmpty(), () -> "a clone of the repository is all a reader has, and the services' specification"
                + " is not in it: the documents state the project's rules in its own words, with no section"
                + " numbers of the specification:\n" + String.join("\n", found));
    }

    /** Each line of the README and the documents that {@code pattern} finds, as "file:line: text". */
    private static List<String> linesMatching(Pattern pattern) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path document : documents()) {
            List<String> lines = Files.readAllLines(document);
            for (int i = 0; i < lines.size(); i++) {
                if (pattern.matcher(lines.get(i)).find()) {
                    found.add(name(document) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        return found;
    }

    @Test
    void githubSlugsAreMadeAsGithubMakesThem() {
        assertEquals("where-a-creates-cpu-goes", slug("Where a create's CPU goes"));
        assertEquals("which-payment-a-query-or-close-means-payment_method-is-optional",
                slug("Which payment a query or close means (`payment_method` is optional)"));
        assertEquals("payaras-own-openapi", slug("Payara's own `/openapi`"));
        assertEquals("add-modify-redeclare", slug("ADD, MODIFY, redeclare"));
    }

    /** README.md and every Markdown file under docs/. */
    private static List<Path> documents() {
        List<Path> all = new ArrayList<>(List.of(README));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(all::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertTrue(all.size() > 1, "there are documents under docs/");
        return all;
    }

    /**
     * Every file git tracks, as a path from the repository's root; where there is no git (a source
     * archive), every file under the root but build output, npm's installs and git's own.
     */
    private static List<String> trackedFiles() throws IOException {
        try {
            Process git = new ProcessBuilder("git", "ls-files", "-z").directory(ROOT.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String listed = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (git.waitFor() == 0 && !listed.isEmpty()) {
                return Stream.of(listed.split("\0")).filter(f -> !f.isEmpty())
                        .filter(f -> Files.isRegularFile(ROOT.resolve(f))).sorted().toList();
            }
        } catch (IOException e) {
            // no git on this machine: walk the tree below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        Path root = ROOT.toAbsolutePath().normalize();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(root::relativize).filter(DocumentLinksTest::source)
                    .map(f -> f.toString().replace('\\', '/')).sorted().toList();
        }
    }

    /** A path outside build output, npm's installs and git's own directory. */
    private static boolean source(Path file) {
        for (Path part : file) {
            if (Set.of("target", "node_modules", ".git").contains(part.toString())) {
                return false;
            }
        }
        return true;
    }

    /** A file with a NUL byte in its first 8 KiB is not text, as git itself tells them apart. */
    private static boolean binary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** The link targets of a document, outside fenced code blocks and code spans. */
    private static List<String> links(Path document) {
        List<String> targets = new ArrayList<>();
        for (String line : prose(document)) {
            Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (link.find()) {
                targets.add(link.group(1));
            }
        }
        return targets;
    }

    /** The slugs GitHub gives the document's headings, a repeated one numbered {@code -1}, {@code -2}… */
    private static Set<String> headingSlugs(Path document) {
        Set<String> slugs = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(document)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                slugs.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return slugs;
    }

    /** GitHub's anchor of a heading: its text without markup, lower case, punctuation dropped, spaces as hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "").replace("*", "");
        return text.strip().toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}\\p{M}_\\- ]", "")
                .replace(' ', '-');
    }

    /** The document's lines outside fenced code blocks. */
    private static List<String> prose(Path document) {
        List<String> lines;
        try {
            lines = Files.readAllLines(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> prose = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                prose.add(line);
            }
        }
        return prose;
    }

    private static String name(Path file) {
        return ROOT.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString();
    }
}
