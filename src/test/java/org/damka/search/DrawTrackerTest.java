package org.damka.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * A client that referees (Hub) may play on past damka's 25-move rule of king moves: the search
 * then counts those moves again from its root, but still sees the repetitions of the positions
 * before the root, which the Hub GUI sends the moves for.
 */
class DrawTrackerTest {

    @Test
    void aCountPlayedPastRestartsAtTheRootButRepetitionsStillReachBack() {
        Game game = new Game(Variants.INTERNATIONAL, Fen.parse(Variants.INTERNATIONAL, "W:WK46,K50:BK1,K5"));
        // King moves only, never a third occurrence: 60 plies, past the rule's 50.
        Random rnd = new Random(1);
        Map<Long, Integer> seen = new HashMap<>();
        seen.merge(game.position().hash(), 1, Integer::sum);
        MoveList moves = new MoveList(), replies = new MoveList();
        MoveGenerator generator = MoveGenerator.create(Variants.INTERNATIONAL);
        while (game.plies() < 60) {
            game.legalMoves(moves);
            int pick = -1;
            for (int tries = 0; tries < 200 && pick < 0; tries++) {
                int i = rnd.nextInt(moves.size());
                Position after = new Position(game.position());
                moves.play(after, i);
                // No capture now or for the reply: the kings stay four.
                boolean capture = generator.generate(after, replies) > 0 && replies.isCapture(0);
                if (!moves.isCapture(i) && !capture && seen.getOrDefault(after.hash(), 0) < 2) pick = i;
            }
            assertTrue(pick >= 0, "no fresh king move after " + game.plies() + " plies");
            game.play(moves, pick);
            seen.merge(game.position().hash(), 1, Integer::sum);
        }
        assertTrue(game.drawReason().orElse("").contains("without capture or man move"), game.drawReason().toString());

        DrawTracker draws = new DrawTracker(Variants.INTERNATIONAL, 8);
        draws.prepare(game);
        Position root = game.position();
        assertEquals(50, draws.countdown(0, root), "the count starts again at the root (25 moves each)");
        // The position two plies before the root (the same side to move) counts as a repetition.
        Position earlier = game.positionAt(game.plies() - 2);
        assertTrue(draws.repeated(0, earlier), "a repetition of a position before the root is still seen");
    }
}
