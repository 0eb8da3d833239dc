package org.damka.search;

import org.damka.board.Position;
import org.damka.draw.DrawJudge;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;

/**
 * The draw rules inside the tree, from counters kept per ply: repetition (position hashes of the
 * game and of the line searched), the reversible-move counter, the stasis counters and the
 * endgame limits; what the counters mean is the {@link DrawJudge}'s, as for the game. All arrays
 * are preallocated; nothing is allocated per node.
 */
final class DrawTracker {
    /** Draw countdowns (plies left before a counter rule draws) mixed into table keys. */
    private static final long[] COUNTDOWN_KEYS = new long[64];
    static {
        java.util.SplittableRandom r = new java.util.SplittableRandom(0xC0FFEE);
        for (int i = 0; i < COUNTDOWN_KEYS.length; i++) COUNTDOWN_KEYS[i] = r.nextLong();
    }
    /** Game plies kept for repetitions: only positions since the last irreversible move count. */
    private static final int GAME_HISTORY = 1023;

    private final DrawJudge judge;
    private final int endgames;
    private final long[] hashes;
    private int historyLength;
    /**
     * The root's reversible plies when a client played on past that count (0: it did not): the
     * count then runs from the root, while repetitions are still looked for that far back.
     */
    private int reversibleRestart;
    private final int[] reversible;
    private final int[] stable;
    /** Per ply and endgame limit: its stronger side (-1: it does not hold) and that side's moves in it. */
    private final int[] egCount, egStrong;

    DrawTracker(Rules rules, int plies) {
        judge = new DrawJudge(rules);
        endgames = judge.endgames();
        hashes = new long[GAME_HISTORY + 1 + plies];
        reversible = new int[plies];
        stable = new int[plies];
        egCount = new int[plies * Math.max(1, endgames)];
        egStrong = new int[plies * Math.max(1, endgames)];
    }

    /** Takes the game's history and counters as the root's (ply 0). */
    void prepare(Game game) {
        Position root = game.position();
        int tail = Math.min(game.reversiblePlies(), GAME_HISTORY);
        historyLength = 0;
        for (int ply = game.plies() - tail; ply < game.plies(); ply++) hashes[historyLength++] = game.positionAt(ply).hash();
        reversible[0] = game.reversiblePlies();
        stable[0] = game.stablePlies();
        for (int k = 0; k < endgames; k++) {
            egStrong[k] = judge.strongSide(k, root);
            egCount[k] = game.strongMoves(k);
        }
        // A client that referees (Hub) may play on past one of our counts, its own being longer:
        // that count starts again here, so that the search still plays to win or to hold.
        // The reversible plies also bound the repetition search, so that count restarts by an offset.
        reversibleRestart = judge.reversibleCountdown(reversible[0]) <= 0 ? reversible[0] : 0;
        if (judge.stasisCountdown(root, stable[0]) <= 0) stable[0] = 0;
        for (int k = 0; k < endgames; k++) {
            if (egStrong[k] >= 0 && judge.endgameCountdown(k, egCount[k]) <= 0) egCount[k] = 0;
        }
    }

    /** Records the position searched at this ply (for repetitions below it). */
    void enter(int ply, Position p) {
        hashes[historyLength + ply] = p.hash();
    }

    /** The counters of the child at ply + 1, reached from p by move i of the list. */
    void play(int ply, Position p, Position child, MoveList moves, int i) {
        boolean capture = moves.isCapture(i);
        reversible[ply + 1] = capture || !p.isKing(moves.from(i)) ? 0 : reversible[ply] + 1;
        stable[ply + 1] = capture || moves.promotes(i) ? 0 : stable[ply] + 1;
        int k0 = ply * endgames, k1 = (ply + 1) * endgames;
        for (int k = 0; k < endgames; k++) {
            int strong = judge.strongSide(k, child);
            egStrong[k1 + k] = strong;
            egCount[k1 + k] = strong >= 0 && egStrong[k0 + k] == strong
                    ? egCount[k0 + k] + (p.sideToMove() == strong ? 1 : 0) : 0;
        }
    }

    /**
     * Plies left before a counter rule (reversible moves, stasis, endgame limit) draws the
     * position p at this ply; 0 or less means it is drawn now. Large when no rule is near.
     */
    int countdown(int ply, Position p) {
        int r = reversible[ply];
        if (reversibleRestart > 0 && r == reversibleRestart + ply) r = ply; // no irreversible move since the restarted root
        int left = Math.min(judge.reversibleCountdown(r), judge.stasisCountdown(p, stable[ply]));
        int base = ply * endgames;
        for (int k = 0; k < endgames; k++) {
            if (egStrong[base + k] >= 0) left = Math.min(left, judge.endgameCountdown(k, egCount[base + k]));
        }
        return left;
    }

    /** True if the position p at this ply occurred before with the same side to move. */
    boolean repeated(int ply, Position p) {
        long h = p.hash();
        int limit = historyLength + ply;
        int window = reversible[ply];
        for (int k = limit - 2, back = 2; k >= 0 && back <= window; k -= 2, back += 2) {
            if (hashes[k] == h) return true;
        }
        return false;
    }

    /**
     * The table key of a position with a given countdown: positions that differ in how near a
     * draw rule is are different entries while the rule is near.
     */
    static long tableKey(Position p, int countdown) {
        long h = p.hash();
        return countdown >= 0 && countdown < COUNTDOWN_KEYS.length ? h ^ COUNTDOWN_KEYS[countdown] : h;
    }
}
