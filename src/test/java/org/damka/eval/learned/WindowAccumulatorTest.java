package org.damka.eval.learned;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.damka.board.Fen;
import org.damka.eval.SearchLikeWalk;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

class WindowAccumulatorTest {
    private static final int PLIES = 80;

    /**
     * Along lines walked as a search walks them ({@link SearchLikeWalk}), each window's state kept
     * move by move equals the state read from the board, and so does the evaluation.
     */
    @Test
    void statesKeptMoveByMoveAreTheBoardsStates() {
        for (Rules r : Variants.all()) {
            LearnedEvaluator evaluator = new LearnedEvaluator(r, LearnedWeightsTest.random(r, 11));
            WindowAccumulator acc = (WindowAccumulator) evaluator.incremental(PLIES + 1);
            Windows windows = new Windows(r.geometry()); // the evaluator's, built the same way
            SearchLikeWalk.walk(r, acc, PLIES, 400, 3, (p, ply) -> {
                for (int w = 0; w < windows.count(); w++) {
                    assertEquals(windows.index(w, p), acc.state(ply, w), r.name() + " window " + w + " in " + Fen.format(r, p));
                }
                assertEquals(evaluator.evaluate(p), acc.evaluate(ply, p), r.name() + " " + Fen.format(r, p));
            });
        }
    }
}
