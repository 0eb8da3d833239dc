package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * What Ctrl-C leaves behind: the shutdown hook's {@code killAll} killed a registered engine and
 * its descendants, but not a child the engine had left behind when it exited (it is no longer a
 * descendant), though the match had seen it.
 */
class ProcessReaperTest {
    /** The child's sleep, odd enough to find it in the process table. */
    private static final String CHILD_SECONDS = "318.75";

    private static long childrenAlive() {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(CHILD_SECONDS)).orElse(false))
                .filter(ProcessHandle::isAlive).count();
    }

    @Test
    void killAllKillsTheChildrenAnExitedEngineLeftBehind() throws Exception {
        Process engine = new ProcessBuilder("sh", "-c", "sleep " + CHILD_SECONDS + " & wait").start();
        ProcessReaper.register(engine);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (engine.descendants().findAny().isEmpty() && System.nanoTime() < deadline) Thread.sleep(10);
            ProcessReaper.noteChildren(engine);
            engine.destroyForcibly(); // the engine exits; its child lives on, now nobody's descendant
            assertTrue(engine.waitFor(10, TimeUnit.SECONDS));
            assertEquals(1, childrenAlive(), "the test's premise: the child outlived its parent");

            ProcessReaper.killAll();
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (childrenAlive() > 0 && System.nanoTime() < deadline) Thread.sleep(10);
            assertEquals(0, childrenAlive(), "the engine's child outlived the match");
        } finally {
            ProcessHandle.allProcesses()
                    .filter(p -> p.info().arguments().map(a -> List.of(a).contains(CHILD_SECONDS)).orElse(false))
                    .forEach(ProcessHandle::destroyForcibly);
        }
    }
}
