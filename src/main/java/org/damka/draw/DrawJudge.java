package org.damka.draw;

import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Rules.DrawRules;
import org.damka.rules.Rules.EndgameLimit;
import org.damka.rules.Rules.StasisLimit;

/**
 * The one reading of a variant's draw rules ({@link DrawRules}), served to the game (which rule
 * ended it), the search (how many plies are left before a counter rule draws) and the evaluation
 * (which endgame limits hold). It keeps no state of a game: the caller keeps the counters
 * (reversible plies, stable plies, moves of the stronger side per endgame limit) and asks.
 * Immutable; the questions allocate nothing, so the search may ask them at every node.
 */
public final class DrawJudge {
    /** A countdown when no counter rule is near. */
    public static final int FAR = Integer.MAX_VALUE;

    private final Geometry geometry;
    private final int repetitions;
    private final int reversibleMoves;
    private final EndgameLimit[] endgames;
    private final StasisLimit[] stasis;
    private final int endgameMaxPieces;

    public DrawJudge(Rules rules) {
        DrawRules draws = rules.draws();
        geometry = rules.geometry();
        repetitions = draws.repetitions();
        reversibleMoves = draws.reversibleMoves();
        endgames = draws.endgames().toArray(new EndgameLimit[0]);
        stasis = draws.stasis().toArray(new StasisLimit[0]);
        int maxPieces = 0;
        for (EndgameLimit e : endgames) maxPieces = Math.max(maxPieces, e.maxPieces() + e.weakKings());
        endgameMaxPieces = maxPieces;
    }

    /** The occurrence of a position (with the side to move) that draws: 3 for threefold. */
    public int repetitions() { return repetitions; }

    /** The number of endgame limits; they are asked about by index. */
    public int endgames() { return endgames.length; }

    public EndgameLimit endgame(int k) { return endgames[k]; }

    /** Plies left before the reversible-move rule draws, after this many reversible plies; or {@link #FAR}. */
    public int reversibleCountdown(int reversiblePlies) {
        return reversibleMoves > 0 ? 2 * reversibleMoves - reversiblePlies : FAR;
    }

    /**
     * Plies left before a stasis rule (material unchanged) draws p, after this many plies without
     * capture or promotion; {@link #FAR} when none applies to p's material.
     */
    public int stasisCountdown(Position p, int stablePlies) {
        int left = FAR;
        if (stasis.length == 0 || p.kingCount(0) == 0 || p.kingCount(1) == 0) return left;
        int pieces = p.count(0) + p.count(1);
        for (StasisLimit s : stasis) {
            if (pieces >= s.minPieces() && pieces <= s.maxPieces()) left = Math.min(left, 2 * s.moves() - stablePlies);
        }
        return left;
    }

    /** The stasis limit that applies to p's material, or null. */
    public StasisLimit stasisFor(Position p) {
        if (p.kingCount(0) == 0 || p.kingCount(1) == 0) return null;
        int pieces = p.count(0) + p.count(1);
        for (StasisLimit s : stasis) if (pieces >= s.minPieces() && pieces <= s.maxPieces()) return s;
        return null;
    }

    /** Plies left before endgame limit k draws, after the stronger side has made this many moves in it. */
    public int endgameCountdown(int k, int strongMoves) {
        return 2 * (endgames[k].moves() - strongMoves);
    }

    /** The side that is stronger in endgame limit k's configuration in p, or -1 if it does not hold. */
    public int strongSide(int k, Position p) {
        if (p.count(0) + p.count(1) > endgameMaxPieces) return -1;
        for (int strong = 0; strong < 2; strong++) {
            if (holds(k, p, strong)) return strong;
        }
        return -1;
    }

    /** True if endgame limit k's configuration holds in p with this side as the stronger. */
    public boolean holds(int k, Position p, int strong) {
        EndgameLimit e = endgames[k];
        int weak = strong ^ 1;
        int pieces = p.count(strong), kings = p.kingCount(strong);
        if (pieces < e.minPieces() || pieces > e.maxPieces() || kings < e.minKings()) return false;
        if (p.count(weak) != e.weakKings() || p.kingCount(weak) != e.weakKings()) return false;
        return !e.weakOnLongDiagonal() || (p.piecesLo(weak) & geometry.longDiagonalLo()) != 0;
    }
}
