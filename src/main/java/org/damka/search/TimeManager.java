package org.damka.search;

/**
 * Turns limits into two deadlines: a soft one (do not start another iteration after it) and a
 * hard one (stop at once). With a clock the engine plans on a share of the remaining time:
 * remaining / moves-to-go plus most of the increment, more in the middle game (when many but not
 * all men have left the board the game is decided) and less in the opening. It never plans past
 * half of what is left after the move overhead, so a game is never lost on time while the
 * overhead covers the process's latency.
 */
public final class TimeManager {
    /** Share of the planned time after which no new iteration starts (an iteration costs more than the last). */
    private static final int SOFT_PERCENT = 60;

    private volatile long start;
    private final long softMs;
    private final long hardMs;

    public TimeManager(SearchLimits limits, int side, long moveOverheadMs, int ply) {
        this(limits, side, moveOverheadMs, ply, -1);
    }

    /**
     * @param pieces pieces on the board (both sides), or -1 when unknown; used to shape the
     *               time spent over the game
     */
    public TimeManager(SearchLimits limits, int side, long moveOverheadMs, int ply, int pieces) {
        this.start = System.nanoTime();
        long soft = Long.MAX_VALUE, hard = Long.MAX_VALUE;
        if (limits.moveTime() > 0) {
            soft = hard = Math.max(1, limits.moveTime() - moveOverheadMs);
        } else if (limits.hasClock(side)) {
            long time = side == 0 ? limits.whiteTime() : limits.blackTime();
            long inc = side == 0 ? limits.whiteInc() : limits.blackInc();
            long left = Math.max(1, time - moveOverheadMs);
            int movesToGo = limits.movesToGo() > 0 ? Math.min(limits.movesToGo(), 50) : Math.max(20, 45 - ply / 4);
            long planned = left / movesToGo + inc * 3 / 4;
            planned = planned * phasePercent(ply, pieces) / 100;
            // Never more than a fifth of what is left, so many moves can follow.
            planned = Math.min(planned, left / 5 + inc / 2);
            long cap = Math.max(1, Math.min(left / 2, left - 20));
            soft = Math.max(1, Math.min(planned * SOFT_PERCENT / 100, cap));
            hard = Math.max(1, Math.min(planned * 3, cap));
        }
        this.softMs = soft;
        this.hardMs = hard;
    }

    /** Percentage of the base time for this stage of the game. */
    private static int phasePercent(int ply, int pieces) {
        if (pieces < 0) return 100;
        if (ply < 8 && pieces >= 20) return 70;     // opening: well-known shapes, cheap moves
        if (pieces >= 10) return 130;               // the middle game decides most games
        return 100;
    }

    /** Starts the clock again (ponder hit: the thinking time starts now). */
    public void restart() {
        start = System.nanoTime();
    }

    public long elapsedMs() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** True if a new iteration should not be started. */
    public boolean softExpired() {
        return softMs != Long.MAX_VALUE && elapsedMs() >= softMs;
    }

    /** True if the search must stop now. */
    public boolean hardExpired() {
        return hardMs != Long.MAX_VALUE && elapsedMs() >= hardMs;
    }

    public long softMs() { return softMs; }
    public long hardMs() { return hardMs; }
}
