package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.damka.egdb.EgdbBuilder;
import org.damka.egdb.EgdbFile;
import org.damka.egdb.Material;
import org.damka.rules.Variants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Endgame tables through the protocol: the engine loads tables built here (options EGDBPath,
 * EGDBPieces), {@code d} shows the table value, a search reports {@code tbhits} and converts a
 * won ending, and a damaged file costs one warning, never the engine. Theory sources are named
 * in EgdbTheoryTest and docs/egdb.md.
 */
class EgdbIT extends OneEngineIT {
    @TempDir
    static Path dir;

    @BeforeAll
    static void buildTables() throws IOException {
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        new EgdbBuilder(Variants.RUSSIAN, dir, 2, quiet).build(new Material(0, 3, 0, 1));
        new EgdbBuilder(Variants.ENGLISH, dir, 2, quiet).build(new Material(0, 3, 0, 2));
        new EgdbBuilder(Variants.INTERNATIONAL, dir, 2, quiet).build(new Material(0, 3, 0, 1));
    }

    @AfterAll
    static void defaults() {
        engine.quiet("setoption name EGDBPath value egdb");
    }

    private String tableValue(String variant, String fen) {
        engine.command("setoption name UCI_Variant value " + variant);
        engine.command("setoption name EGDBPath value " + dir); // may say what it loaded
        engine.quiet("position fen " + fen);
        return engine.display("egdb");
    }

    /** Petrov's triangle (A. D. Petrov, 1827): white kings a1, c1, e1 catch the king on f8 within 13 moves. */
    @Test
    void petrovsTriangleWinsWithinThirteenMoves() {
        String value = tableValue("russian", "W:WKa1,Kc1,Ke1:BKf8");
        assertTrue(value.startsWith("win in "), value);
        assertTrue(Integer.parseInt(value.split(" ")[2]) <= 25, value);
    }

    @Test
    void knownDrawsAndWins() {
        // Russian: the lone king on the main road holds three kings; two kings do not beat one.
        assertEquals("draw", tableValue("russian", "W:WKa3,Kc1,Ke1:BKd4"));
        assertEquals("draw", tableValue("russian", "W:WKc1,Ke1:BKh8"));
        // English: two (short) kings beat one.
        assertTrue(tableValue("english", "W:WK1,K2:BK32").startsWith("win in "));
        // International: three kings against one on the long diagonal draw.
        assertEquals("draw", tableValue("international", "W:WK47,K48,K49:BK5"));
        // No table for five pieces here.
        assertEquals("unknown", tableValue("russian", "W:WKa1,Kc1,Ke1,Kg1:BKf8"));
    }

    /**
     * English, three kings against two win (E. Lasker, 1918, see EgdbTheoryTest), e.g. "either
     * to play, White to win" (B. Newell, Checker School: W:WK22,K23,K24:BK31,K32) and A. Banks'
     * "White to play and win" (Checker Board Strategy: W:WK5,K13,K17:BK1,K6).
     */
    @Test
    void englishThreeKingsBeatTwo() {
        assertTrue(tableValue("english", "W:WK22,K23,K24:BK31,K32").startsWith("win in "));
        assertTrue(tableValue("english", "B:WK22,K23,K24:BK31,K32").startsWith("loss in "));
        assertTrue(tableValue("english", "W:WK5,K13,K17:BK1,K6").startsWith("win in "));
    }

