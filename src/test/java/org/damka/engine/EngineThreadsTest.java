package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.damka.movegen.Move;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.junit.jupiter.api.Test;

/**
 * Threads above the processors (issue 11, point 3: Threads 64 on two cores answered a 500 ms
 * move after 3.6-6.1 s): the search runs at most one thread per processor the JVM sees.
 */
class EngineThreadsTest {

    @Test
    void helperThreadsAreCappedToTheProcessors() throws InterruptedException {
        Engine engine = new Engine();
        engine.setThreads(Engine.MAX_THREADS);
        CountDownLatch searching = new CountDownLatch(3);
        CountDownLatch answered = new CountDownLatch(1);
        engine.go(SearchLimits.untilStopped(), new SearchListener() {
            @Override public void info(SearchInfo info) { searching.countDown(); }
            @Override public void bestMove(Move move, Move ponder) { answered.countDown(); }
        });
        assertTrue(searching.await(60, TimeUnit.SECONDS), "the search reports");
        long helpers = searchingHelpers();
        engine.stop();
        assertTrue(answered.await(10, TimeUnit.SECONDS), "stop answers");
        engine.waitForSearch();
        int processors = Runtime.getRuntime().availableProcessors();
        assertTrue(helpers <= processors - 1, helpers + " helper threads on " + processors + " processors");
        assertEquals(Engine.MAX_THREADS, engine.threads(), "the option keeps its value");
    }

