package org.damka.eval;

import java.util.List;

import org.damka.board.Position;
import org.damka.rules.Rules;

/**
 * Static evaluation in centipawn-like units (a man is about 100), from the point of view of the
 * side to move. Implementations allocate nothing in {@link #evaluate}.
 */
public interface Evaluator {
    int evaluate(Position p);

    /**
     * A new state for one search thread that keeps this evaluation's terms up to date move by
     * move along the line, for up to {@code plies} plies, or null when it has none (then the
     * search calls {@link #evaluate}).
     */
    default Incremental incremental(int plies) { return null; }

    /**
     * Terms kept move by move along a search's line, one slot per ply (the idea of NNUE's
     * accumulator; here the learned evaluation's window states): the search calls {@link #reset}
     * for the root, {@link #update} after each move it searches, and {@link #evaluate} where it
     * would call {@link Evaluator#evaluate}, with the same result. Allocates nothing.
     */
    interface Incremental {
        /** The slot of this ply from the position alone. */
        void reset(int ply, Position p);

        /** The slot of ply + 1, holding child, from ply's, holding parent. */
        void update(int ply, Position parent, Position child);

        /** {@link Evaluator#evaluate} of p, which ply's slot holds. */
        int evaluate(int ply, Position p);
    }

    /** The terms of the evaluation, White's view, for the {@code eval} command. Slow path. */
    List<Term> explain(Position p);

    /** One named term: White's and Black's share and their difference. */
    record Term(String name, int white, int black) {
        public int total() { return white - black; }
    }
}
