package org.damka.search;

import org.damka.board.Position;
import org.damka.movegen.MoveList;

/**
 * Move ordering for one worker: the table move first, then captures by what they take, then the
 * killers of the ply, then quiet moves by history, a promotion counting as a strong history.
 * The history is either how often a move caused cut-offs ({@link SearchParams.History#CUTOFFS}) or,
 * as in Scan 2.0, the rate at which it was the best move of the nodes where it was tried before
 * the best ({@link SearchParams.History#SUCCESS}). Scores are kept per ply in preallocated arrays;
 * moves are picked one at a time (selection sort), as most nodes cut off after the first few.
 */
final class MovePicker {
    private static final int HISTORY_LIMIT = 1 << 20;
    private static final int TT_MOVE_SCORE = 1 << 30, CAPTURE_SCORE = 1 << 28, KILLER1 = 1 << 27, KILLER2 = KILLER1 - 1;

    private final int[][] order;
    private final int[] killer1, killer2;
    private final int[] history;
    /** Success rates in 12-bit fixed point (4096 = always the best), per side, from and to. */
    private final int[] success;
    private static final int RATE_ONE = 1 << 12, RATE_SHIFT = 5;
    private final int layout;

    MovePicker(int plies, int layoutBits) {
        this.order = new int[plies][MoveList.CAPACITY];
        this.killer1 = new int[plies];
        this.killer2 = new int[plies];
        this.layout = layoutBits;
        this.history = new int[2 * layout * layout];
        this.success = new int[2 * layout * layout];
        java.util.Arrays.fill(success, RATE_ONE / 2);
    }

    /** Before a new search: killers are forgotten, history fades. */
    void newSearch() {
        java.util.Arrays.fill(killer1, 0);
        java.util.Arrays.fill(killer2, 0);
        for (int i = 0; i < history.length; i++) history[i] >>= 2;
    }

    /** Forgets the history (new game, bench). */
    void clearHistory() {
        java.util.Arrays.fill(history, 0);
        java.util.Arrays.fill(success, RATE_ONE / 2);
    }

    /** Scores the n moves generated at this ply; {@code captures}: the list holds captures. */
    void score(int ply, Position p, MoveList moves, int n, int ttMove, boolean captures, SearchParams params) {
        int[] sc = order[ply];
        int hBase = p.sideToMove() * layout * layout;
        long kLo = p.kingsLo(), kHi = p.kingsHi();
        for (int i = 0; i < n; i++) {
            int k = moves.key(i);
            if (k == ttMove) {
                sc[i] = TT_MOVE_SCORE;
            } else if (captures) {
                int kings = Long.bitCount(moves.capturedLo(i) & kLo) + Long.bitCount(moves.capturedHi(i) & kHi);
                sc[i] = CAPTURE_SCORE + moves.captureCount(i) * 16 + kings * 32 + (moves.promotes(i) ? 8 : 0);
            } else if (params.killers() && k == killer1[ply]) {
                sc[i] = KILLER1;
            } else if (params.killers() && k == killer2[ply]) {
                sc[i] = KILLER2;
            } else {
                int idx = hBase + moves.from(i) * layout + moves.to(i);
                int h = switch (params.history()) {
                    case OFF -> 0;
                    case CUTOFFS -> history[idx];
                    case SUCCESS -> success[idx];
                };
                sc[i] = h + (moves.promotes(i) ? HISTORY_LIMIT : 0);
            }
        }
    }

    /** Selection sort step: brings the best-scored remaining move of the ply to index i. */
    void pick(int ply, MoveList moves, int i, int n) {
        int[] sc = order[ply];
        int bi = i;
        int bs = sc[i];
        for (int j = i + 1; j < n; j++) {
            if (sc[j] > bs) {
                bs = sc[j];
                bi = j;
            }
        }
        if (bi != i) {
            moves.swap(i, bi);
            sc[bi] = sc[i];
            sc[i] = bs;
        }
    }

    /** True if the move picked at index i of the ply is one of its killers. */
    boolean isKiller(int ply, int i) {
        int s = order[ply][i];
        return s == KILLER1 || s == KILLER2;
    }

    /**
     * Quiet move i was the best of its node and beat alpha, after moves 0..i-1 were tried: each of
     * those fails a little, it succeeds a little (after Scan 2.0's rates, which adapt by 1/64 a time;
     * 1/32 here, as screened in session 7).
     */
    void rememberBest(int side, MoveList moves, int i) {
        int base = side * layout * layout;
        for (int j = 0; j < i; j++) {
            int idx = base + moves.from(j) * layout + moves.to(j);
            success[idx] -= success[idx] >> RATE_SHIFT;
        }
        int idx = base + moves.from(i) * layout + moves.to(i);
        success[idx] += (RATE_ONE - success[idx]) >> RATE_SHIFT;
    }

    /** A quiet move i caused a cut-off at this depth: it becomes a killer and gains history. */
    void rememberCutoff(int ply, int side, MoveList moves, int i, int depth) {
        int k = moves.key(i);
        if (killer1[ply] != k) {
            killer2[ply] = killer1[ply];
            killer1[ply] = k;
        }
        int idx = side * layout * layout + moves.from(i) * layout + moves.to(i);
        int h = history[idx] + depth * depth;
        if (h >= HISTORY_LIMIT) {
            for (int j = 0; j < history.length; j++) history[j] >>= 1;
            h >>= 1;
        }
        history[idx] = h;
    }
}
