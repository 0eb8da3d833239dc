package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.damka.egdb.EgdbFiles;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Endgame tables larger than the Java heap (the international 5-piece set needs 3.8 GB; the
 * default heap is a quarter of the memory): the engine said "internal error", wrote a stack
 * trace and never answered the go. Now it says the tables do not fit, plays without them and
 * answers every go.
 */
class EgdbMemoryIT {
    @TempDir
    static Path dir;

    @Test
    void tablesLargerThanTheHeapAreLeftOutAndEveryGoIsAnswered() throws Exception {
        long values = EgdbFiles.writeDraws(dir, Variants.RUSSIAN, 5);
        assertTrue(values > 300_000_000, "the tables outweigh a 128 MB heap: " + values);
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions("-Xmx128m")) {
            List<String> said = new ArrayList<>();
            said.addAll(e.command("setoption name UCI_Variant value russian"));
            said.addAll(e.command("setoption name EGDBPath value " + dir)); // isready waits for the load
            e.quiet("position fen W:WKa1,Kc1:BKh8,f8");
            for (int i = 0; i < 2; i++) {
                e.send("go depth 3");
                List<String> lines = e.until("bestmove");
                said.addAll(lines);
                assertTrue(lines.get(lines.size() - 1).matches("bestmove [a-h][1-8][-:][a-h][1-8].*"), lines.toString());
            }
            assertTrue(said.stream().anyMatch(l -> l.startsWith("info string EGDB: the tables of russian up to 5 pieces")
                    && l.contains("-Xmx")), said.toString());
            // changed again with no isready: the load runs in the background from the first go, which
            // searches without it, as do those that follow; what it found comes once it is done
            e.send("setoption name EGDBPath value " + dir.resolve("."));
            e.send("position fen W:WKa1,Kc1:BKh8,f8");
            List<String> background = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                e.send("go depth 3");
                List<String> lines = e.until("bestmove");
                background.addAll(lines);
                assertTrue(lines.get(lines.size() - 1).startsWith("bestmove "), lines.toString());
            }
            background.addAll(e.sync());
            assertEquals(1, background.stream().filter(l -> l.startsWith("info string EGDB: the tables of russian up to 5 pieces")).count(),
                    background.toString());
            assertEquals("", e.stderr(), "no stack trace");
            assertTrue(e.alive());
        }
    }
}
