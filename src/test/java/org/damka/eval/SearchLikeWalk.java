package org.damka.eval;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.ObjIntConsumer;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;

/**
 * Lines of random moves walked the way a search walks them, for the tests of terms kept move by
 * move ({@link Evaluator.Incremental}): down from the start, then back up to a random ply and
 * down another way, so slots are written over. After each move the check is given the new ply's
 * position and its ply. Random lines reach captures of men and kings, promotions and nearly bare
 * boards; the walk fails if they did not.
 */
public final class SearchLikeWalk {
    private SearchLikeWalk() { }

    public static void walk(Rules r, Evaluator.Incremental terms, int plies, int walks, long seed, ObjIntConsumer<Position> check) {
        MoveGenerator generator = MoveGenerator.create(r);
        SplittableRandom random = new SplittableRandom(seed);
        Position[] line = new Position[plies + 1];
        for (int i = 0; i < line.length; i++) line[i] = new Position();
        line[0].copyFrom(Fen.parse(r, r.startFen()));
        terms.reset(0, line[0]);
        MoveList moves = new MoveList();
        int ply = 0, captures = 0, promotions = 0;
        for (int walk = 0; walk < walks; walk++) {
            while (ply < plies) {
                int n = generator.generate(line[ply], moves);
                if (n == 0) break;
                int i = random.nextInt(n);
                if (moves.isCapture(i)) captures++;
                if (moves.promotes(i)) promotions++;
                line[ply + 1].copyFrom(line[ply]);
                moves.play(line[ply + 1], i);
                terms.update(ply, line[ply], line[ply + 1]);
                ply++;
                check.accept(line[ply], ply);
            }
            ply = random.nextInt(ply + 1); // back up the line, as a search returns from a child
        }
        assertTrue(captures > 100 && promotions > 10, r.name() + ": " + captures + " captures, " + promotions + " promotions");
    }
}
