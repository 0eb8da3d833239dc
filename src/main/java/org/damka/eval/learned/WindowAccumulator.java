package org.damka.eval.learned;

import org.damka.board.Position;
import org.damka.eval.Evaluator;

/**
 * The learned evaluation's window states kept move by move along a search's line. A move
 * changes a few cells (its origin, landing and victims); each cell is in at most four windows
 * (six on the hexagon), so a child's states are its parent's plus a handful of additions, where
 * reading them from the board costs shifts and table loads for every window at every leaf. One
 * per search thread.
 */
final class WindowAccumulator implements Evaluator.Incremental {
    private final LearnedEvaluator evaluator;
    private final Windows windows;
    private final int count;
    /** states[ply * count + w]: window w's state in the position at that ply. */
    private final int[] states;

    WindowAccumulator(LearnedEvaluator evaluator, Windows windows, int plies) {
        this.evaluator = evaluator;
        this.windows = windows;
        this.count = windows.count();
        this.states = new int[plies * count];
    }

    @Override
    public void reset(int ply, Position p) {
        for (int w = 0, at = ply * count; w < count; w++) states[at + w] = windows.index(w, p);
    }

    @Override
    public void update(int ply, Position parent, Position child) {
        int from = ply * count, to = from + count;
        System.arraycopy(states, from, states, to, count);
        long pk = parent.kingsLo(), ck = child.kingsLo();
        changed(parent.whiteLo() & ~pk, parent.blackLo() & ~pk, child.whiteLo() & ~ck, child.blackLo() & ~ck, 0, to);
        pk = parent.kingsHi();
        ck = child.kingsHi();
        changed(parent.whiteHi() & ~pk, parent.blackHi() & ~pk, child.whiteHi() & ~ck, child.blackHi() & ~ck, 64, to);
    }

    /** Applies the cells of one word whose digit (0 empty or king, 1 white man, 2 black man) changed. */
    private void changed(long oldWhite, long oldBlack, long newWhite, long newBlack, int base, int at) {
        long diff = (oldWhite ^ newWhite) | (oldBlack ^ newBlack);
        while (diff != 0) {
            int b = Long.numberOfTrailingZeros(diff);
            diff &= diff - 1;
            int delta = (int) ((newWhite >>> b & 1) - (oldWhite >>> b & 1)) + 2 * (int) ((newBlack >>> b & 1) - (oldBlack >>> b & 1));
            windows.addDigit(base + b, delta, states, at);
        }
    }

    @Override
    public int evaluate(int ply, Position p) {
        return evaluator.evaluate(p, states, ply * count);
    }

    /** Window w's state at a ply (for tests). */
    int state(int ply, int w) {
        return states[ply * count + w];
    }
}
