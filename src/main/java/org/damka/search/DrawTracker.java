package org.damka.search;

import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Rules.EndgameLimit;
import org.damka.rules.Rules.StasisLimit;

/**
 * The draw rules inside the tree, from counters kept per ply: repetition (position hashes of the
 * game and of the line searched), the reversible-move counter, the stasis counters and the
 * endgame limits. All arrays are preallocated; nothing is allocated per node.
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

    private final Geometry geometry;
    private final long[] hashes;
    private int historyLength;
    private final int[] reversible;
    private final int[] stable;
    private final EndgameLimit[] endgames;
    private final StasisLimit[] stasis;
    private final int[] egCount, egStrong;
    private final int reversibleLimit;
    private final int endgameMaxPieces;

    DrawTracker(Rules rules, int plies) {
        this.geometry = rules.geometry();
        hashes = new long[GAME_HISTORY + 1 + plies];
        reversible = new int[plies];
        stable = new int[plies];
        endgames = rules.draws().endgames().toArray(new EndgameLimit[0]);
        stasis = rules.draws().stasis().toArray(new StasisLimit[0]);
        egCount = new int[plies * Math.max(1, endgames.length)];
        egStrong = new int[plies * Math.max(1, endgames.length)];
        int r = rules.draws().reversibleMoves();
        reversibleLimit = r > 0 ? 2 * r : Integer.MAX_VALUE;
        int maxPieces = 0;
        for (EndgameLimit e : endgames) maxPieces = Math.max(maxPieces, e.maxPieces() + e.weakKings());
        endgameMaxPieces = maxPieces;
    }

    /** Takes the game's history and counters as the root's (ply 0). */
    void prepare(Game game) {
        Position root = game.position();
        int tail = Math.min(game.reversiblePlies(), GAME_HISTORY);
        historyLength = 0;
        for (int ply = game.plies() - tail; ply < game.plies(); ply++) hashes[historyLength++] = game.positionAt(ply).hash();
        reversible[0] = game.reversiblePlies();
        stable[0] = game.stablePlies();
        for (int k = 0; k < endgames.length; k++) {
            int strong = Game.strongSide(endgames[k], root, geometry);
            int count = 0;
            if (strong >= 0) {
                for (int ply = game.plies(); ply > 0 && Game.strongSide(endgames[k], game.positionAt(ply - 1), geometry) == strong; ply--) {
                    if (game.positionAt(ply - 1).sideToMove() == strong) count++;
                }
            }
            egStrong[k] = strong;
            egCount[k] = count;
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
        int k0 = ply * endgames.length, k1 = (ply + 1) * endgames.length;
        boolean few = child.count(0) + child.count(1) <= endgameMaxPieces;
        for (int k = 0; k < endgames.length; k++) {
            int strong = few ? Game.strongSide(endgames[k], child, geometry) : -1;
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
        int left = reversibleLimit == Integer.MAX_VALUE ? Integer.MAX_VALUE : reversibleLimit - reversible[ply];
        if (stasis.length > 0) {
            int pieces = p.count(0) + p.count(1);
            if (p.kingCount(0) > 0 && p.kingCount(1) > 0) {
                for (StasisLimit s : stasis) {
                    if (pieces >= s.minPieces() && pieces <= s.maxPieces()) left = Math.min(left, 2 * s.moves() - stable[ply]);
                }
            }
        }
        int base = ply * endgames.length;
        for (int k = 0; k < endgames.length; k++) {
            if (egStrong[base + k] >= 0) left = Math.min(left, 2 * (endgames[k].moves() - egCount[base + k]));
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
