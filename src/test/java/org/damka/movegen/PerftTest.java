package org.damka.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.reference.ReferenceGenerator;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Perft of the bitboard generator against the numbers of {@code perft/perft.txt} (test
 * resources), each cited there from docs/perft.md. Where docs/perft.md gives a different
 * number for the other convention (every capture path counted, "keep"), the engine must not get
 * it. Hexagonal has no published numbers beyond depth 3: its deeper counts are computed in the
 * same run by the independent {@link ReferenceGenerator}, never taken from the engine.
 *
 * <p>Quick rows stay around a million leaves; deep rows (tag "deep", {@code -Pdeep}) reach at
 * least ten million leaves from every variant's start position.
 */
class PerftTest {
    /** One line of perft.txt. nodes is -1 for "reference"; keep is -1 for "-". */
    record Row(String suite, String variant, String name, String position, int depth, long nodes, long keep,
               String source) {
        @Override
        public String toString() {
            return variant + " " + name + " d" + depth;
        }
    }

    static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        try (InputStream in = PerftTest.class.getResourceAsStream("/perft/perft.txt")) {
            if (in == null) throw new IllegalStateException("perft/perft.txt missing from the test resources");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\\|", 8);
                if (f.length != 8) throw new IllegalStateException("perft.txt: bad line " + line);
                String nodes = f[5].trim(), keep = f[6].trim();
                rows.add(new Row(f[0].trim(), f[1].trim(), f[2].trim(), f[3].trim(), Integer.parseInt(f[4].trim()),
                        nodes.equals("reference") ? -1 : Long.parseLong(nodes),
                        keep.equals("-") ? -1 : Long.parseLong(keep), f[7].trim()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    static Stream<Row> quickRows() {
        return rows().stream().filter(r -> r.suite().equals("quick"));
    }

    static Stream<Row> deepRows() {
        return rows().stream().filter(r -> r.suite().equals("deep"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("quickRows")
    void quick(Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deepRows")
    @Tag("deep")
    void deep(Row row) {
        check(row);
    }

    private static void check(Row row) {
        Rules rules = Variants.byName(row.variant());
        String fen = row.position().equals("start") ? rules.startFen() : row.position();
        Position root = Fen.parse(rules, fen);
        long start = System.nanoTime();
        long nodes = new Perft(MoveGenerator.create(rules)).count(root, row.depth());
        long engineNs = System.nanoTime() - start;
        long expected = row.nodes();
        String source = row.source();
        if (expected < 0) {
            start = System.nanoTime();
            expected = ReferenceGenerator.perft(row.variant(), fen, row.depth());
            source = "ReferenceGenerator, " + (System.nanoTime() - start) / 1_000_000 + " ms";
        }
        System.err.printf("perft %s: %d (expected %d, %s), engine %d ms%n", row, nodes, expected,
                row.nodes() < 0 ? source : "published", engineNs / 1_000_000);
        assertEquals(expected, nodes, row + " (" + source + ")");
        if (row.keep() >= 0) {
            assertNotEquals(row.keep(), nodes, row + ": the keep number (duplicate captures not merged)");
        }
    }

    /** The table itself: every variant's start position reaches ten million leaves in the deep rows. */
    @Test
    void tableCoversEveryVariantDeeply() {
        List<Row> rows = rows();
        for (Rules rules : Variants.all()) {
            boolean deepStart = rows.stream().anyMatch(r -> r.variant().equals(rules.name())
                    && r.position().equals("start") && r.suite().equals("deep")
                    && (r.nodes() >= 10_000_000 || (r.nodes() < 0 && r.depth() >= 6)));
            assertTrue(deepStart, rules.name() + ": no deep start-position row of at least 10 million leaves");
        }
        assertTrue(rows.stream().anyMatch(r -> r.suite().equals("quick") && r.keep() >= 0),
                "at least one quick row must check that the keep number is not what we get");
        for (Row r : rows) {
            assertTrue(r.source().startsWith("docs/perft.md"), r + ": source must cite docs/perft.md");
        }
    }
}
