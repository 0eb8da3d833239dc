package org.damka.search;

/**
 * Turns limits into two deadlines: a soft one (do not start another iteration after it) and a
 * hard one (stop at once). With a clock the engine never plans past its remaining time minus the
 * move overhead, and spends about remaining / moves-to-go plus most of the increment.
 */
public final class TimeManager {
    private volatile long start;
    private final long softMs;
    private final long hardMs;

    public TimeManager(SearchLimits limits, int side, long moveOverheadMs, int ply) {
        this.start = System.nanoTime();
        long soft = Long.MAX_VALUE, hard = Long.MAX_VALUE;
        if (limits.moveTime() > 0) {
            soft = hard = Math.max(1, limits.moveTime() - moveOverheadMs);
        } else if (limits.hasClock(side)) {
            long time = side == 0 ? limits.whiteTime() : limits.blackTime();
            long inc = side == 0 ? limits.whiteInc() : limits.blackInc();
            long left = Math.max(1, time - moveOverheadMs);
            // More moves expected early in the game; fewer remain later.
            int movesToGo = limits.movesToGo() > 0 ? Math.min(limits.movesToGo(), 50) : Math.max(20, 45 - ply / 4);
            long base = left / movesToGo + inc * 3 / 4;
            soft = Math.min(base, left / 2);
            hard = Math.min(Math.max(soft, base * 4), left * 3 / 4);
            soft = Math.max(1, soft);
            hard = Math.max(1, hard);
        }
        this.softMs = soft;
        this.hardMs = hard;
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
