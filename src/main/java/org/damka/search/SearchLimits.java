package org.damka.search;

import java.util.List;

import org.damka.movegen.Move;

/**
 * What a search may spend: the clock (ms) and increments, or a fixed depth, node count or move
 * time; 0 means "not given". {@code infinite} and {@code ponder} searches run until stopped
 * (a ponder search becomes a normal one on ponder hit). {@code searchMoves}, when not empty,
 * restricts the root to these moves (checked legal by the caller).
 *
 * <p>Built from {@link #NONE} or a named factory with the {@code with…} methods, so no caller
 * writes a row of bare numbers: {@code SearchLimits.NONE.withClock(WHITE, 60_000, 1_000).withDepth(12)}.
 */
public record SearchLimits(long whiteTime, long blackTime, long whiteInc, long blackInc, int movesToGo,
                           int depth, long nodes, long moveTime, boolean infinite, boolean ponder,
                           List<Move> searchMoves) {

    /** Nothing given: a search that runs until stopped or to the deepest depth. */
    public static final SearchLimits NONE = new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, false, false, List.of());

    public SearchLimits {
        searchMoves = searchMoves == null ? List.of() : List.copyOf(searchMoves);
    }

    public static SearchLimits depth(int depth) {
        return NONE.withDepth(depth);
    }

    public static SearchLimits moveTime(long ms) {
        return NONE.withMoveTime(ms);
    }

    public static SearchLimits nodes(long nodes) {
        return NONE.withNodes(nodes);
    }

    public static SearchLimits untilStopped() {
        return NONE.withInfinite(true);
    }

    /** The same with one side's clock (0 = white, 1 = black): ms left and ms added per move. */
    public SearchLimits withClock(int side, long time, long inc) {
        return side == 0
                ? new SearchLimits(time, blackTime, inc, blackInc, movesToGo, depth, nodes, moveTime, infinite, ponder, searchMoves)
                : new SearchLimits(whiteTime, time, whiteInc, inc, movesToGo, depth, nodes, moveTime, infinite, ponder, searchMoves);
    }

    /** The same with both sides on the same clock. */
    public SearchLimits withClocks(long time, long inc) {
        return withClock(0, time, inc).withClock(1, time, inc);
    }

    /** The same with the moves to the next time control (0: sudden death). */
    public SearchLimits withMovesToGo(int moves) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, moves, depth, nodes, moveTime, infinite, ponder, searchMoves);
    }

    public SearchLimits withDepth(int plies) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, plies, nodes, moveTime, infinite, ponder, searchMoves);
    }

    public SearchLimits withNodes(long count) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, count, moveTime, infinite, ponder, searchMoves);
    }

    public SearchLimits withMoveTime(long ms) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, nodes, ms, infinite, ponder, searchMoves);
    }

    public SearchLimits withInfinite(boolean untilStopped) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, nodes, moveTime, untilStopped, ponder, searchMoves);
    }

    /** The same as a ponder search (true) or as a normal one (false: after ponder hit). */
    public SearchLimits withPonder(boolean pondering) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, nodes, moveTime, infinite, pondering, searchMoves);
    }

    /** The same limits with the root restricted to these moves. */
    public SearchLimits withSearchMoves(List<Move> moves) {
        return new SearchLimits(whiteTime, blackTime, whiteInc, blackInc, movesToGo, depth, nodes, moveTime, infinite, ponder, moves);
    }

    /** True if the clock of the side is given (a timed game). */
    public boolean hasClock(int side) {
        return (side == 0 ? whiteTime : blackTime) > 0;
    }
}
