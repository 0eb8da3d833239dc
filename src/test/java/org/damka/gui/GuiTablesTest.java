package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.damka.board.Fen;
import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbBuilder;
import org.damka.egdb.EgdbSettings;
import org.damka.engine.Engine;
import org.damka.movegen.Move;
import org.damka.rules.Variants;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The endgame tables the browser board's engine rooms share: chosen by the heap, loaded once, probed by every room's engine. */
class GuiTablesTest {
    private static final long LARGE_HEAP = 16L << 30;

    @TempDir
    Path dir;

    private final List<String> log = new CopyOnWriteArrayList<>();

    @Test
    void everyEngineOfTheVariantProbesTheOneSetLoaded() throws Exception {
        new EgdbBuilder(Variants.RUSSIAN, dir, 2, new PrintWriter(Writer.nullWriter())).build(3);
        GuiTables tables = GuiTables.select(dir, 3, LARGE_HEAP, log::add);
        assertEquals(Egdb.bytesInFolder(dir, Variants.RUSSIAN, 3), tables.bytes());
        assertTrue(tables.bytes() > 0);
        assertNull(tables.of(Variants.ENGLISH), "no english tables in the folder");
        EgdbSettings russian = tables.of(Variants.RUSSIAN);
        assertNotNull(russian);
        assertEquals(List.of("endgame tables in " + dir + " (3 pieces at most): russian (1 MB)"), log);

        tables.loadInBackground(log::add);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (log.size() < 2 && System.nanoTime() < deadline) Thread.sleep(10);
        assertTrue(log.get(1).matches("EGDB: \\d+ tables of russian up to 3 pieces from " + java.util.regex.Pattern.quote(dir.toString())), log.toString());
        Egdb loaded = russian.tablesIfLoaded(Variants.RUSSIAN);
        assertNotNull(loaded);

        Engine first = new Engine(8, "russian", russian), second = new Engine(8, "russian", russian);
        assertTrue(tbHits(first, true) > 0, "the first engine probes");
        assertTrue(tbHits(second, true) > 0, "the second engine probes");
        assertSame(loaded, russian.tablesIfLoaded(Variants.RUSSIAN), "one set, not a load per engine");
        assertEquals(0, tbHits(second, false), "a weak level probes none");
        assertEquals(2, log.size(), "a shared load's notes are said once, by the server: " + log);
        // another variant would load its tables into the shared settings, uncounted
        assertThrows(IllegalStateException.class, () -> first.setVariant("english"));
        assertThrows(IllegalStateException.class, () -> first.setEgdbPieces(3));
        first.setVariant("russian");
    }

    @Test
    void tablesThatLeaveTooFewEngineRoomsAreLeftOut() throws IOException {
        new EgdbBuilder(Variants.RUSSIAN, dir, 2, new PrintWriter(Writer.nullWriter())).build(3);
        long bytes = Egdb.bytesInFolder(dir, Variants.RUSSIAN, 3);
        long justEnough = GuiLimits.SERVER_BYTES + GuiTables.MIN_ENGINE_ROOMS * GuiLimits.ENGINE_BYTES + bytes;

        GuiTables none = GuiTables.select(dir, 3, justEnough - 1, log::add);
        assertNull(none.of(Variants.RUSSIAN));
        assertEquals(0, none.bytes());
        assertEquals(1, log.size());
        assertTrue(log.get(0).startsWith("the endgame tables of russian in " + dir + " (1 MB) are left out: beside them the Java heap ("), log.get(0));
        assertTrue(log.get(0).contains(") would not hold 4 engine games;"), log.get(0));
        assertTrue(log.get(0).endsWith("give Java more with -Xmx or set --egdb-pieces lower"), log.get(0));

        GuiTables fits = GuiTables.select(dir, 3, justEnough, log::add);
        assertNotNull(fits.of(Variants.RUSSIAN));
        // The engine rooms are counted in the heap the tables leave.
        assertEquals(GuiTables.MIN_ENGINE_ROOMS, GuiLimits.enginesFor(justEnough - fits.bytes()));
    }

    @Test
    void aFolderWithoutTablesIsSaid() {
        Path missing = dir.resolve("nowhere");
        GuiTables tables = GuiTables.select(missing, 5, LARGE_HEAP, log::add);
        assertEquals(0, tables.bytes());
        assertEquals(List.of("no endgame tables up to 5 pieces in " + missing + " (no such folder)"), log);
        log.clear();
        assertEquals(0, GuiTables.select(missing, 0, LARGE_HEAP, log::add).bytes());
        assertEquals(List.of(), log, "0 pieces: no tables asked for, nothing to say");
    }

    /** The table hits of a search of a five-piece russian ending whose captures lead into the 3-piece tables. */
    private static long tbHits(Engine engine, boolean probe) throws InterruptedException {
        engine.setVariant("russian");
        engine.setProbeTables(probe);
        engine.setPosition(Fen.parse(Variants.RUSSIAN, "W:WKa1,c3,e3:Bf6,h6"), List.of());
        AtomicLong hits = new AtomicLong(-1);
        engine.go(SearchLimits.nodes(100_000), new SearchListener() {
            @Override public void info(SearchInfo info) { hits.set(info.tbHits()); }

            @Override public void bestMove(Move move, Move ponder) { }
        });
        engine.waitForSearch();
        return hits.get();
    }
}
