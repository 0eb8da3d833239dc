package org.damka.eval.learned;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

class WindowAccumulatorTest {
    private static final int PLIES = 80;

    /**
     * Lines of random moves walked the way a search walks them: down from the root, then back up
     * to some ply and down another way, so slots are written over. At every step each window's
     * state kept move by move equals the state read from the board, and so does the evaluation.
     * Random lines reach captures of men and kings, promotions and nearly bare boards.
     */
    @Test
    void statesKeptMoveByMoveAreTheBoardsStates() {
        for (Rules r : Variants.all()) {
            LearnedEvaluator evaluator = new LearnedEvaluator(r, LearnedWeightsTest.random(r, 11));
            WindowAccumulator acc = (WindowAccumulator) evaluator.incremental(PLIES + 1);
            Windows windows = new Windows(r.geometry()); // the evaluator's, built the same way
            MoveGenerator generator = MoveGenerator.create(r);
            SplittableRandom random = new SplittableRandom(3);
            Position[] line = new Position[PLIES + 1];
            for (int i = 0; i < line.length; i++) line[i] = new Position();
            line[0].copyFrom(Fen.parse(r, r.startFen()));
            acc.reset(0, line[0]);
            MoveList moves = new MoveList();
            int ply = 0, steps = 0, captures = 0, promotions = 0;
            for (int walk = 0; walk < 400; walk++) {
                while (ply < PLIES) {
                    int n = generator.generate(line[ply], moves);
                    if (n == 0) break;
                    int i = random.nextInt(n);
                    if (moves.isCapture(i)) captures++;
                    if (moves.promotes(i)) promotions++;
                    line[ply + 1].copyFrom(line[ply]);
                    moves.play(line[ply + 1], i);
                    acc.update(ply, line[ply], line[ply + 1]);
                    ply++;
                    steps++;
                    for (int w = 0; w < windows.count(); w++) {
                        assertEquals(windows.index(w, line[ply]), acc.state(ply, w), r.name() + " window " + w + " in " + Fen.format(r, line[ply]));
                    }
                    assertEquals(evaluator.evaluate(line[ply]), acc.evaluate(ply, line[ply]), r.name() + " " + Fen.format(r, line[ply]));
                }
                ply = random.nextInt(ply + 1); // back up the line, as a search returns from a child
            }
            // The walks did reach what changes a window in more than one cell.
            assertEquals(true, captures > 100 && promotions > 10, r.name() + ": " + steps + " moves, " + captures + " captures, " + promotions + " promotions");
        }
    }
}
