package org.damka.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.damka.board.Position;
import org.junit.jupiter.api.Test;

class TimeManagerTest {
    private static SearchLimits clock(long time, long inc, int movesToGo) {
        return SearchLimits.NONE.withClocks(time, inc).withMovesToGo(movesToGo);
    }

    @Test
    void movetimeLeavesTheOverheadAndTheReserve() {
        TimeManager t = new TimeManager(SearchLimits.moveTime(300), 0, 10, 0);
        assertEquals(300 - 10 - 30, t.softMs());
        assertEquals(300 - 10 - 30, t.hardMs());
        assertEquals(1, new TimeManager(SearchLimits.moveTime(5), 0, 10, 0).hardMs());
    }

    /** A move time with a clock (a level of the browser board under a clock): the earlier deadline of the two. */
    @Test
    void aMoveTimeWithAClockTakesTheEarlierDeadline() {
        TimeManager both = new TimeManager(SearchLimits.moveTime(5000).withClock(0, 3000, 0), 0, 10, 60);
        TimeManager clockOnly = new TimeManager(clock(3000, 0, 0), 0, 10, 60);
        assertEquals(clockOnly.softMs(), both.softMs());
        assertEquals(clockOnly.hardMs(), both.hardMs());
        assertTrue(both.hardMs() <= 1500, "hard " + both.hardMs());
        TimeManager plenty = new TimeManager(SearchLimits.moveTime(300).withClock(0, 600_000, 5000), 0, 10, 60);
        assertEquals(300 - 10 - 30, plenty.hardMs(), "a long clock leaves the move time as it was");
        assertEquals(300 - 10 - 30, plenty.softMs());
    }

    @Test
    void aMoveTimeKeepsATenthInHand() {
        // 100 ms a move: aim at 80 (less the Move Overhead and a tenth), not 40 as with half in hand.
        assertEquals(100 - 10 - 10, new TimeManager(SearchLimits.moveTime(100), 0, 10, 0).hardMs());
        assertEquals(200 - 0 - 20, new TimeManager(SearchLimits.moveTime(200), 0, 0, 0).hardMs());
        // A long move time keeps only the fixed reserve.
        assertEquals(10_000 - 10 - 100, new TimeManager(SearchLimits.moveTime(10_000), 0, 10, 0).hardMs());
    }

    @Test
    void neverPlansPastHalfOfWhatIsLeft() {
        Random rnd = new Random(3);
        for (int i = 0; i < 100_000; i++) {
            long time = 1 + rnd.nextInt(rnd.nextBoolean() ? 200 : 600_000);
            long inc = rnd.nextBoolean() ? 0 : rnd.nextInt(20_000);
            int mtg = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(60) : 0;
            long overhead = rnd.nextInt(200);
            int ply = rnd.nextInt(400);
            TimeManager t = new TimeManager(clock(time, inc, mtg), ply % 2, overhead, ply);
            long left = Math.max(1, time - overhead);
            String what = time + "+" + inc + " mtg " + mtg + " overhead " + overhead + " ply " + ply;
            assertTrue(t.softMs() >= 1 && t.softMs() <= t.hardMs(), what);
            assertTrue(t.hardMs() <= Math.max(1, mtg == 1 ? left * 4 / 5 : left / 2), what + ": hard " + t.hardMs());
        }
    }

    @Test
    void spendsMoreWithMoreTimeAndKeepsAReserveForTheOverhead() {
        long previous = 0;
        for (long time = 100; time <= 100_000; time *= 2) {
            long soft = new TimeManager(clock(time, 0, 0), 0, 10, 60).softMs();
            assertTrue(soft >= previous, time + " ms gives " + soft);
            previous = soft;
        }
        // 1 s + 10 ms: about a fiftieth of the clock, not more than a few percent.
        long soft = new TimeManager(clock(1000, 10, 0), 0, 10, 0).softMs();
        assertTrue(soft >= 10 && soft <= 60, "soft " + soft);
        // Increment below the overhead and little time: play at once rather than lose on time.
        assertEquals(1, new TimeManager(clock(300, 10, 0), 0, 30, 0).softMs());
    }

