package org.damka.eval;

import org.damka.board.Position;

/**
 * The classic evaluation's per-man table sums (advancement in the middle game and in the
 * endgame, centre; both sides) kept move by move along a search's line: a move changes a few
 * men, where summing them from the board walks every man at every leaf. The rest of the
 * evaluation is bitboard counts and is computed at the leaf as before. One per search thread.
 */
public final class MenSums implements Evaluator.Incremental {
    private final PositionalEvaluator evaluator;
    /** sums[ply * SUMS + side * SUMS_PER_SIDE + term]: see {@link PositionalEvaluator#SUMS}. */
    private final int[] sums;

    MenSums(PositionalEvaluator evaluator, int plies) {
        this.evaluator = evaluator;
        this.sums = new int[plies * PositionalEvaluator.SUMS];
    }

    @Override
    public void reset(int ply, Position p) {
        evaluator.menSums(p, sums, ply * PositionalEvaluator.SUMS);
    }

    @Override
    public void update(int ply, Position parent, Position child) {
        int from = ply * PositionalEvaluator.SUMS, to = from + PositionalEvaluator.SUMS;
        System.arraycopy(sums, from, sums, to, PositionalEvaluator.SUMS);
        long pk = parent.kingsLo(), ck = child.kingsLo();
        long ph = parent.kingsHi(), chk = child.kingsHi();
        for (int side = 0; side < 2; side++) {
            // A man that crowned or was taken leaves; a man that moved leaves one cell for another.
            long oldLo = parent.piecesLo(side) & ~pk, newLo = child.piecesLo(side) & ~ck;
            long oldHi = parent.piecesHi(side) & ~ph, newHi = child.piecesHi(side) & ~chk;
            evaluator.addMen(side, oldLo & ~newLo, 0, -1, sums, to);
            evaluator.addMen(side, newLo & ~oldLo, 0, 1, sums, to);
            evaluator.addMen(side, oldHi & ~newHi, 64, -1, sums, to);
            evaluator.addMen(side, newHi & ~oldHi, 64, 1, sums, to);
        }
    }

    @Override
    public int evaluate(int ply, Position p) {
        return evaluator.evaluate(p, sums, ply * PositionalEvaluator.SUMS);
    }

    /** White's classic score at this ply, the draw scale given (for the learned evaluation). */
    public int whiteScore(int ply, Position p, int scale) {
        return evaluator.whiteScore(p, scale, sums, ply * PositionalEvaluator.SUMS);
    }

    /** The sums of a ply, for tests: side * SUMS_PER_SIDE + term. */
    int sum(int ply, int slot) {
        return sums[ply * PositionalEvaluator.SUMS + slot];
    }
}
