package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.damka.movegen.Move;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
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
    void oneLateAnswerAloneKeepsNothingInHand() {
        Lateness l = new Lateness();
        l.record(233, 90, 0); // one pause 143 ms long: aiming earlier would not have helped it
        assertEquals(0, l.marginMs());
        for (int i = 0; i < 10; i++) l.record(85, 90, 0);
        assertEquals(0, l.marginMs());
    }

    @Test
    void lateAgainRaisesTheMarginThenItHalvesEveryHalfLife() {
        Lateness l = new Lateness();
        l.record(250, 90, 0);
        l.record(250, 90, 0);
        assertEquals(160, l.marginMs());
        for (int i = 2; i < Lateness.HALF_LIFE; i++) l.record(50, 90, 0);
        assertEquals(160, l.marginMs());
        l.record(50, 90, 0); // the earlier one is a half-life old now
        assertEquals(80, l.marginMs());
        for (int i = 0; i < Lateness.WINDOW; i++) l.record(50, 90, 0);
        assertEquals(0, l.marginMs());
    }

    /** A first iteration that ended after the deadline (a cold JVM) counts from its end, not from the deadline. */
    @Test
    void latenessCountsFromTheFirstPossibleAnswer() {
        Lateness l = new Lateness();
        l.record(213, 80, 200);
        l.record(213, 80, 200);
        assertEquals(13, l.marginMs());
        l.record(300, 80, 40); // ready in time, answered late: the machine's delay
        l.record(300, 80, 40);
        assertEquals(220, l.marginMs());
    }

    /**
     * A ponder miss (go ponder, then stop) once counted its whole pondering time as lateness: the
     * next moves kept up to a second more in hand, and with a few seconds left played unsearched.
     */
    @Test
    void aPonderSearchStoppedBeforePonderHitIsNotLate() throws InterruptedException {
        Engine engine = new Engine();
        long before = engine.effectiveMoveOverheadMs();
        CountDownLatch answered = new CountDownLatch(1);
        engine.go(SearchLimits.NONE.withClocks(1_000, 0).withPonder(true), new SearchListener() {
            @Override public void info(SearchInfo info) { }
            @Override public void bestMove(Move move, Move ponder) { answered.countDown(); }
        });
        Thread.sleep(1_500); // past any hard deadline of a one-second clock
        engine.stop();
        assertTrue(answered.await(10, TimeUnit.SECONDS), "stop answers");
        engine.waitForSearch();
        assertEquals(before, engine.effectiveMoveOverheadMs());
    }

    @Test
    void theSecondLargestRecentLatenessRulesAndTheMarginIsCapped() {
        Lateness l = new Lateness();
        l.record(130, 90, 0);
        l.record(100, 90, 0);
        l.record(120, 90, 0);
        assertEquals(30, l.marginMs());
        l.record(60_000, 90, 0);
        assertEquals(40, l.marginMs());
        l.record(70_000, 90, 0);
        assertEquals(Lateness.MAX_MARGIN_MS, l.marginMs());
    }
}
