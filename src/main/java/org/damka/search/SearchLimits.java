package org.damka.search;

import java.util.List;

import org.damka.movegen.Move;

/**
 * What a search may spend: the clock (ms) and increments, or a fixed depth, node count or move
 * time; 0 means "not given". {@code infinite} and {@code ponder} searches run until stopped
 * (a ponder search becomes a normal one on ponder hit). {@code searchMoves}, when not empty,
 * restricts the root to these moves (checked legal by the caller).
 */
public record SearchLimits(long whiteTime, long blackTime, long whiteInc, long blackInc, int movesToGo,
                           int depth, long nodes, long moveTime, boolean infinite, boolean ponder,
                           List<Move> searchMoves) {

    public SearchLimits {
        searchMoves = searchMoves == null ? List.of() : List.copyOf(searchMoves);
    }

    /** Limits without a root restriction. */
    public SearchLimits(long whiteTime, long blackTime, long whiteInc, long blackInc, int movesToGo,
                        int depth, long nodes, long moveTime, boolean infinite, boolean ponder) {
        this(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, nodes, moveTime, infinite, ponder, List.of());
    }

    public static SearchLimits depth(int depth) {
        return new SearchLimits(0, 0, 0, 0, 0, depth, 0, 0, false, false);
    }

    public static SearchLimits moveTime(long ms) {
        return new SearchLimits(0, 0, 0, 0, 0, 0, 0, ms, false, false);
    }

    public static SearchLimits nodes(long nodes) {
        return new SearchLimits(0, 0, 0, 0, 0, 0, nodes, 0, false, false);
    }

    public static SearchLimits untilStopped() {
        return new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, true, false);
    }

    /** True if the clock of the side is given (a timed game). */
    public boolean hasClock(int side) {
        return (side == 0 ? whiteTime : blackTime) > 0;
    }

    /** The same limits as a normal (not pondering) search. */
    public SearchLimits withoutPonder() {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, nodes, moveTime, infinite,
                false, searchMoves);
    }

    /** The same limits with the root restricted to these moves. */
    public SearchLimits withSearchMoves(List<Move> moves) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, nodes, moveTime, infinite,
                ponder, moves);
    }
}
