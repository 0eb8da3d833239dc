package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class EngineProcessTest {
    /** Under LANG=C an accented program name reaches Java as U+FFFD: the failure says why, not only "No such file". */
    @Test
    void aNameTheLocaleCouldNotDecodeSaysSo() {
        String jnu = System.getProperty("sun.jnu.encoding");
        EngineException e;
        try {
            System.setProperty("sun.jnu.encoding", "ANSI_X3.4-1968"); // as under LANG=C
            e = org.junit.jupiter.api.Assertions.assertThrows(EngineException.class,
                    () -> new EngineProcess("x", List.of("/tmp/b\uFFFD\uFFFDn/damka"), null, MatchLog.NONE));
        } finally {
            System.setProperty("sun.jnu.encoding", jnu);
        }
        assertTrue(e.getMessage().contains("its name cannot be spelt in this locale's character set (ANSI_X3.4-1968)"), e.getMessage());
        if ("UTF-8".equals(jnu)) { // a UTF-8 locale spells U+FFFD: no advice to start under one
            EngineException utf8 = org.junit.jupiter.api.Assertions.assertThrows(EngineException.class,
                    () -> new EngineProcess("x", List.of("/tmp/b\uFFFD\uFFFDn/damka"), null, MatchLog.NONE));
            assertTrue(!utf8.getMessage().contains("locale"), utf8.getMessage());
        }
        EngineException plain = org.junit.jupiter.api.Assertions.assertThrows(EngineException.class,
                () -> new EngineProcess("x", List.of("/tmp/no-such-program-here"), null, MatchLog.NONE));
        assertTrue(!plain.getMessage().contains("locale"), plain.getMessage());
    }

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