    /**
     * A go sent without isready paid for building its search (60-130 ms in a fresh process) on
     * its clock; the protocols now have it built in the background when they start and after an
     * option change, and a go that comes during the build waits for it and answers.
     */
    @Test
    void theNextSearchIsBuiltInTheBackground() throws InterruptedException {
        Engine engine = new Engine();
        assertFalse(engine.searchBuilt());
        engine.prepareInBackground();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!engine.searchBuilt() && System.nanoTime() < end) Thread.sleep(5);
        assertTrue(engine.searchBuilt(), "built without a go");
        engine.setVariant("international");
        assertFalse(engine.searchBuilt(), "a new variant drops the search");
        engine.prepareInBackground();
        CountDownLatch answered = new CountDownLatch(1);
        engine.go(SearchLimits.depth(2), new SearchListener() {
            @Override public void info(SearchInfo info) { }
            @Override public void bestMove(Move move, Move ponder) { if (move != null) answered.countDown(); }
        });
        assertTrue(answered.await(30, TimeUnit.SECONDS), "a go during the build answers");
        engine.waitForSearch();
        engine.prepareInBackground(); // built already: nothing to do, and nothing breaks
        assertTrue(engine.searchBuilt());
        engine.close();
    }

    @Test
    void everySearchRunsOnTheSameKeptThread() throws InterruptedException {
        Engine engine = new Engine();
        java.util.List<Thread> answeredOn = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            engine.go(SearchLimits.depth(2), new SearchListener() {
                @Override public void info(SearchInfo info) { }
                @Override public void bestMove(Move move, Move ponder) { answeredOn.add(Thread.currentThread()); }
            });
            engine.waitForSearch();
        }
        assertEquals(3, answeredOn.size());
        assertTrue(answeredOn.stream().distinct().count() == 1, "a new thread per search: " + answeredOn);
        assertTrue(answeredOn.get(0).isAlive(), "the job thread waits for the next job");
    }

    /**
     * An Error in a search (here the listener's, as a full heap would throw it while writing a
     * report) still answers with a legal move, and the next search runs: the job thread died
     * with it, and every later go waited for ever.
     */
    @Test
    void anErrorInASearchStillAnswersAndTheNextSearchRuns() throws InterruptedException {
        Engine engine = new Engine();
        java.util.List<String> said = new java.util.concurrent.CopyOnWriteArrayList<>();
        CountDownLatch answered = new CountDownLatch(1);
        engine.go(SearchLimits.depth(6), new SearchListener() {
            @Override public void info(SearchInfo info) { throw new OutOfMemoryError("Java heap space (test)"); }
            @Override public void message(String text) { said.add(text); }
            @Override public void bestMove(Move move, Move ponder) { said.add("bestmove " + move); answered.countDown(); }
        });
        assertTrue(answered.await(60, TimeUnit.SECONDS), "no answer after the error");
        assertTrue(said.get(0).startsWith("error search failed: java.lang.OutOfMemoryError"), said.toString());
        assertFalse(said.get(1).equals("bestmove null"), said.toString());
        engine.waitForSearch();
        CountDownLatch again = new CountDownLatch(1);
        engine.go(SearchLimits.depth(2), new SearchListener() {
            @Override public void info(SearchInfo info) { }
            @Override public void bestMove(Move move, Move ponder) { again.countDown(); }
        });
        assertTrue(again.await(60, TimeUnit.SECONDS), "the next search never answered");
    }

    /** The job thread waited for ever, so an engine a program dropped (a room of the gui) kept its table for good. */
    @Test
    void closeAnswersTheSearchAndEndsTheJobThread() throws InterruptedException {
        Engine engine = new Engine();
        CountDownLatch searching = new CountDownLatch(1);
        CountDownLatch answered = new CountDownLatch(1);
        Thread[] jobThread = new Thread[1];
        engine.go(SearchLimits.untilStopped(), new SearchListener() {
            @Override public void info(SearchInfo info) { jobThread[0] = Thread.currentThread(); searching.countDown(); }
            @Override public void bestMove(Move move, Move ponder) { answered.countDown(); }
        });
        assertTrue(searching.await(60, TimeUnit.SECONDS), "the search reports");
        engine.close();
        assertTrue(answered.await(10, TimeUnit.SECONDS), "close answers the search");
        jobThread[0].join(10_000);
        assertFalse(jobThread[0].isAlive(), "the job thread still waits for jobs");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> engine.go(SearchLimits.depth(1), new SearchListener() {
                    @Override public void info(SearchInfo info) { }
                    @Override public void bestMove(Move move, Move ponder) { }
                }));
        assertEquals("the engine is closed", e.getMessage());
    }
    /**
     * A search whose main thread fails (here its report throws) still answers, and stops and joins
     * its helper threads: none may search on (for ever, in a deep search) into the next go, which
     * reuses their workers. Needs two processors for a helper to exist.
     */
    @Test
    void aFailingSearchLeavesNoHelperSearching() throws InterruptedException {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: no helper thread");
        Engine engine = new Engine();
        engine.setThreads(2);
        CountDownLatch answered = new CountDownLatch(1);
        engine.go(SearchLimits.depth(60), new SearchListener() {
            @Override public void info(SearchInfo info) {
                if (info.depth() >= 4) throw new IllegalStateException("the report failed");
            }
            @Override public void bestMove(Move move, Move ponder) { if (move != null) answered.countDown(); }
        });
        assertTrue(answered.await(30, TimeUnit.SECONDS), "the failed search answers with a legal move");
        engine.waitForSearch();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (searchingHelpers() > 0 && System.nanoTime() < end) Thread.sleep(10);
        assertEquals(0, searchingHelpers(), "helper threads still searching after the search failed");
        engine.close();
    }

    /** Helper threads running now (kept ones wait for the next search, parked). */
    private static long searchingHelpers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("damka-helper-") && t.getState() == Thread.State.RUNNABLE).count();
    }

    /**
     * The answer of a search whose printer failed (nothing went out) falls back to a legal move
     * printed again, instead of being counted as given: a GUI would wait for ever.
     */
    @Test
    void aBestMoveThatFailedToGoOutIsAnsweredAgain() throws InterruptedException {
        Engine engine = new Engine();
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        CountDownLatch answered = new CountDownLatch(1);
        engine.go(SearchLimits.depth(3), new SearchListener() {
            @Override public void info(SearchInfo info) { }
            @Override public void bestMove(Move move, Move ponder) {
                if (calls.incrementAndGet() == 1) throw new IllegalStateException("the output failed");
                if (move != null) answered.countDown();
            }
        });
        assertTrue(answered.await(30, TimeUnit.SECONDS), "no second answer after the first failed (" + calls.get() + " call)");
        engine.waitForSearch();
        assertEquals(2, calls.get());
        engine.close();
    }
}
