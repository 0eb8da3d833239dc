package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.game.GameResult.Outcome;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** Writing and reading PDN game records, and the record the match writes for a game. */
class PdnTest {

    private static Map<String, String> tags(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    @Test
    void englishNumbersMovesFromBlacksFirstMove() {
        // In english Black moves first, so "1." is followed by Black's move, then White's.
        String text = Pdn.format(tags("Result", "0-1"), List.of("11-15", "22-18", "15x22", "25x18"), 1, 1, null, "0-1");
        assertTrue(text.contains("1. 11-15 22-18 2. 15x22 25x18 0-1"), text);
    }

    /** PDN numbers a move by the side that moves first in the variant (english: Black), "1..." for the other. */
    @Test
    void moveNumbersFollowTheFirstSide() {
        int white = org.damka.board.Position.WHITE, black = org.damka.board.Position.BLACK;
        assertEquals(List.of("1.", "1...", "2.", "2..."),
                List.of(Pdn.moveNumber(0, white, white), Pdn.moveNumber(1, white, white), Pdn.moveNumber(2, white, white), Pdn.moveNumber(3, white, white)));
        assertEquals(List.of("1...", "2.", "2...", "5."),
                List.of(Pdn.moveNumber(0, white, black), Pdn.moveNumber(1, white, black), Pdn.moveNumber(2, white, black), Pdn.moveNumber(7, white, black)));
        assertEquals("1.", Pdn.moveNumber(0, black, black)); // english from its start: Black's move 1
        assertEquals("1...", Pdn.moveNumber(0, black, white));
    }

    @Test
    void whiteFirstVariantNumbersFromWhite() {
        String text = Pdn.format(tags(), List.of("c3-d4", "f6-g5", "d4-e5"), 0, 0, null, "*");
        assertTrue(text.contains("1. c3-d4 f6-g5 2. d4-e5 *"), text);
    }

    @Test
    void startWithTheSecondSideUsesThreeDots() {
        // russian, Black to move in the start position: 1... for Black, then 2. for White.
        String text = Pdn.format(tags(), List.of("f6-g5", "c3-d4", "g5-h4"), 0, 1, null, "*");
        assertTrue(text.contains("1... f6-g5 2. c3-d4 g5-h4 *"), text);
        // english, White (the second side there) to move.
        String english = Pdn.format(tags(), List.of("22-18", "11-15"), 1, 0, null, "*");
        assertTrue(english.contains("1... 22-18 2. 11-15 *"), english);
    }

    @Test
    void writesTagsCommentAndWrapsLines() {
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < 60; i++) moves.add(i % 2 == 0 ? "32x23x14x5" : "1-7");
        String text = Pdn.format(tags("Event", "say \"hi\" \\ there", "Result", "1-0"), moves, 0, 0, "White {wins} here", "1-0");
        assertTrue(text.startsWith("[Event \"say \\\"hi\\\" \\\\ there\"]\n[Result \"1-0\"]\n\n"), text);
        assertTrue(text.contains("{White (wins) here} 1-0"), text);
        for (String line : text.split("\n")) assertTrue(line.length() <= 79, "line too long: " + line);
        assertTrue(text.endsWith("1-0\n\n"));
    }

    @Test
    void roundTrip() {
        Map<String, String> t = tags("Event", "e \"q\"", "White", "a", "Black", "b", "Result", "1/2-1/2");
        List<String> moves = List.of("c3-d4", "f6-g5", "d4-e5", "g5-h4");
        String text = Pdn.format(t, moves, 0, 0, "threefold repetition", "1/2-1/2")
                + Pdn.format(tags("Round", "2"), List.of("f6-g5"), 0, 1, null, "0-1");
        List<Pdn.Record> games = Pdn.parse(text);
        assertEquals(2, games.size());
        assertEquals(t, games.get(0).tags());
        assertEquals(moves, games.get(0).moves());
        assertEquals(List.of("threefold repetition"), games.get(0).comments());
        assertEquals("1/2-1/2", games.get(0).result());
        assertEquals(List.of("f6-g5"), games.get(1).moves());
        assertEquals("0-1", games.get(1).result());
        assertEquals("2", games.get(1).tag("Round"));
    }

