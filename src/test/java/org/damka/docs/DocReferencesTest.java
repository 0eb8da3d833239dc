package org.damka.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The repository stands alone: every document that the README, protocol.md, docs/ and the
 * sources cite is in it. A Markdown link resolves from the file that holds it; a {@code *.md}
 * named in a source file or test resource resolves from the project root; nothing points outside
 * the repository to the files it was written from.
 */
class DocReferencesTest {
    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Pattern MARKDOWN_LINK = Pattern.compile("\\]\\(([^)\\s#]+)(#[^)]*)?\\)");
    private static final Pattern NAMED_DOC = Pattern.compile("(?<![\\w./-])([\\w./-]+\\.md)\\b");
    /** The folder outside the repository the rules came from (built up so this file does not name it). */
    private static final String OUTSIDE = "sha" + "red/";

    private static List<Path> files(String dir, String suffix) {
        if (!Files.isDirectory(ROOT.resolve(dir))) return List.of();
        try (Stream<Path> s = Files.walk(ROOT.resolve(dir))) {
            return s.filter(p -> p.toString().endsWith(suffix) && Files.isRegularFile(p)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> documents() {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("protocol.md")));
        docs.addAll(files("docs", ".md"));
        return docs;
    }

    private static List<Path> sources() {
        List<Path> sources = new ArrayList<>(files("src", ".java"));
        sources.addAll(files("src/test/resources", ".txt"));
        return sources;
    }

    @Test
    void theRulesAndPerftDocumentsAreInTheRepository() {
        assertTrue(Files.isRegularFile(ROOT.resolve("docs/rules.md")), "docs/rules.md is missing");
        assertTrue(Files.isRegularFile(ROOT.resolve("docs/perft.md")), "docs/perft.md is missing");
    }

    /** Every match of the pattern's group 1 in the files that does not name an existing file. */
    private static List<String> unresolved(List<Path> files, Pattern pattern, BiFunction<Path, String, Path> resolve) {
        List<String> out = new ArrayList<>();
        for (Path file : files) {
            Matcher m = pattern.matcher(read(file));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) continue;
                if (!Files.exists(resolve.apply(file, target))) out.add(ROOT.relativize(file) + " -> " + target);
            }
        }
        return out.stream().distinct().toList();
    }

    @Test
    void everyMarkdownLinkResolves() {
        assertEquals(List.of(), unresolved(documents(), MARKDOWN_LINK, (doc, target) -> doc.getParent().resolve(target)),
                "links to files that are not in the repository");
    }

    @Test
    void everyDocumentNamedInTheSourcesExists() {
        assertEquals(List.of(), unresolved(sources(), NAMED_DOC, (source, target) -> ROOT.resolve(target)),
                "documents named from the project root that do not exist");
    }

    @Test
    void nothingPointsOutsideTheRepository() {
        List<String> outside = new ArrayList<>();
        List<Path> all = new ArrayList<>(documents());
        all.addAll(sources());
        for (Path p : all) {
            String text = read(p);
            if (text.contains("../" + OUTSIDE) || text.contains("/work/" + OUTSIDE)) outside.add(ROOT.relativize(p).toString());
        }
        assertEquals(List.of(), outside, "files that cite the folder the rules were copied from");
    }
}
