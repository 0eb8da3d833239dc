package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.damka.board.Fen;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code position} with moves in every accepted spelling, and what the engine does when the
 * position or a move is wrong (the previous position stays) or the game is over.
 */
class PositionIT extends OneEngineIT {
    @BeforeEach
    void russian() {
        engine.command("setoption name UCI_Variant value russian");
    }

    /** The engine's position equals the expected one (compared as positions, not as text). */
    private static void assertPosition(Rules rules, String expected) {
        assertEquals(Fen.parse(rules, expected), Fen.parse(rules, engine.position()), "engine shows " + engine.position());
        assertEquals(expected.charAt(0) == 'W' ? "white" : "black", engine.display("side to move"));
    }

    @Test
    void goBeforePositionSearchesTheStartPosition() {
        try (EngineUnderTest fresh = EngineUnderTest.start()) {
            fresh.send("go depth 2");
            List<String> out = fresh.until("bestmove");
            String best = out.get(out.size() - 1).split(" ")[1];
            List<String> legal = List.of("a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4");
            assertTrue(legal.contains(best), best);
        }
    }

    @Test
    void startposWithMovesAndCapturesWrittenBothWays() {
        String after = "W:Wa1,a3,b2,c1,d2,e1,e3,f2,g1,g3,h2:Ba7,b8,c7,d4,d6,d8,e7,f8,g5,g7,h6,h8";
        for (String capture : List.of("b6:d4", "b6xd4", "B6:D4", "b6-d4")) {
            engine.quiet("position startpos moves c3-d4 f6-g5 d4-c5 " + capture);
            assertPosition(Variants.RUSSIAN, after);
            assertEquals("4 c3-d4 f6-g5 d4-c5 b6:d4", engine.display("moves played"));
        }
        engine.quiet("position startpos moves");
        assertPosition(Variants.RUSSIAN, Variants.RUSSIAN.startFen());
    }

    @Test
    void multiCaptureFullPathAndShortFormRussian() {
        for (String m : List.of("c3:e5:g7", "c3xe5xg7", "c3:g7", "c3xg7", "c3-g7")) {
            engine.quiet("position fen W:Wc3:Bd4,f6,a7 moves " + m);
            assertPosition(Variants.RUSSIAN, "B:Wg7:Ba7");
            assertEquals("1 c3:e5:g7", engine.display("moves played"));
        }
    }

    @Test
    void multiCaptureFullPathAndShortFormInternational() {
        engine.command("setoption name UCI_Variant value international");
        for (String m : List.of("32x21x12", "32:21:12", "32x12", "32:12", "32-12")) {
            engine.quiet("position fen W:W32:B27,17,5 moves " + m);
            assertPosition(Variants.INTERNATIONAL, "B:W12:B5");
            assertEquals("1 32x21x12", engine.display("moves played"));
        }
    }

    @Test
    void ambiguousShortFormIsRefusedAndFullPathsAccepted() {
        engine.command("setoption name UCI_Variant value international");
        String fen = "W:WK15,K45:B20,23,36,43,39,40";
        engine.quiet("position fen " + fen);
        for (String m : List.of("15x35", "15-35")) {
            List<String> errors = engine.errors("position fen " + fen + " moves " + m);
            assertEquals(1, errors.size());
            assertTrue(errors.get(0).contains("ambiguous") && errors.get(0).contains("15x33x44x35")
                    && errors.get(0).contains("15x38x49x35"), errors.get(0));
            assertPosition(Variants.INTERNATIONAL, fen);
        }
        engine.quiet("position fen " + fen + " moves 15:38:49:35");
        assertEquals("1 15x38x49x35", engine.display("moves played"));
        engine.command("setoption name UCI_Variant value russian");
        List<String> errors = engine.errors("position fen W:WKa1:Bd2,b6,b2,f4,d6,f6 moves a1:e1");
        assertTrue(errors.get(0).contains("ambiguous"), errors.get(0));
        engine.quiet("position fen W:WKa1:Bd2,b6,b2,f4,d6,f6 moves a1xc3xe1");
        assertEquals("1 a1:c3:e1", engine.display("moves played"));
    }

    @Test
    void illegalMoveKeepsThePreviousPositionWhole() {
        engine.quiet("position startpos moves c3-d4 f6-g5");
        String before = engine.position();
        for (String bad : List.of("c3-d4 f6-g5 c3-b4", "c3-d4 f6-g5 d4-e5 e5-f6", "c3-d4 f6-e5 d4:f6 foo",
                "a3-b5", "c3", "c3-d4-e5", "z9-a1", "c3-d4 " + "x".repeat(500))) {
            List<String> errors = engine.errors("position startpos moves " + bad);
            assertEquals(1, errors.size(), bad);
            assertTrue(errors.get(0).startsWith("info string error position: move "), errors.get(0));
            assertEquals(before, engine.position(), "position changed by: " + bad);
        }
    }

    @Test
    void malformedPositionStringsKeepThePreviousPosition() {
        engine.quiet("position startpos moves e3-f4");
        String before = engine.position();
        for (String bad : List.of("position fen", "position fen X:Wa1:Bh8", "position fen W:Wa1:Bh8:Wc3", "position fen W:Wa1:Ba1",
                "position fen W:Wz9:Bh8", "position fen W:W31-50:B1-20", "position fen W:Wa1,a1:Bh6", "position fen W:Wb8:Bh6",
                "position fen W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2,b4:Bh6", "position", "position startpos foo",
                "position fen ::", "position fen W:W:W", "position moves c3-d4", "position banana")) {
            List<String> errors = engine.errors(bad);
            assertEquals(1, errors.size(), bad);
            assertEquals(before, engine.position(), "position changed by: " + bad);
        }
    }

    @Test
    void finishedGamesAnswerBestmoveNoneWithTheResult() {
        assertResult("position fen B:Wa1,c1:Bb2", "1-0 (Black has no legal move)");
        assertResult("position fen W:W:Bh8", "0-1 (White has no pieces)");
        assertResult("position fen W:WKa1:BKh2 moves a1-b2 h2-g1 b2-a1 g1-h2 a1-b2 h2-g1 b2-a1 g1-h2",
                "1/2-1/2 (threefold repetition)");
        List<String> errors = engine.errors("position fen W:WKa1:BKh2 moves a1-b2 h2-g1 b2-a1 g1-h2 a1-b2 h2-g1 b2-a1 g1-h2 a1-b2");
        assertTrue(errors.get(0).contains("move 9") && errors.get(0).contains("already over"), errors.get(0));
        engine.command("setoption name UCI_Variant value hexagonal");
        // Hexagonal: a blocked side draws (docs/rules.md decision 2). The White man on b2 can only step
        // to a1 or a2, both taken, and cannot jump off the board.
        assertResult("position fen W:Wb2:Ba1,a2,Kk5", "1/2-1/2 (White has no legal move)");
    }

    private static void assertResult(String position, String result) {
        engine.quiet(position);
        assertEquals(result, engine.display("result"));
        engine.send("go depth 5");
        assertEquals(List.of("info string result " + result, "bestmove (none)"), engine.until("bestmove"));
        engine.send("go infinite");
        assertEquals(List.of("info string result " + result, "bestmove (none)"), engine.until("bestmove"));
    }
}
