package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The adaptive safety margin (issue 11, point 3): it follows what the engine measured. */
class LatenessTest {

    @Test
    void noMarginUntilAnAnswerCameLate() {
        Lateness l = new Lateness();
        assertEquals(0, l.marginMs());
        l.record(80, 90, 0);           // early: no lateness
        l.record(5, Long.MAX_VALUE, 0); // untimed searches do not count
        assertEquals(0, l.marginMs());
    }

    @Test
    void aLateAnswerRaisesTheMarginThenItHalvesEveryHalfLife() {
        Lateness l = new Lateness();
        l.record(250, 90, 0);
        assertEquals(160, l.marginMs());
        for (int i = 1; i < Lateness.HALF_LIFE; i++) l.record(50, 90, 0);
        assertEquals(160, l.marginMs());
        l.record(50, 90, 0);
        assertEquals(80, l.marginMs());
        for (int i = 0; i < Lateness.WINDOW; i++) l.record(50, 90, 0);
        assertEquals(0, l.marginMs());
    }

    /** A first iteration that ended after the deadline (a cold JVM) counts from its end, not from the deadline. */
    @Test
    void latenessCountsFromTheFirstPossibleAnswer() {
        Lateness l = new Lateness();
        l.record(213, 80, 200);
        assertEquals(13, l.marginMs());
        l.record(300, 80, 40); // ready in time, answered late: the machine's delay
        assertEquals(220, l.marginMs());
    }

    @Test
    void theLargestRecentLatenessRulesAndTheMarginIsCapped() {
        Lateness l = new Lateness();
        l.record(130, 90, 0);
        l.record(100, 90, 0);
        assertEquals(40, l.marginMs());
        l.record(60_000, 90, 0);
        assertEquals(Lateness.MAX_MARGIN_MS, l.marginMs());
    }
}
