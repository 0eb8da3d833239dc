package org.damka.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.junit.jupiter.api.Test;

/** Traits composed by name act through the one capture walker and the one game logic. */
class RulesBuilderTest {

    /** The russian traits with another capture precedence or repetition count. */
    private static Rules.Builder russianLike(String name) {
        Rules r = Variants.RUSSIAN;
        return Rules.builder(name).board(r.geometry()).start(r.startFen()).menCaptureBackward(true).flyingKings(true)
                .promotionInCapture(r.promotionInCapture()).reversibleMoves(15);
    }

    @Test
    void capturePrecedenceIsData() {
        Rules free = russianLike("free").build();
        Rules most = russianLike("most").capturePrecedence(CapturePrecedence.MOST_PIECES).build();
        // The man on e3 can take one piece (e3:c5) or two (e3:g5:e7).
        String fen = "W:Wc1,e3:Bd4,f4,f6,h8";
        MoveList all = moves(free, fen), majority = moves(most, fen);
        int max = 0, min = Integer.MAX_VALUE;
        for (int i = 0; i < all.size(); i++) {
            max = Math.max(max, all.captureCount(i));
            min = Math.min(min, all.captureCount(i));
        }
        assertTrue(min < max, "the position offers captures of different sizes: " + min + " and " + max);
        int longest = 0;
        for (int i = 0; i < all.size(); i++) if (all.captureCount(i) == max) longest++;
        assertEquals(longest, majority.size());
        for (int i = 0; i < majority.size(); i++) assertEquals(max, majority.captureCount(i));
    }

    @Test
    void repetitionCountIsData() {
        Rules twofold = russianLike("twofold").repetitions(2).build();
        String fen = "W:WKc1,a3:BKh8,h6";
        Game threefold = new Game(Variants.RUSSIAN, Fen.parse(Variants.RUSSIAN, fen));
        Game game = new Game(twofold, Fen.parse(twofold, fen));
        for (String move : List.of("c1-d2", "h8-g7", "d2-c1", "g7-h8")) {
            assertTrue(game.result().isEmpty());
            game.play(move);
            threefold.play(move);
        }
        assertEquals(2, game.repetitions());
        assertEquals("2-fold repetition", game.drawReason().orElseThrow());
        assertTrue(threefold.drawReason().isEmpty(), "russian still needs a third occurrence");
    }

    private static MoveList moves(Rules rules, String fen) {
        Position p = Fen.parse(rules, fen);
        MoveList list = new MoveList();
        MoveGenerator.create(rules).generate(p, list);
        return list;
    }
}
