package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

/**
 * The JIT warm-up (issue 11, point 3: fresh JVMs overran their first moves): by the first
 * {@code readyok} (Hub: {@code ready}) the JVM has already compiled the search, as its own
 * compilation log shows.
 */
class WarmUpIT {

    @Test
    void theFirstIsreadyCompilesTheSearch() throws IOException {
        String compiled = compilationLogAfter(e -> {
            e.send("uci");
            e.expect("uciok");
            e.send("isready");
            e.expect("readyok");
        });
        assertTrue(compiled.contains("org.damka.search.Worker::search "), "Worker.search not compiled by readyok");
    }

    /** Hub's {@code init} prepares as {@code isready} does: a fresh engine's first move overran without it. */
    @Test
    void hubInitCompilesTheSearch() throws IOException {
        String compiled = compilationLogAfter(e -> {
            e.send("hub");
            e.expect("wait");
            e.send("set-param name=variant value=russian");
            e.send("init");
            e.expect("ready");
        });
        assertTrue(compiled.contains("org.damka.search.Worker::search "), "Worker.search not compiled by ready");
    }

    /** The JIT's compilation log of a fresh engine once the exchange is done. */
    private static String compilationLogAfter(Consumer<EngineUnderTest> exchange) throws IOException {
        Path log = Files.createTempFile("damka-jit", ".log");
        // filecount=0: no rotation, which would move the empty temp file to <log>.0 and leave it behind.
        try (EngineUnderTest e = EngineUnderTest.startWithJvmOptions("-Xlog:jit+compilation=debug:file=" + log + "::filecount=0")) {
            exchange.accept(e);
            return Files.readString(log);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
