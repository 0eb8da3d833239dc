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
        long helpers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("damka-helper-") && t.isAlive()).count();
        engine.stop();
        assertTrue(answered.await(10, TimeUnit.SECONDS), "stop answers");
        engine.waitForSearch();
        int processors = Runtime.getRuntime().availableProcessors();
        assertTrue(helpers <= processors - 1, helpers + " helper threads on " + processors + " processors");
        assertEquals(Engine.MAX_THREADS, engine.threads(), "the option keeps its value");
    }
}
