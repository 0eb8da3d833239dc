package org.damka.search;

import org.damka.board.Position;
import org.damka.movegen.MoveList;

/**
 * Move ordering for one worker: the table move first, then captures by what they take, then the
 * killers of the ply, then quiet moves by history (how often they caused cut-offs), a promotion
 * counting as a strong history. Scores are kept per ply in preallocated arrays; moves are picked
 * one at a time (selection sort), as most nodes cut off after the first few.
 */
final class MovePicker {
    private static final int HISTORY_LIMIT = 1 << 20;
    private static final int TT_MOVE_SCORE = 1 << 30, CAPTURE_SCORE = 1 << 28, KILLER1 = 1 << 27, KILLER2 = KILLER1 - 1;

    private final int[][] order;
    private final int[] killer1, killer2;
    private final int[] history;
    private final int layout;

    MovePicker(int plies, int layoutBits) {
        this.order = new int[plies][MoveList.CAPACITY];
        this.killer1 = new int[plies];
        this.killer2 = new int[plies];
        this.layout = layoutBits;
        this.history = new int[2 * layout * layout];
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
                int h = params.history() ? history[hBase + moves.from(i) * layout + moves.to(i)] : 0;
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
