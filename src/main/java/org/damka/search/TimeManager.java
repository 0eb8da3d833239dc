package org.damka.search;

/**
 * Turns limits into two deadlines: a soft one (do not start another iteration after it) and a
 * hard one (stop at once). With {@code movetime} both are the move time less the move overhead
 * and less a small reserve (a tenth of the move time, at most {@value #MOVE_TIME_RESERVE_MS} ms);
 * with a clock too, each is the earlier of the two.
 * With a clock the engine plans as if each of the moves still to come also lost the move overhead
 * (the time the GUI's clock runs while our answer travels), so the clock keeps a reserve instead
 * of draining down to the overhead (in sudden death, for at least {@value #SUDDEN_DEATH_RESERVE_MOVES} moves);
 * it aims at that budget divided by the moves to go (with an increment of at least the overhead,
 * 45 early in the game down to 20; in sudden death always {@value #SUDDEN_DEATH_MOVES_TO_GO}), shaped by
 * the stage of the game (less in the opening, more in the middle game, where games are decided),
 * and never lets one move take more than half of what is left (four fifths with one move to go).
 */
public final class TimeManager {
    /** Share of the planned time after which no new iteration starts (an iteration costs more than the last). */
    private static final int SOFT_PERCENT = 60;
    /**
     * A fixed move time also keeps a tenth of itself in hand, at most this much: the engine cannot
     * see the pipe, nor its own wake-up after the GUI wrote {@code go}. Not more: keeping half of
     * {@code movetime 100} in hand (as before) lost 87.5 ± 24.7 Elo to a tenth (russian, 300 games,
     * bench/RESULTS.md), while the measured lateness already covers a busy machine.
     */
    static final long MOVE_TIME_RESERVE_MS = 100;
    private static final int MOVE_TIME_RESERVE_DIVISOR = 10;
    /**
     * Sudden death (no increment, no moves to go) keeps the overhead of at least this many moves
     * in hand: every move costs the overhead however fast it is played, and a draughts game can
     * last 150 moves a side or more (kings chasing to the 25-move rule), long after the 20 moves
     * the budget expects late in a game. Planned for 20, a 1-minute game of 158 moves a side had
     * spent its whole clock by its own count. Never more than half the clock, and a game of
     * many hundred moves a side still runs out.
     */
    static final int SUDDEN_DEATH_RESERVE_MOVES = 100;
    /**
     * Sudden death plans every move as if this many were still to come, however far the game
     * is: a search stops between iterations, so a move costs about twice its soft limit (a
     * 1-minute DXP game of 172 moves a side had spent 52 s by move 50 and 59 s by move 70 when
     * the plan shrank to 20 moves to go); planned for 50, a game of 200 moves a side that spends
     * twice the soft limit still has time left (TimeManagerTest).
     */
    static final int SUDDEN_DEATH_MOVES_TO_GO = 50;

    private volatile long start;
    private final long softMs;
    private final long hardMs;

    public TimeManager(SearchLimits limits, int side, long moveOverheadMs, int ply) {
        this(limits, side, moveOverheadMs, ply, -1, System.nanoTime());
    }

    /**
     * @param pieces     pieces on the board (both sides), or -1 when unknown; shapes the time
     *                   spent over the game
     * @param startNanos when the move's clock started ({@link System#nanoTime})
     */
    public TimeManager(SearchLimits limits, int side, long moveOverheadMs, int ply, int pieces, long startNanos) {
        this.start = startNanos;
        long soft = Long.MAX_VALUE, hard = Long.MAX_VALUE;
        if (limits.moveTime() > 0) {
            long reserve = Math.min(limits.moveTime() / MOVE_TIME_RESERVE_DIVISOR, MOVE_TIME_RESERVE_MS);
            soft = hard = Math.max(1, limits.moveTime() - moveOverheadMs - reserve);
        }
        // A move time and a clock together (the browser board's levels with a clock): the first
        // deadline of the two, so a level's pace never runs its clock out.
        if (limits.hasClock(side)) {
            long time = side == 0 ? limits.whiteTime() : limits.blackTime();
            long inc = side == 0 ? limits.whiteInc() : limits.blackInc();
            // An increment below the overhead does not pay for it: sudden death as well.
            boolean suddenDeath = inc < moveOverheadMs && limits.movesToGo() <= 0;
            // More moves expected early in the game; fewer remain later.
            int movesToGo = limits.movesToGo() > 0 ? Math.min(limits.movesToGo(), 50)
                    : suddenDeath ? SUDDEN_DEATH_MOVES_TO_GO : Math.max(20, 45 - ply / 4);
            long reserve = moveOverheadMs * (movesToGo + 2);
            if (suddenDeath) {
                // At most half the clock: a large overhead (or lateness margin) must not make every move instant.
                reserve = Math.max(reserve, Math.min(moveOverheadMs * (SUDDEN_DEATH_RESERVE_MOVES + 2), time / 2));
            }
            long budget = time + inc * (movesToGo - 1) - reserve;
            long target = Math.max(1, budget / movesToGo) * phasePercent(ply, pieces) / 100;
            long left = Math.max(1, time - moveOverheadMs);
            long cap = Math.max(1, movesToGo == 1 ? left * 4 / 5 : left / 2);
            soft = Math.min(soft, Math.max(1, Math.min(target * SOFT_PERCENT / 100, cap)));
            hard = Math.min(hard, Math.max(1, Math.min(target * 3, cap)));
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

    /** Starts the clock again at startNanos (ponder hit: the thinking time starts when it was read). */
    public void restart(long startNanos) {
        start = startNanos;
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
