package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.damka.egdb.EgdbFiles;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bot that alternates variants (lidraughts-bot: russian, brazilian) read the endgame tables of
 * each from disk at every game: only one variant's stayed loaded. Now the tables of the variants
 * played before stay while the heap has room, and a load that would not fit beside them lets them
 * go instead of leaving its own variant without tables.
 */
class EgdbVariantsIT {
    @TempDir
    static Path dir;

    private static long loads(List<String> said, String variant) {
        return said.stream().filter(l -> l.matches("info string EGDB: \\d+ tables of " + variant + " .*")).count();
    }

    /** Searches a 4-piece position of the variant; true if the search probed the tables. */
    private static boolean probes(EngineUnderTest e, String variant) {
        e.send("position fen " + (variant.equals("english") ? "B:W28,K32:B1,5" : "W:Wa1,Kc1:Bh8,Kf8"));
        e.send("go depth 4");
        return e.until("bestmove").stream().anyMatch(l -> l.matches(".* tbhits [1-9].*"));
    }

    @Test
    void theTablesOfAVariantPlayedBeforeStayLoaded() throws Exception {
        Path small = Files.createDirectories(dir.resolve("small"));
        EgdbFiles.writeDraws(small, Variants.RUSSIAN, 4);
        EgdbFiles.writeDraws(small, Variants.ENGLISH, 4);
        try (EngineUnderTest e = EngineUnderTest.start()) {
            e.command("setoption name EGDBPath value " + small);
            for (String variant : new String[] {"russian", "english", "russian", "english"}) {
                e.command("setoption name UCI_Variant value " + variant); // isready waits for a load
                assertTrue(probes(e, variant), variant + " probes its tables, kept or loaded: " + e.transcript());
            }
            assertEquals(1, loads(e.transcript(), "russian"), e.transcript().toString());
            assertEquals(1, loads(e.transcript(), "english"), e.transcript().toString());
            assertEquals("", e.stderr());
        }
    }

    @Test
    void aLoadThatDoesNotFitBesideThemLetsThemGo() throws Exception {
        Path large = Files.createDirectories(dir.resolve("large"));
        long russian = EgdbFiles.writeDraws(large, Variants.RUSSIAN, 5, 260L << 20);
        long brazilian = EgdbFiles.writeDraws(large, Variants.BRAZILIAN, 5, 260L << 20);
        assertTrue(russian < 400L << 20 && russian + brazilian > 512L << 20, russian + " + " + brazilian + " bytes");
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions("-Xmx512m")) {
            e.command("setoption name EGDBPath value " + large);
            for (String variant : new String[] {"russian", "brazilian", "russian"}) {
                e.command("setoption name UCI_Variant value " + variant);
                assertTrue(probes(e, variant), variant + " probes its tables: " + e.transcript());
            }
            List<String> said = e.transcript();
            assertEquals(2, loads(said, "russian"), "loaded again after brazilian's needed the room: " + said);
            assertEquals(1, loads(said, "brazilian"), said.toString());
            assertTrue(said.stream().noneMatch(l -> l.contains("-Xmx")), "every set fits alone: " + said);
            assertEquals("", e.stderr(), "no stack trace");
            assertTrue(e.alive());
        }
    }
}
