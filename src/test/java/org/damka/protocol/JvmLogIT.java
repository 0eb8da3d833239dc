package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A JVM started with {@code -verbose:gc} (as a {@code _JAVA_OPTIONS} set for every Java program
 * puts it) wrote its collections on stdout, between the engine's lines. Only what it wrote before
 * the engine started (its {@code Using G1} line) may be there now; the rest goes to stderr.
 */
class JvmLogIT {
    @Test
    void theJvmsLogLinesGoToStandardError() {
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions("-verbose:gc", "-Xmx64m")) {
            e.send("uci");
            List<String> handshake = e.until("uciok");
            int id = handshake.indexOf(handshake.stream().filter(l -> l.startsWith("id name")).findFirst().orElseThrow());
            // 40 MB does not fit in this heap: the engine collects before it says so, which -verbose:gc reports
            e.send("setoption name Hash value 40");
            e.send("isready");
            List<String> after = e.until("readyok");
            List<String> engineLines = new java.util.ArrayList<>(handshake.subList(id, handshake.size()));
            engineLines.addAll(after);
            assertEquals(List.of(), engineLines.stream().filter(l -> !ProtocolLines.valid(l)).toList(), "JVM lines on stdout");
            assertTrue(e.stderr().contains("Pause Full (System.gc())"), "the collection's line went to stderr:\n" + e.stderr());
        }
    }
}
