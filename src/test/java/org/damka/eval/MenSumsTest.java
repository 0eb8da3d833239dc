package org.damka.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.List;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

class MenSumsTest {
    private static final int PLIES = 80;

    /** Along lines walked as a search walks them, the sums kept move by move are the board's, and so is the evaluation. */
    @Test
    void sumsKeptMoveByMoveAreTheBoardsSums() {
        for (Rules r : Variants.all()) {
            PositionalEvaluator evaluator = new PositionalEvaluator(r);
            MenSums acc = (MenSums) evaluator.incremental(PLIES + 1);
            int[] fromBoard = new int[PositionalEvaluator.SUMS];
            SearchLikeWalk.walk(r, acc, PLIES, 300, 5, (p, ply) -> {
                evaluator.menSums(p, fromBoard, 0);
                for (int k = 0; k < fromBoard.length; k++) {
                    assertEquals(fromBoard[k], acc.sum(ply, k), r.name() + " sum " + k + " in " + Fen.format(r, p));
                }
                assertEquals(evaluator.evaluate(p), acc.evaluate(ply, p), r.name() + " " + Fen.format(r, p));
            });
        }
    }

    /**
     * The runaway term (which looks only at men whose forward cells are empty) against its
     * definition, computed slowly from the neighbour table: a man whose every cell reachable by
     * forward steps is empty gets 60 + 12 a row advanced, at most three quarters of a king's gain
     * over a man (150 here: no advancement table lowers the cap).
     */
    @Test
    void runawayMenAreTheMenWithAnEmptyForwardCone() {
        EvalWeights weights = EvalWeights.builder().man(100).king(300).runaway(60, 12).build();
        int runaways = 0;
        for (Object[] sample : EvaluatorTest.samples()) {
            Rules r = (Rules) sample[0];
            Position p = (Position) sample[1];
            List<Evaluator.Term> terms = new PositionalEvaluator(r, weights).explain(p);
            Evaluator.Term runaway = terms.stream().filter(t -> t.name().equals("runaway men")).findFirst().orElseThrow();
            int white = slowRunaway(r.geometry(), p, 0), black = slowRunaway(r.geometry(), p, 1);
            assertEquals(white, runaway.white(), r.name() + " White in " + Fen.format(r, p));
            assertEquals(black, runaway.black(), r.name() + " Black in " + Fen.format(r, p));
            if (white + black > 0) runaways++;
        }
        assertTrue(runaways > 20, "positions with a runaway man: " + runaways);
    }

    private static int slowRunaway(Geometry g, Position p, int side) {
        int[] forward = side == 0 ? new int[] {Geometry.UP_LEFT, Geometry.UP_RIGHT} : new int[] {Geometry.DOWN_LEFT, Geometry.DOWN_RIGHT};
        int total = 0;
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            if (p.sideAt(bit) != side || p.isKing(bit)) continue;
            boolean free = true;
            ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(bit));
            while (!todo.isEmpty() && free) {
                int at = todo.pop();
                for (int d : forward) {
                    int next = g.next(d, at);
                    if (next < 0) continue;
                    if (p.sideAt(next) >= 0) free = false;
                    todo.push(next);
                }
            }
            int advanced = side == 0 ? g.rows() - 1 - g.row(c) : g.row(c);
            if (free) total += Math.min(60 + 12 * advanced, 150);
        }
        return total;
    }
}