    /** "1. 32-28 -- 2. 33-28" was refused as "unknown square '' in move '--2.'". */
    @Test
    void aNullMoveIsRefusedAsSuch() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Pdn.parse("[GameType \"20\"]\n\n1. 32-28 -- 2. 33-28 *\n"));
        assertEquals("a null move '--' after 1 ply: draughts has no pass, so the game cannot be replayed", e.getMessage());
        // in a variation it is skipped with the variation
        assertEquals(List.of("32-28", "19-23"), Pdn.parse("1. 32-28 (1. 33-28 -- 2. 32-27) 19-23 *").get(0).moves());
    }

    @Test
    void readsTheWaysOtherProgramsWrite() {
        String text = "[Event \"x\"]\n[GameType \"20\"]\n\n1.32-28 19-23 2. 28x19 {forced} (2. 37-32 14-19) 14x23 3...x 2-0\n"
                + "[Event \"y\"]\n1. 11-15 *\n"
                + "[Event \"z\"]\n1. 9-14\n";
        List<Pdn.Record> games = Pdn.parse(text);
        assertEquals(3, games.size());
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23", "x"), games.get(0).moves());
        assertEquals(List.of("forced"), games.get(0).comments());
        assertEquals("2-0", games.get(0).result());
        assertEquals(List.of("11-15"), games.get(1).moves());
        assertEquals("*", games.get(1).result());
        // A game without a result token still ends at the end of the text.
        assertEquals(List.of("9-14"), games.get(2).moves());
        assertEquals("z", games.get(2).tag("Event"));
    }

    /** What real files hold (the FMJD PDN test games, lidraughts exports): each was refused or misread. */
    @Test
    void readsAnnotationsPaddedMovesEscapesAndOddBlanks() {
        assertEquals(List.of("32-28", "19-23", "28x19"), Pdn.parse("1. 32-28 $1 19-23 $14 2. 28x19 $ *").get(0).moves());
        assertEquals(List.of("32-28", "19-23", "28x19", "14x23"),
                Pdn.parse("1. 32-28! 19-23? 2. 28x19 !? 14x23?! *").get(0).moves());
        // Columns lined up by padding one-digit squares.
        assertEquals(List.of("37-32", "1-6", "32x21", "16x27"),
                Pdn.parse("1. 37-32  1- 6 2. 32x21 16x27 *").get(0).moves());
        assertEquals(List.of("19-23"), Pdn.parse("[FEN \"B:W31-50:B1-20\"]\n1. ... 19-23 *").get(0).moves());
        Pdn.Record r = Pdn.parse("% written by a program\n[Event \"e\"]\n1. 32-28 ; a line comment 19-23\n19-23 *").get(0);
        assertEquals(List.of("32-28", "19-23"), r.moves());
        assertEquals(List.of("a line comment 19-23"), r.comments());
        assertEquals("e", r.tag("Event"));
        assertEquals(List.of("32-28", "19-23"), Pdn.parse("\uFEFF[Event \"e\"]\n1.\u00a032-28\u00a019-23 *").get(0).moves());
        // A result right after a move that ends in x is not joined to it.
        assertEquals("2-0", Pdn.parse("1. 32-28 3...x 2-0").get(0).result());
        // Printed notation's results, as its moves (c3–d4) are read: '1–0' was a move ("unknown square '0'")
        List<Pdn.Record> printed = Pdn.parse("1. c3\u2013d4 f6\u2013g5 1\u20130\n\n1. c3\u2013d4 \u00bd\u2013\u00bd");
        assertEquals(2, printed.size());
        assertEquals(List.of("c3\u2013d4", "f6\u2013g5"), printed.get(0).moves());
        assertEquals("1-0", printed.get(0).result());
        assertEquals("1/2-1/2", printed.get(1).result());
    }

    @Test
    void aCommentLeftOpenIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pdn.parse("1. 32-28 {oops 19-23 2. 28x19 *"));
        assertEquals("the comment opened at character 9 is not closed", e.getMessage());
    }

    @Test
    void malformedTagIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Pdn.parse("[Event x]\n1. c3-d4 *"));
        assertThrows(IllegalArgumentException.class, () -> Pdn.parse("[Event \"x\"\n1. c3-d4 *"));
    }

    /** Stray brackets once stopped the reader on the same character for ever (a GUI import hung its room). */
    @Test
    void strayBracketsAreSkipped() {
        Duration bound = Duration.ofSeconds(10); // a hang guard, not a speed test
        assertEquals(List.of("c3-d4", "f6-g5"),
                assertTimeoutPreemptively(bound, () -> Pdn.parse("1. c3-d4 } f6-g5 *")).get(0).moves());
        assertEquals(List.of("c3-d4", "f6-g5"),
                assertTimeoutPreemptively(bound, () -> Pdn.parse("1. c3-d4 (1. e3-f4 [x] ) f6-g5 *")).get(0).moves());
        assertEquals(List.of("c3-d4"), assertTimeoutPreemptively(bound, () -> Pdn.parse("1. c3-d4 ( [")).get(0).moves());
    }

    @Test
    void matchRecordOfAnEnglishGameFromAPosition() {
        Rules rules = Variants.ENGLISH;
        // White to move in english (the second side): the record needs FEN/SetUp and "1...".
        String fen = "W:W21-32:B1-10,12,15";
        Game game = new Game(rules, org.damka.board.Fen.parse(rules, fen));
        List<String> legal = game.legalMoveTexts();
        game.play(legal.get(0));
        GameRecord g = new GameRecord(7, 0, "A", "B", true, fen, game.moves(),
                new GameResult(Outcome.BLACK_WINS, "White (A) crashed"), Termination.CRASH);
        String text = Match.toPdn(g, rules, "2024.01.02");
        Pdn.Record back = Pdn.parse(text).get(0);
        assertEquals("7", back.tag("Round"));
        assertEquals("A", back.tag("White"));
        assertEquals("B", back.tag("Black"));
        assertEquals("0-1", back.tag("Result"));
        assertEquals("0-1", back.result());
        assertEquals("21", back.tag("GameType"));
        assertEquals("1", back.tag("SetUp"));
        assertEquals(fen, back.tag("FEN"));
        assertEquals("abandoned", back.tag("Termination"));
        assertEquals("2024.01.02", back.tag("Date"));
        assertEquals(game.moves(), back.moves());
        assertEquals(List.of("White (A) crashed"), back.comments());
        assertTrue(text.contains("1... " + legal.get(0)), text);
    }

    @Test
    void matchRecordFromTheStartHasNoSetUp() {
        GameRecord g = new GameRecord(1, 0, "A", "B", true, null, List.of("c3-d4"),
                new GameResult(Outcome.DRAW, "adjudicated draw"), Termination.ADJUDICATION);
        Pdn.Record back = Pdn.parse(Match.toPdn(g, Variants.RUSSIAN, "2024.01.02")).get(0);
        assertFalse(back.tags().containsKey("FEN"));
        assertFalse(back.tags().containsKey("SetUp"));
        assertEquals("25", back.tag("GameType"));
        assertEquals(String.valueOf(Variants.HEXAGONAL.pdnGameType()),
                Pdn.parse(Match.toPdn(g, Variants.HEXAGONAL, "2024.01.02")).get(0).tag("GameType"));
    }

    /** pydraughts' PDN reader (behind lidraughts-bot) reads captures joined by x only; we read both. */
    @Test
    void capturesOnAlgebraicBoardsAreWrittenWithX() {
        for (Rules rules : List.of(Variants.RUSSIAN, Variants.BRAZILIAN)) {
            Game game = new Game(rules, org.damka.board.Fen.parse(rules, rules.startFen()));
            game.play("c3-d4");
            game.play("f6-e5");
            String capture = game.legalMoveTexts().get(0);
            assertEquals("d4:f6", capture, "damka's own notation joins captures with ':'");
            game.play(capture);
            GameRecord g = new GameRecord(1, 0, "A", "B", true, null, game.moves(),
                    new GameResult(Outcome.DRAW, "adjudicated draw"), Termination.ADJUDICATION);
            String text = Match.toPdn(g, rules, "2024.01.02");
            String moveText = text.substring(text.indexOf("\n\n"));
            assertTrue(moveText.contains("2. d4xf6"), text);
            assertFalse(moveText.contains(":"), text);
            // Read back (x) and written by another program (:), both replay to the same game.
            for (String pdn : List.of(text, text.replace("d4xf6", "d4:f6"))) {
                Game replay = new Game(rules, org.damka.board.Fen.parse(rules, rules.startFen()));
                for (String m : Pdn.parse(pdn).get(0).moves()) replay.play(m);
                assertEquals(game.position(), replay.position(), pdn);
            }
        }
    }
}
