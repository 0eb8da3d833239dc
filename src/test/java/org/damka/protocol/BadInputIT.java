package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each kind of bad input the issue lists, one at a time: it gets an {@code info string error}
 * saying what and where (or, for blank lines, nothing), the position stays, and the engine goes
 * on answering.
 */
class BadInputIT extends OneEngineIT {
    @BeforeAll
    static void start() {
        engine.quiet("position startpos moves c3-d4 f6-g5");
    }

    @AfterAll
    static void noInternalErrors() {
        assertTrue(engine.transcript().stream().noneMatch(s -> s.contains("internal error")), engine.stderr());
    }

    private static void assertStateKept() {
        assertEquals("2 c3-d4 f6-g5", engine.display("moves played"));
        assertTrue(engine.alive());
    }

    @Test
    void unknownCommandsSayWhatAndWhere() {
        List<String> e = engine.errors("frobnicate now");
        assertEquals(1, e.size());
        assertTrue(e.get(0).contains("unknown command 'frobnicate'") && e.get(0).contains("line "), e.get(0));
        assertEquals(1, engine.errors("bestmove c3-d4").size());
        assertStateKept();
    }

    @Test
    void blankLinesAreIgnored() {
        engine.sendRaw("\n\n   \n\t\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of(), engine.sync());
        assertStateKept();
    }

    @Test
    void crlfLineEndsTabsAndCaseAreAccepted() {
        engine.sendRaw("position startpos moves c3-d4 f6-g5\r\nISREADY\r\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals("readyok", engine.expect("readyok"));
        engine.sendRaw("  position\tstartpos\tmoves c3-d4   f6-g5  \r\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of(), engine.sync());
        assertStateKept();
    }

    @Test
    void aCarriageReturnAloneEndsALineToo() {
        // Old Mac line ends: before, these three commands were read as one unknown command.
        engine.sendRaw("ucinewgame\rposition startpos moves c3-d4\risready\r".getBytes(StandardCharsets.US_ASCII));
        assertEquals("readyok", engine.expect("readyok"));
        assertEquals("1 c3-d4", engine.display("moves played"));
        engine.sendRaw("position startpos moves c3-d4 f6-g5\r".getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of(), engine.sync());
        assertStateKept();
    }

    @Test
    void veryLongLinesAreRefusedWhole() {
        StringBuilder sb = new StringBuilder("position startpos moves");
        while (sb.length() < 400_000) sb.append(" c3-d4 d6-c5");
        List<String> e = engine.errors(sb.toString());
        assertEquals(1, e.size());
        assertTrue(e.get(0).contains("too long"), e.get(0));
        assertStateKept();
        // Below the limit a long line is read and judged on its content.
        StringBuilder ok = new StringBuilder("position startpos moves c3-d4 f6-g5");
        while (ok.length() < 100_000) ok.append(" a1-a1");
        e = engine.errors(ok.toString());
        assertTrue(e.get(0).contains("move 3"), e.get(0));
        assertStateKept();
    }

    @Test
    void binaryGarbageIsAnUnknownCommand() {
        Random rnd = new Random(7);
        for (int i = 0; i < 50; i++) {
            byte[] junk = new byte[1 + rnd.nextInt(300)];
            rnd.nextBytes(junk);
            for (int k = 0; k < junk.length; k++) if (junk[k] == '\n' || junk[k] == '\r') junk[k] = 0; // one line
            engine.sendRaw(junk);
            engine.send("");
            List<String> out = engine.sync();
            assertTrue(out.size() <= 1, out.toString());
            for (String s : out) assertTrue(s.startsWith("info string error "), s);
        }
        // A control byte inside a word makes it unknown; at the ends it is blank, like a space.
        engine.sendRaw(new byte[] {'i', 's', 0, 'r', 'e', 'a', 'd', 'y', '\n'});
        assertEquals(1, engine.sync().size());
        engine.sendRaw(new byte[] {0, 'i', 's', 'r', 'e', 'a', 'd', 'y', 0, '\n'});
        assertEquals("readyok", engine.next(10_000).text());
        assertStateKept();
    }

    @Test
    void nonAsciiTextIsEchoedAsQuestionMarks() {
        List<String> e = engine.errors("position startpos moves с3-d4");  // Cyrillic 'с'
        assertTrue(e.get(0).contains("?"), e.get(0));
        assertStateKept();
    }

    @Test
    void stateChangingCommandsDuringASearchAreRefused() {
        engine.quiet("position startpos moves c3-d4 f6-g5"); // another test may have left a refused one
        engine.send("go infinite");
        for (String c : List.of("position startpos", "ucinewgame", "setoption name UCI_Variant value english",
                "setoption name Hash value 8", "go depth 1", "go perft 2")) {
            List<String> out = engine.command(c);
            assertTrue(out.stream().anyMatch(s -> s.contains("a search is running")), c + ": " + out);
        }
        engine.send("stop");
        engine.expect("bestmove");
        assertStateKept();
    }
    /**
     * After a refused position the engine keeps its older one, which the GUI no longer has: a
     * go searched it and answered a move for the wrong side (pydraughts and a GUI that applies no
     * draw rule met this). It is now refused with the reason and a bestmove (none), so the GUI
     * neither waits for ever nor gets a move of another position; a good position ends it.
     */
    @Test
    void aGoAfterARefusedPositionSearchesNothing() {
        engine.quiet("position startpos moves c3-d4");
        assertEquals(1, engine.errors("position startpos moves c3-d4 f6-g5 zz-zz").size());
        List<String> out = engine.command("go depth 3");
        assertTrue(out.size() == 2 && out.get(0).startsWith("info string error go: no position to search: ")
                && out.get(0).contains("zz-zz") && out.get(1).equals("bestmove (none)"), out.toString());
        List<String> draw = engine.errors("position fen W:WKa1:BKh4 moves a1-b2 h4-g5 b2-a1 g5-h4 a1-b2 h4-g5 b2-a1 g5-h4 a1-b2");
        assertTrue(draw.get(0).contains("already over"), draw.toString());
        assertEquals("bestmove (none)", engine.command("go depth 1").get(1));
        // A position line too long to read is refused all the same.
        engine.quiet("position startpos moves c3-d4 f6-g5");
        StringBuilder tooLong = new StringBuilder("position startpos moves");
        while (tooLong.length() < 300_000) tooLong.append(" c3-d4 d6-c5");
        assertTrue(engine.errors(tooLong.toString()).get(0).contains("too long"));
        out = engine.command("go depth 3");
        assertTrue(out.size() == 2 && out.get(0).contains("no position to search") && out.get(1).equals("bestmove (none)"), out.toString());
        engine.quiet("position startpos moves c3-d4 f6-g5");
        engine.send("go depth 1");
        String best = engine.expect("bestmove");
        assertTrue(best.matches("bestmove [a-h][1-8]-[a-h][1-8].*"), best);
        assertStateKept();
    }
}
