package org.damka.egdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.damka.board.Position;
import org.damka.eval.Evaluations;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Small builds (up to three pieces, seconds): every table verifies against its successors, its
 * distances agree with a plain search that knows nothing of tables, and damaged files are
 * skipped with a warning and rebuilt.
 */
class EgdbTest {
    private static final PrintWriter QUIET = new PrintWriter(Writer.nullWriter());

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"russian", "brazilian", "international", "english"})
    void threePieceTablesVerify(String variant) throws IOException {
        Rules rules = Variants.byName(variant);
        new EgdbBuilder(rules, dir, 2, QUIET).build(3);
        StringWriter report = new StringWriter();
        long problems = new EgdbBuilder(rules, dir, 2, QUIET).verifyAll(3, new PrintWriter(report, true));
        assertEquals(0, problems, report.toString());
    }

    /**
     * A tables folder that cannot be examined was called missing: Files.isDirectory says false
     * for it (an environment review found "no such folder" for a name too long and an unreadable
     * folder). Unreadable folders need a user other than root; the two here fail for root too.
     */
    @Test
    void aFolderThatCannotBeReadSaysWhy(@TempDir Path dir) throws IOException {
        Rules russian = Variants.byName("russian");
        assertTrue(Egdb.noTables(russian, 4, dir.resolve("none")).endsWith(" (no such folder)"));
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertEquals("no tables of russian up to 4 pieces in " + file + " (not a folder)", Egdb.noTables(russian, 4, file));
        Path inside = Files.createDirectories(dir.resolve("tables"));
        Files.writeString(inside.resolve("russian"), "x");
        assertEquals("no tables of russian up to 4 pieces in " + inside + " (not a folder: " + inside.resolve("russian") + ")",
                Egdb.noTables(russian, 4, inside));
        assertTrue(Egdb.noTables(russian, 4, file.resolve("egdb")).endsWith(" (Not a directory)"), Egdb.noTables(russian, 4, file.resolve("egdb")));
        Path tooLong = dir.resolve("t".repeat(300));
        assertTrue(Egdb.noTables(russian, 4, tooLong).endsWith(" (File name too long)"), Egdb.noTables(russian, 4, tooLong));
        Files.createDirectories(dir.resolve("empty"));
        assertEquals("no tables of russian up to 4 pieces in " + dir.resolve("empty"), Egdb.noTables(russian, 4, dir.resolve("empty")));
    }

    /** Hexagonal boards are larger and slower: a man and a king against a king (and what it leads to). */
    @Test
    void hexagonalTablesVerify() throws IOException {
        Rules rules = Variants.HEXAGONAL;
        new EgdbBuilder(rules, dir, 2, QUIET).build(new Material(1, 1, 0, 1));
        StringWriter report = new StringWriter();
        long problems = new EgdbBuilder(rules, dir, 2, QUIET).verifyAll(new Material(1, 1, 0, 1), new PrintWriter(report, true));
        assertEquals(0, problems, report.toString());
    }

    /**
     * Every stored distance is the one a plain depth-limited search finds: a win in k plies is
     * found at depth k and not before, a loss in k is proven at depth k and not before, and no
     * drawn position is decided within the depth searched.
     */
    @ParameterizedTest
    @CsvSource({"russian,3,9", "english,3,11", "hexagonal,2,7"})
    void distancesAgreeWithPlainSearch(String variant, int pieces, int limit) throws IOException {
        Rules rules = Variants.byName(variant);
        EgdbBuilder builder = new EgdbBuilder(rules, dir, 2, QUIET);
        builder.build(pieces);
        Egdb egdb = builder.egdb();
        PlainSearch search = new PlainSearch(rules);
        SplittableRandom random = new SplittableRandom(15);
        int checked = 0, decided = 0;
        for (Material m : Egdb.balances(rules, pieces)) {
            SliceIndex index = egdb.index(m);
            Position p = new Position();
            for (int n = 0; n < 60; n++) {
                if (!index.decode(random.nextLong(index.size()), p)) continue;
                int v = egdb.probe(p);
                int found = search.firstDecidedDepth(p, limit);
                if (EgdbValue.isDraw(v) || EgdbValue.distance(v) > limit) {
                    assertEquals(-1, found, m + " " + EgdbValue.describe(v) + " but decided at depth " + found);
                } else {
                    assertEquals(EgdbValue.distance(v), found, m + " " + EgdbValue.describe(v));
                    assertEquals(EgdbValue.isWin(v) ? 1 : -1, search.solve(p, found));
                    decided++;
                }
                checked++;
            }
        }
        assertTrue(checked > 100 && decided > 30, checked + " positions checked, " + decided + " decided");
    }

    /** Minimax on won/lost/open only, with a memo per (position, depth). */
    static final class PlainSearch {
        private final MoveGenerator generator;
        private final boolean noMoveLoses;
        private final Map<Position, int[]> memo = new HashMap<>();

        PlainSearch(Rules rules) {
            this.generator = MoveGenerator.create(rules);
            this.noMoveLoses = rules.noMoveLoses();
        }

        /** The least depth at which the position is decided (won or lost), or -1 up to the limit. */
        int firstDecidedDepth(Position p, int limit) {
            for (int d = 0; d <= limit; d++) if (solve(p, d) != 0) return d;
            return -1;
        }

        /** +1 won within depth plies, -1 lost within depth plies, 0 neither (or a draw). */
        int solve(Position p, int depth) {
            if (p.count(p.sideToMove()) == 0) return -1;
            int[] known = memo.computeIfAbsent(new Position(p), k -> new int[32]);
            if (known[depth] != 0) return known[depth] - 2;
            MoveList moves = new MoveList();
            int n = generator.generate(p, moves);
            int result;
            if (n == 0) {
                result = noMoveLoses ? -1 : 0;
            } else if (depth == 0) {
                result = 0;
            } else {
                result = -1;
                for (int i = 0; i < n && result < 1; i++) {
                    Position child = new Position(p);
                    moves.play(child, i);
                    result = Math.max(result, -solve(child, depth - 1));
                }
            }
            known[depth] = result + 2;
            return result;
        }
    }

    /**
     * A pipe or a folder where a table should be was left out in silence (the load never reads a
     * pipe, which would block it for ever): now it is named like a damaged table.
     */
    @Test
    void aPipeOrAFolderInATablesPlaceIsNamed() throws Exception {
        Rules rules = Variants.RUSSIAN;
        Material piped = new Material(0, 1, 0, 1), folder = new Material(1, 0, 0, 1);
        Path pipe = EgdbFile.path(dir, rules, piped);
        Files.createDirectories(pipe.getParent());
        Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "no mkfifo here");
        Files.createDirectories(EgdbFile.path(dir, rules, folder));
        List<String> warnings = new ArrayList<>();
        Egdb egdb = Egdb.load(dir, rules, 2, warnings::add);
        assertEquals(List.of("EGDB: skipped " + EgdbFile.path(dir, rules, folder) + ": it is a directory",
                "EGDB: skipped " + pipe + ": not a regular file (a pipe or a device?)").stream().sorted().toList(),
                warnings.stream().sorted().toList());
        assertEquals(0, egdb.slices());
    }

    @Test
    void damagedFilesAreSkippedWithOneWarningEachAndRebuilt() throws IOException {
        Rules rules = Variants.RUSSIAN;
        new EgdbBuilder(rules, dir, 1, QUIET).build(3);
        Material truncated = new Material(0, 2, 0, 1), flipped = new Material(1, 1, 0, 1), garbage = new Material(0, 1, 2, 0),
                shortGarbage = new Material(0, 1, 1, 1);
        Path t = EgdbFile.path(dir, rules, truncated);
        byte[] whole = Files.readAllBytes(t);
        Files.write(t, java.util.Arrays.copyOf(whole, whole.length / 2));
        Path f = EgdbFile.path(dir, rules, flipped);
        byte[] bytes = Files.readAllBytes(f);
        bytes[bytes.length - 3] ^= 0x55;
        Files.write(f, bytes);
        Files.writeString(EgdbFile.path(dir, rules, garbage), "not a table");
        // Shorter than the header: it was called truncated, as if it had been a table.
        Files.writeString(EgdbFile.path(dir, rules, shortGarbage), "garbage\n");

        List<String> warnings = new ArrayList<>();
        Egdb egdb = Egdb.load(dir, rules, 3, warnings::add);
        assertEquals(4, warnings.size(), warnings.toString());
        // flipped: "checksum mismatch" or "corrupt: ..." (where the flipped byte lands in the deflate stream)
        Map<Material, String> why = Map.of(truncated, "truncated", flipped, "(checksum mismatch|corrupt: .*)", garbage, "not a damka table",
                shortGarbage, "not a damka table");
        for (Material m : why.keySet()) {
            assertTrue(warnings.stream().anyMatch(w -> w.matches(".*" + java.util.regex.Pattern.quote(m.fileStem() + EgdbFile.EXTENSION + ": ") + why.get(m))),
                    m + " not named with '" + why.get(m) + "' in " + warnings);
        }
        assertEquals(Egdb.balances(rules, 3).size() - 4, egdb.slices());
        assertEquals(EgdbValue.UNKNOWN, egdb.probe(org.damka.board.Fen.parse(rules, "W:WKa1,Kc1:BKh2")));
        assertNotEquals(EgdbValue.UNKNOWN, egdb.probe(org.damka.board.Fen.parse(rules, "W:WKa1:BKh2")));

        StringWriter progress = new StringWriter();
        new EgdbBuilder(rules, dir, 1, new PrintWriter(progress, true)).build(3);
        String log = progress.toString();
        assertEquals(4, log.lines().filter(l -> l.contains("rebuilding")).count(), log);
        assertEquals(Egdb.balances(rules, 3).size() - 4, log.lines().filter(l -> l.contains("already built")).count(), log);
        assertEquals(0, new EgdbBuilder(rules, dir, 1, QUIET).verifyAll(3, QUIET));
    }

    @Test
    void aSecondBuildIntoTheSameFolderIsRefusedWhileTheFirstRuns() throws IOException {
        Rules rules = Variants.RUSSIAN;
        Path folder = EgdbFile.folder(dir, rules);
        Files.createDirectories(folder);
        // The lock another build would hold (a process's lock and this one are the same kind).
        try (java.nio.channels.FileChannel other = java.nio.channels.FileChannel.open(folder.resolve(EgdbBuilder.LOCK),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
             java.nio.channels.FileLock held = other.lock()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> new EgdbBuilder(rules, dir, 1, QUIET).build(2));
            assertEquals("another build is writing tables in " + folder + "; wait for it to finish, or build into another --dir", e.getMessage());
            assertFalse(Files.exists(EgdbFile.path(dir, rules, new Material(1, 0, 1, 0))), "the refused build wrote a table");
        }
        new EgdbBuilder(rules, dir, 1, QUIET).build(2); // the lock went with its holder
        assertEquals(0, new EgdbBuilder(rules, dir, 1, QUIET).verifyAll(2, QUIET));
        // A build with nothing to write takes no lock (a read-only copy of a set: the lock file cannot be made there).
        try (java.nio.channels.FileChannel other = java.nio.channels.FileChannel.open(folder.resolve(EgdbBuilder.LOCK),
                java.nio.file.StandardOpenOption.WRITE);
             java.nio.channels.FileLock held = other.lock()) {
            new EgdbBuilder(rules, dir, 1, QUIET).build(2);
        }
    }

    @Test
    void verifyFindsAWrongValue() throws IOException {
        Rules rules = Variants.ENGLISH;
        new EgdbBuilder(rules, dir, 1, QUIET).build(2);
        Material m = new Material(0, 1, 0, 1);
        Egdb egdb = new EgdbBuilder(rules, dir, 1, QUIET).egdb();
        SliceIndex index = egdb.index(m);
        byte[] values = EgdbFile.read(EgdbFile.path(dir, rules, m), rules, m, index.size());
        Position p = org.damka.board.Fen.parse(rules, "W:WK1:BK32");
        int i = (int) index.indexOf(p);
        assertEquals(EgdbValue.DRAW, values[i]);
        values[i] = (byte) EgdbValue.ofDistance(5);
        EgdbFile.write(EgdbFile.path(dir, rules, m), rules, m, values);
        StringWriter report = new StringWriter();
        long problems = new EgdbBuilder(rules, dir, 1, QUIET).verifyAll(2, new PrintWriter(report, true));
        String text = report.toString();
        assertTrue(problems >= 1 && text.contains("index " + i + ": holds win in 5 plies, successors say draw"), text);
    }

    /**
     * A damaged table made verify call the sound tables that lead to it bad (thousands of
     * "disagreements" each), and a pipe with a table's name held verify for ever (an endgame
     * table user's review): one problem each, the tables above them not checked.
     */
    @Test
    void verifyNamesTheBadTableAndChecksNoneThatLeadToIt() throws IOException, InterruptedException {
        Rules rules = Variants.RUSSIAN;
        new EgdbBuilder(rules, dir, 2, QUIET).build(3);
        Material damaged = new Material(0, 2, 0, 1), piped = new Material(0, 1, 0, 2);
        Path file = EgdbFile.path(dir, rules, damaged);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
        Path pipe = EgdbFile.path(dir, rules, piped);
        Files.delete(pipe);
        assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor());
        StringWriter report = new StringWriter();
        long problems = assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> new EgdbBuilder(rules, dir, 2, QUIET).verifyAll(3, new PrintWriter(report, true)));
        String text = report.toString();
        assertEquals(2, problems, text);
        assertTrue(text.contains(file + ": truncated"), text);
        assertTrue(text.contains(pipe + ": not a regular file (a pipe or a device?)"), text);
        // a man and a king against a king crowns into two kings against one: those positions are
        // not checked, and the table is not called bad; one that leads to neither is checked whole
        assertTrue(text.matches("(?s).*w1m1k-b0m1k: \\d+ positions not checked: a table they lead to is missing or bad.*"), text);
        assertFalse(text.contains("successor has no table"), text);
        assertFalse(text.contains("w1m0k-b1m1k:"), text);
    }

    /** Probing allocates nothing (measured as in AllocationTest). */
    @Test
    void probingAllocatesNothing() throws IOException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        for (Rules rules : List.of(Variants.RUSSIAN, Variants.HEXAGONAL)) {
            EgdbBuilder builder = new EgdbBuilder(rules, dir, 1, QUIET);
            builder.build(new Material(1, 0, 0, 1));
            Egdb egdb = builder.egdb();
            SliceIndex index = egdb.index(new Material(1, 0, 0, 1));
            Position[] sample = new Position[500];
            SplittableRandom random = new SplittableRandom(3);
            for (int k = 0; k < sample.length; ) {
                Position p = new Position();
                if (index.decode(random.nextLong(index.size()), p)) sample[k++] = p;
            }
            long sum = 0, bytes = Long.MAX_VALUE;
            for (int run = 0; run < 3; run++) {
                long before = threads.getThreadAllocatedBytes(thread);
                for (int rep = 0; rep < 200; rep++) for (Position p : sample) sum += egdb.probe(p);
                bytes = Math.min(bytes, threads.getThreadAllocatedBytes(thread) - before);
            }
            assertTrue(sum > 0);
            assertEquals(0, bytes, rules.name() + ": probing allocated " + bytes + " bytes");
        }
    }

    /**
     * A search that probes the tables allocates nothing per node either (as AllocationTest's
     * search test): a five-piece russian ending with the 3-piece tables loaded, whose captures
     * lead into them.
     */
    @Test
    void searchWithTablesAllocatesNothingPerNode() throws IOException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        Rules rules = Variants.RUSSIAN;
        EgdbBuilder builder = new EgdbBuilder(rules, dir, 2, QUIET);
        builder.build(3);
        org.damka.search.SearchListener silent = new org.damka.search.SearchListener() {
            @Override public void info(org.damka.search.SearchInfo info) { }
            @Override public void bestMove(org.damka.movegen.Move move, org.damka.movegen.Move ponder) { }
        };
        org.damka.search.Search search = new org.damka.search.Search(rules, org.damka.eval.Evaluations.forRules(rules), 16);
        search.setEgdb(builder.egdb());
        org.damka.game.Game game = new org.damka.game.Game(rules, org.damka.board.Fen.parse(rules, "W:WKa1,c3,e3:Bf6,h6"));
        org.damka.search.SearchLimits limits = org.damka.search.SearchLimits.nodes(300_000);
        search.run(game, limits, 0, silent);
        long allocated = Long.MAX_VALUE;
        for (int run = 0; run < 3; run++) {
            search.clear();
            long before = threads.getThreadAllocatedBytes(thread);
            search.run(game, limits, 0, silent);
            allocated = Math.min(allocated, threads.getThreadAllocatedBytes(thread) - before);
        }
        assertTrue(search.tbHits() > 1000, "tbhits " + search.tbHits() + " of " + search.nodes() + " nodes");
        // A search allocates its reports and lines once an iteration (about 11 kB here), not per
        // node: a byte a node would be 100 kB over these 100k nodes. (The search proves its result
        // before the 300k-node limit, so the bound is on the whole, not a share of the limit.)
        assertTrue(search.nodes() > 50_000, search.nodes() + " nodes");
        assertTrue(allocated < 30_000, "search with tables allocated " + allocated + " bytes over " + search.nodes() + " nodes");
    }

    /** Index and position are inverse of each other, with one and with several pieces of a kind. */
    @ParameterizedTest
    @ValueSource(strings = {"international", "hexagonal", "russian"})
    void indexRoundTrips(String variant) {
        Rules rules = Variants.byName(variant);
        Egdb egdb = new Egdb(rules);
        for (Material m : List.of(new Material(1, 1, 1, 1), new Material(2, 0, 0, 3), new Material(0, 2, 3, 0))) {
            SliceIndex index = egdb.index(m);
            Position p = new Position();
            SplittableRandom random = new SplittableRandom(7);
            int real = 0;
            for (int n = 0; n < 20_000; n++) {
                long i = random.nextLong(index.size());
                if (!index.decode(i, p)) continue;
                real++;
                assertEquals(Material.of(p), m);
                assertEquals(i, index.indexOf(p));
            }
            assertTrue(real > 10_000, m + ": " + real);
        }
    }

    /** {@code egdb stats}' counts (White to move, from the stored bytes) agree with probing every decoded position. */
    @Test
    void whiteToMoveCountsAgreeWithProbing() throws IOException {
        Rules rules = Variants.RUSSIAN;
        EgdbBuilder builder = new EgdbBuilder(rules, dir, 2, QUIET);
        builder.build(3);
        Egdb egdb = builder.egdb();
        Position p = new Position();
        for (Material m : Egdb.balances(rules, 3)) {
            SliceIndex index = egdb.index(m);
            long w = 0, d = 0, l = 0;
            int longest = 0;
            for (long i = 0; i < index.size(); i++) {
                if (!index.decode(i, p) || p.sideToMove() != Position.WHITE) continue;
                int v = egdb.probe(p);
                if (EgdbValue.isWin(v)) {
                    w++;
                    longest = Math.max(longest, EgdbValue.distance(v));
                } else if (EgdbValue.isLoss(v)) {
                    l++;
                } else {
                    d++;
                }
            }
            EgdbCounts c = egdb.whiteToMoveCounts(m);
            assertEquals(List.of(w, d, l, (long) longest), List.of(c.wins(), c.draws(), c.losses(), (long) c.longestWin()), m.describe());
        }
    }
}