    /**
     * A sudden-death game much longer than planned (200 moves a side, each search costing twice
     * its soft limit, as the real ones did: an iteration started before the soft limit runs on
     * past it; and the overhead besides) still has time left at its end, and a tenth of its clock
     * at move 70. (Planned for 20 moves to go late in the game, a 1-minute DXP game had
     * spent 52 s by move 50 and its whole clock by move 70 of 172 by its own count.)
     */
    @Test
    void aLongSuddenDeathGameKeepsTimeForItsLastMoves() {
        long overhead = 10, start = 60_000, clock = start;
        for (int move = 0; move < 200; move++) {
            assertTrue(clock >= 10 * overhead, "left before move " + move + ": " + clock + " ms");
            if (move == 70) assertTrue(clock >= start / 10, "left before move 70: " + clock + " ms");
            int ply = 2 * move, pieces = move < 120 ? 20 : 6;
            TimeManager t = at(clocks(clock, clock, 0), 0, overhead, ply, pieces);
            clock -= Math.min(2 * t.softMs(), t.hardMs()) + overhead;
        }
        assertTrue(clock >= 10 * overhead, "left after 200 moves: " + clock + " ms");
    }

    /** The sudden-death reserve is bounded by the clock: a large overhead still leaves moves to think on. */
    @Test
    void aLargeOverheadInSuddenDeathStillThinks() {
        TimeManager t = at(clocks(10_000, 10_000, 0), 0, 100, 2, 40);
        assertTrue(t.softMs() >= 40, "soft " + t.softMs());
        TimeManager late = at(clocks(30_000, 30_000, 0), 0, 300, 60, 24);
        assertTrue(late.softMs() >= 100, "soft " + late.softMs());
    }

    private static SearchLimits clocks(long white, long black, long inc) {
        return SearchLimits.NONE.withClock(Position.WHITE, white, inc).withClock(Position.BLACK, black, inc);
    }

    private static TimeManager at(SearchLimits limits, int side, long overhead, int ply, int pieces) {
        return new TimeManager(limits, side, overhead, ply, pieces, System.nanoTime());
    }

    @Test
    void neverPlansPastHalfOfWhatIsLeftAtAnyStage() {
        for (long left : new long[] {5, 20, 100, 1_000, 10_000, 300_000}) {
            for (int pieces : new int[] {-1, 4, 16, 24, 40}) {
                TimeManager t = at(clocks(left, left, left / 10), 0, 10, 30, pieces);
                assertTrue(t.hardMs() >= 1 && t.hardMs() <= Math.max(1, (left - 10) / 2), left + " " + t.hardMs());
                assertTrue(t.softMs() <= t.hardMs());
            }
        }
    }

    @Test
    void theMiddleGameGetsMoreTimeThanTheOpening() {
        TimeManager opening = at(clocks(60_000, 60_000, 0), 0, 10, 2, 24);
        TimeManager middle = at(clocks(60_000, 60_000, 0), 0, 10, 30, 16);
        assertTrue(middle.softMs() > opening.softMs());
    }

    @Test
    void aMoveTimeIsUsedLessTheOverhead() {
        TimeManager t = at(SearchLimits.moveTime(500), 0, 30, 0, 24);
        assertEquals(500 - 30 - 50, t.hardMs());
        TimeManager none = at(SearchLimits.depth(5), 0, 30, 0, 24);
        assertTrue(!none.softExpired() && !none.hardExpired());
    }

    @Test
    void theSideToMovesClockCounts() {
        TimeManager white = at(clocks(1_000, 100_000, 0), 0, 0, 20, 20);
        TimeManager black = at(clocks(1_000, 100_000, 0), 1, 0, 20, 20);
        assertTrue(black.softMs() > white.softMs());
    }
}