    /** Both sides played by the engine with tables: the three kings win inside the 15-move rule. */
    @Test
    void convertsPetrovsTriangleInsideTheFifteenMoveRule() {
        tableValue("russian", "W:WKa1,Kc1,Ke1:BKf8");
        List<String> moves = new ArrayList<>();
        boolean sawHits = false;
        for (int ply = 0; ply < 30; ply++) {
            engine.quiet("position fen W:WKa1,Kc1,Ke1:BKf8" + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)));
            if (result() != null) break;
            engine.send("go depth 3");
            List<String> out = engine.until("bestmove");
            sawHits |= out.stream().anyMatch(l -> l.contains(" tbhits "));
            String best = out.get(out.size() - 1).split(" ")[1];
            if (best.equals("(none)")) break;
            moves.add(best);
        }
        assertTrue(sawHits, "no tbhits in the info lines");
        engine.quiet("position fen W:WKa1,Kc1,Ke1:BKf8 moves " + String.join(" ", moves));
        String result = result();
        assertTrue(result != null && result.startsWith("1-0"), result + " after " + moves);
        assertTrue(moves.size() <= 29, moves.size() + " plies: " + moves);
    }

    /** The game's result as {@code d} shows it, or null while it goes on. */
    private static String result() {
        for (String line : engine.command("d")) {
            if (line.startsWith("info string result ")) return line.substring("info string result ".length());
        }
        return null;
    }

    @Test
    void aDamagedTableIsSkippedWithOneWarning(@TempDir Path other) throws IOException {
        new EgdbBuilder(Variants.ENGLISH, other, 1, new PrintWriter(Writer.nullWriter())).build(2);
        Path bad = EgdbFile.path(other, Variants.ENGLISH, new Material(0, 1, 0, 1));
        byte[] bytes = Files.readAllBytes(bad);
        Files.write(bad, java.util.Arrays.copyOf(bytes, bytes.length - 10));
        engine.command("setoption name UCI_Variant value english");
        engine.send("setoption name EGDBPath value " + other);
        List<String> out = engine.sync();
        assertEquals(2, out.size(), out.toString());
        assertTrue(out.get(0).startsWith("info string EGDB: skipped ") && out.get(0).contains("w0m1k-b0m1k"), out.get(0));
        assertTrue(out.get(1).matches("info string EGDB: \\d+ tables of english up to 2 pieces from .*"), out.get(1));
        assertEquals(List.of(), engine.sync(), "the warning is given once");
        engine.quiet("position fen W:WK1:BK32");
        assertEquals("unknown", engine.display("egdb"));
        engine.quiet("position fen W:WK1:B4");
        assertTrue(engine.display("egdb").startsWith("win in ") || engine.display("egdb").startsWith("loss in ")
                || engine.display("egdb").equals("draw"));
        engine.send("go depth 2");
        assertTrue(engine.until("bestmove").get(0).startsWith("info"));
    }

    /**
     * A go right after the tables changed loaded them first, on its clock (seconds for large sets)
     * and deaf to stop: now it searches without them while they load in the background, and the
     * next search has them (isready still waits for them).
     */
    @Test
    void aGoDoesNotWaitForTheTablesToLoad() {
        engine.command("setoption name UCI_Variant value russian");
        engine.send("setoption name EGDBPath value " + dir.resolve("..").resolve(dir.getFileName()));
        engine.send("position fen W:WKa1,Kc1,Ke1:BKf8"); // no isready: that would wait for the load
        engine.send("go depth 3");
        List<String> first = engine.until("bestmove");
        assertTrue(first.stream().noneMatch(l -> l.contains("EGDB") || l.contains("tbhits")), first.toString());
        List<String> after = engine.sync(); // waits for the load: its note now
        assertEquals(1, after.size(), after.toString());
        assertTrue(after.get(0).matches("info string EGDB: \\d+ tables of russian up to 4 pieces from .*"), after.get(0));
        engine.send("go depth 3");
        assertTrue(engine.until("bestmove").stream().anyMatch(l -> l.matches(".* tbhits [1-9].*")), "the next search probes them");
    }

    /**
     * A {@code d} during a search whose tables were still loading held the engine until the load
     * ended (seconds for a large set), and the stop behind it with it: the stop is answered at
     * once, and the d says the tables are still loading.
     */
    @Test
    void aStopIsAnsweredAtOnceWhileADWaitsForTheTables(@TempDir Path large) throws IOException {
        org.damka.egdb.EgdbFiles.writeDraws(large, Variants.RUSSIAN, 5); // 374 M values: a load of a few hundred ms or more
        engine.command("setoption name UCI_Variant value russian");
        engine.send("setoption name EGDBPath value " + large);
        engine.send("position fen W:WKa1,c3:BKh8,f6,d8"); // no isready: that would wait for the load
        engine.send("go infinite");
        engine.send("d");
        engine.send("stop");
        List<String> lines = new ArrayList<>(engine.until("bestmove"));
        lines.addAll(engine.sync()); // the d's last line may come just after the bestmove; then the load's note
        assertTrue(lines.contains("info string egdb unknown: the tables are still loading"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("info string EGDB: 85 tables of russian up to 5 pieces from .*")), lines.toString());
        engine.command("position fen W:WKa1,c3:BKh8,f6,d8");
        assertEquals("draw", engine.display("egdb"), "loaded now: the d answers from them");

        // An isready with a stop right behind it: the stop, read before the isready was served,
        // was taken for an earlier one, and readyok waited for the whole load.
        engine.send("setoption name EGDBPath value " + dir);
        engine.sync();
        engine.send("setoption name EGDBPath value " + large);
        engine.send("isready");
        engine.send("stop");
        List<String> ready = engine.until("readyok");
        assertTrue(ready.stream().noneMatch(l -> l.contains("EGDB: 85 tables")), "readyok waited for the load: " + ready);
        engine.sync(); // the search's background load, or the next isready's, ends it
        engine.send("setoption name EGDBPath value " + dir);
        engine.sync();
    }

    /** A folder that gives no table says so at the next isready, once; the default folder, which most users never fill, stays quiet. */
    @Test
    void aFolderWithoutTablesIsReported(@TempDir Path empty) {
        engine.command("setoption name UCI_Variant value russian");
        engine.send("setoption name EGDBPath value " + empty.resolve("missing"));
        assertEquals(List.of("info string EGDB: no tables of russian up to 5 pieces in " + empty.resolve("missing") + " (no such folder)"), engine.sync());
        Path file = assertDoesNotThrow(() -> java.nio.file.Files.createTempFile("egdb-path", ".txt"));
        file.toFile().deleteOnExit();
        engine.send("setoption name EGDBPath value " + file);
        assertEquals(List.of("info string EGDB: no tables of russian up to 5 pieces in " + file + " (not a folder)"), engine.sync());
        engine.send("setoption name EGDBPath value " + empty);
        assertEquals(List.of("info string EGDB: no tables of russian up to 5 pieces in " + empty), engine.sync());
        assertEquals(List.of(), engine.sync(), "said once");
        // tables built there since: the same folder set again is read again (it was not, for want of a change)
        assertDoesNotThrow(() -> new EgdbBuilder(Variants.RUSSIAN, empty, 1, new PrintWriter(Writer.nullWriter())).build(2));
        engine.send("setoption name EGDBPath value " + empty);
        List<String> built = engine.sync();
        assertEquals(1, built.size(), built.toString());
        assertTrue(built.get(0).matches("info string EGDB: \\d+ tables of russian up to 2 pieces from " + java.util.regex.Pattern.quote(empty.toString())), built.get(0));
        // a whole set is not read again: a GUI that sends its options at every game
        engine.send("setoption name EGDBPieces value 2");
        assertEquals(1, engine.sync().size(), "the pieces changed: loaded again, and said");
        engine.send("setoption name EGDBPath value " + empty);
        assertEquals(List.of(), engine.sync(), "all of the 2-piece set is there: nothing to read again");
        engine.send("setoption name EGDBPieces value 5");
        engine.send("setoption name EGDBPath value egdb");
        assertEquals(List.of(), engine.sync(), "the default folder without tables is quiet");
        engine.send("setoption name EGDBPath value " + dir);
        List<String> loaded = engine.sync();
        assertEquals(1, loaded.size(), loaded.toString());
        assertTrue(loaded.get(0).matches("info string EGDB: \\d+ tables of russian up to 4 pieces from .*"), loaded.get(0));
    }
}
