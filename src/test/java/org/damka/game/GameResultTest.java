package org.damka.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * How games end (docs/rules.md, "Common to every variant" and the hexagonal "Game end"): a side with
 * no pieces or no legal move has lost, except that a blocked side in hexagonal draws; and a move
 * that cannot be played leaves the game exactly as it was.
 */
class GameResultTest {

    private static Game game(Rules rules, String fen) {
        return new Game(rules, Fen.parse(rules, fen));
    }

    private static void assertResult(Game g, GameResult.Outcome outcome, String reasonPart) {
        Optional<GameResult> r = g.result();
        assertTrue(r.isPresent(), "expected " + outcome + " (" + reasonPart + ")");
        assertEquals(outcome, r.get().outcome(), r.get().toString());
        assertTrue(r.get().reason().contains(reasonPart), r.get().reason());
    }

    @Test
    void capturingTheLastPieceWins() {
        Game g = game(Variants.RUSSIAN, "W:Wc3:Bd4");
        assertTrue(g.result().isEmpty());
        assertEquals("c3:e5", g.play("c3:e5"));
        assertResult(g, GameResult.Outcome.WHITE_WINS, "Black has no pieces");
        assertEquals(1, g.result().get().loser());
        assertEquals("1-0", g.result().get().outcome().score());

        Game h = game(Variants.HEXAGONAL, "W:Wi3:Bh3");
        assertEquals("i3:g3", h.play("i3:g3"));
        assertResult(h, GameResult.Outcome.WHITE_WINS, "Black has no pieces");

        Game e = game(Variants.ENGLISH, "B:W26:B22");
        e.play("22x31");
        assertResult(e, GameResult.Outcome.BLACK_WINS, "White has no pieces");
    }

    @Test
    void aSideWithoutPiecesHasLostEvenWhenTheOtherIsToMove() {
        // A set-up position: White to move, Black has nothing left. The game is over.
        assertResult(game(Variants.INTERNATIONAL, "W:W28"), GameResult.Outcome.WHITE_WINS, "Black has no pieces");
        assertResult(game(Variants.HEXAGONAL, "B:B:WKk2"), GameResult.Outcome.WHITE_WINS, "Black has no pieces");
        assertResult(game(Variants.RUSSIAN, "B:Bc7"), GameResult.Outcome.BLACK_WINS, "White has no pieces");
    }

    @Test
    void noLegalMoveLoses() {
        // White's only man is blocked, and the man in front cannot be taken (the square behind is full).
        assertResult(game(Variants.RUSSIAN, "W:Wa1:Bb2,c3"), GameResult.Outcome.BLACK_WINS, "White has no legal move");
        assertResult(game(Variants.BRAZILIAN, "W:Wa1:Bb2,c3"), GameResult.Outcome.BLACK_WINS, "White has no legal move");
        assertResult(game(Variants.INTERNATIONAL, "W:W46:B41,37"), GameResult.Outcome.BLACK_WINS, "White has no legal move");
        assertResult(game(Variants.ENGLISH, "W:W29:B25,22"), GameResult.Outcome.BLACK_WINS, "White has no legal move");
        assertResult(game(Variants.RUSSIAN, "B:Wb6,c5:Ba7"), GameResult.Outcome.WHITE_WINS, "Black has no legal move");
    }

    @Test
    void noLegalMoveDrawsInHexagonal() {
        // White man k1: both forward cells j1, j2 hold Black men, and the cells behind them
        // (i1, i3) are full too, so nothing can be taken.
        Game g = game(Variants.HEXAGONAL, "W:Wk1:Bj1,j2,i1,i3");
        assertEquals(List.of(), g.legalMoveTexts());
        assertResult(g, GameResult.Outcome.DRAW, "White has no legal move");
        assertEquals(-1, g.result().get().loser());
    }

    @Test
    void gameGoesOnWhileMovesRemain() {
        for (Rules rules : Variants.all()) {
            Game g = game(rules, rules.startFen());
            assertTrue(g.result().isEmpty(), rules.name());
            assertEquals(rules.firstSide(), g.position().sideToMove(), rules.name());
        }
    }

    @Test
    void badMovesChangeNothing() {
        Rules rules = Variants.RUSSIAN;
        // The king on a3 reaches h2 two ways, taking {c5, g3} or {c5, g7, g5, g3}: the short form
        // a3:h2 names two moves (russian has no majority rule).
        String fen = "W:WKa3:Bc5,g3,g5,g7";
        Game fresh = game(rules, fen);
        FenException ambiguous = assertUnchanged(fresh, "a3:h2");
        assertTrue(ambiguous.getMessage().contains("ambiguous"), ambiguous.getMessage());
        assertTrue(ambiguous.getMessage().contains("a3:d6:h2"), ambiguous.getMessage());
        assertTrue(ambiguous.getMessage().contains("a3:f8:h6:f4:h2"), ambiguous.getMessage());
        assertTrue(assertUnchanged(fresh, "a3-h2").getMessage().contains("ambiguous"));
        FenException unknown = assertUnchanged(fresh, "a3:z9");
        assertTrue(unknown.getMessage().contains("unknown square 'z9'"), unknown.getMessage());
        FenException illegal = assertUnchanged(fresh, "a3:b2");
        assertTrue(illegal.getMessage().contains("illegal"), illegal.getMessage());
        assertTrue(illegal.getMessage().contains("a3:d6:h2"), "should list the legal moves: " + illegal.getMessage());
        FenException path = assertUnchanged(fresh, "a3:e7:h4:f2:h2"); // not a path of this king
        assertTrue(path.getMessage().contains("a3:d6:h2") && path.getMessage().contains("a3:f8:h6:f4:h2"),
                "should list the candidates: " + path.getMessage());
        for (String bad : new String[] {"", "   ", "a3", "a3:d6:h2:", "garbage", "d6-e7"}) assertUnchanged(fresh, bad);
        // Each full path still plays.
        assertEquals("a3:f8:h6:f4:h2", fresh.copy().play("a3:f8:h6:f4:h2"));
        assertEquals("a3:d6:h2", fresh.copy().play("A3:D6:H2"));

        // A game with history: a failed move keeps its moves and counters too.
        Game g = game(rules, fen);
        g.play("a3:d6:h2");
        g.play("g7-f6");
        for (String bad : new String[] {"h2-g1:", "h2:a3", "f6-e5", "h2-h2", "x"}) assertUnchanged(g, bad);
        assertEquals(List.of("a3:d6:h2", "g7-f6"), g.moves());
    }

    /** Plays a bad move: it must throw FenException with a message and change nothing. */
    private static FenException assertUnchanged(Game game, String move) {
        Position before = new Position(game.position());
        List<String> moves = game.moves();
        List<String> legal = game.legalMoveTexts();
        int reversible = game.reversiblePlies(), stable = game.stablePlies();
        FenException e = assertThrows(FenException.class, () -> game.play(move), "'" + move + "' was accepted");
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
        assertEquals(before, game.position(), "position changed by '" + move + "'");
        assertEquals(before.hash(), game.position().hash());
        assertEquals(moves, game.moves());
        assertEquals(legal, game.legalMoveTexts());
        assertEquals(reversible, game.reversiblePlies());
        assertEquals(stable, game.stablePlies());
        return e;
    }
}
