package org.damka.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimeManagerTest {
    private static SearchLimits clock(long white, long black, long inc) {
        return new SearchLimits(white, black, inc, inc, 0, 0, 0, 0, false, false);
    }

    @Test
    void neverPlansPastHalfOfWhatIsLeft() {
        for (long left : new long[] {5, 20, 100, 1_000, 10_000, 300_000}) {
            for (int pieces : new int[] {-1, 4, 16, 24, 40}) {
                TimeManager t = new TimeManager(clock(left, left, left / 10), 0, 10, 30, pieces);
                assertTrue(t.hardMs() >= 1 && t.hardMs() <= Math.max(1, (left - 10) / 2), left + " " + t.hardMs());
                assertTrue(t.softMs() <= t.hardMs());
            }
        }
    }

    @Test
    void theMiddleGameGetsMoreTimeThanTheOpening() {
        TimeManager opening = new TimeManager(clock(60_000, 60_000, 0), 0, 10, 2, 24);
        TimeManager middle = new TimeManager(clock(60_000, 60_000, 0), 0, 10, 30, 16);
        assertTrue(middle.softMs() > opening.softMs());
    }

    @Test
    void aMoveTimeIsUsedLessTheOverhead() {
        TimeManager t = new TimeManager(SearchLimits.moveTime(500), 0, 30, 0, 24);
        assertEquals(470, t.hardMs());
        TimeManager none = new TimeManager(SearchLimits.depth(5), 0, 30, 0, 24);
        assertTrue(!none.softExpired() && !none.hardExpired());
    }

    @Test
    void theSideToMovesClockCounts() {
        TimeManager white = new TimeManager(clock(1_000, 100_000, 0), 0, 0, 20, 20);
        TimeManager black = new TimeManager(clock(1_000, 100_000, 0), 1, 0, 20, 20);
        assertTrue(black.softMs() > white.softMs());
    }
}
