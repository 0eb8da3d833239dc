package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What Ctrl-C leaves behind: the shutdown hook's {@code killAll} killed a registered engine and
 * its descendants, but not a child the engine had left behind when it exited (it is no longer a
 * descendant), though the match had seen it.
 */
class ProcessReaperTest {
    /** The child's sleep, odd enough to find it in the process table. */
    private static final String CHILD_SECONDS = "318.75";
    /** The sleep an engine's wrapper leaves at once, never its child when anyone looks. */
    private static final String DETACHED_SECONDS = "318.76";

    private static long childrenAlive() {
        return alive(CHILD_SECONDS);
    }

    private static long alive(String seconds) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(seconds)).orElse(false))
                .filter(ProcessHandle::isAlive).count();
    }

    /**
     * A wrapper that starts a process and leaves it at once (its subshell exits) was out of the
     * match's reach: the process was never among the engine's descendants. The engine now runs in
     * a session of its own, and closing it kills the session.
     */
    @Test
    void closingAnEngineKillsWhatItsWrapperLeftBehind() throws Exception {
        Assumptions.assumeTrue(ProcessReaper.command(List.of("sh"), null).size() > 1, "no setsid and /proc here");
        EngineProcess engine = new EngineProcess("wrapper", List.of("sh", "-c", "(sleep " + DETACHED_SECONDS + " &); echo started; exec sleep 60"),
                null, MatchLog.NONE);
        try {
            assertEquals("started", engine.readLine(System.nanoTime() + TimeUnit.SECONDS.toNanos(10)));
            // The subshell may not have started the sleep yet when the wrapper says so.
            for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); alive(DETACHED_SECONDS) == 0 && System.nanoTime() < deadline; ) {
                Thread.sleep(10);
            }
            assertEquals(1, alive(DETACHED_SECONDS), "the test's premise: the detached sleep runs");
            assertEquals(0, ProcessHandle.allProcesses().filter(h -> h.parent().map(pp -> pp.pid() == ProcessHandle.current().pid()).orElse(false))
                    .flatMap(ProcessHandle::descendants).filter(h -> h.info().arguments().map(a -> List.of(a).contains(DETACHED_SECONDS)).orElse(false)).count(),
                    "the test's premise: the detached sleep is nobody's descendant here");
            engine.close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (alive(DETACHED_SECONDS) > 0 && System.nanoTime() < deadline) Thread.sleep(10);
            assertEquals(0, alive(DETACHED_SECONDS), "what the engine's wrapper left outlived the engine");
        } finally {
            ProcessHandle.allProcesses()
                    .filter(p -> p.info().arguments().map(a -> List.of(a).contains(DETACHED_SECONDS)).orElse(false))
                    .forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aProgramThatCannotBeFoundIsLeftForJavaToRefuse() {
        assertEquals(List.of("no-such-engine-here"), ProcessReaper.command(List.of("no-such-engine-here"), null));
        assertEquals(List.of("./missing"), ProcessReaper.command(List.of("./missing"), "/"));
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
