package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class EngineProcessTest {
    @Test
    void aLineIsTimedWhenItArrivesNotWhenItIsRead() throws Exception {
        try (EngineProcess p = new EngineProcess("echo", List.of("sh", "-c", "echo bestmove c3d4"), null, MatchLog.NONE)) {
            while (!p.outputEnded()) Thread.sleep(5);
            long beforeRead = System.nanoTime();
            Thread.sleep(20); // a referee descheduled before it reads the answer
            assertEquals("bestmove c3d4", p.readLine(System.nanoTime() + 1_000_000_000L));
            assertTrue(p.lastArrivalNanos() < beforeRead, "timed at arrival, before the read");
        }
    }
}
