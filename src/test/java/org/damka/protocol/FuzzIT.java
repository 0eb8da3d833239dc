package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Sends at least 100,000 random and mutated protocol lines ({@link FuzzLines}) to ONE engine
 * process. After every 1,000 lines the engine must catch up (serve them all) and answer
 * {@code isready} with {@code readyok}; the process must live
 * to the end; every stdout line must be a protocol line (protocol.md) and none may report an
 * internal error. Every line that starts a search is followed by {@code stop}, so no search runs
 * long. Every run prints its seed, and every failure message repeats it; {@code -Dfuzz.seed=N}
 * sends the same lines again, {@code -Dfuzz.lines=N} changes their number.
 */
class FuzzIT {
    static final int LINES = Integer.getInteger("fuzz.lines", 100_000);
    /** A batch of 1,000 lines is served in well under a second on an idle machine. */
    static final long SYNC_TIMEOUT_MS = 30_000;
    /** -Dfuzz.dump=FILE also writes the input to FILE, to replay it by hand. */
    static final String DUMP = System.getProperty("fuzz.dump");

    @Test
    void hundredThousandBadLinesNeverHurtTheEngine() throws java.io.IOException {
        long seed = FuzzLines.seedFromProperty();
        String replay = "replay with -D" + FuzzLines.SEED_PROPERTY + "=" + seed;
        System.out.println("FuzzIT seed " + seed + "; " + replay);
        try {
            send(new FuzzLines(seed));
        } catch (AssertionError e) {
            throw new AssertionError("FuzzIT seed " + seed + " (" + replay + "): " + e.getMessage(), e);
        }
    }

    /**
     * Waits until the engine has served every line sent so far, then for readyok. The fuzz lines
     * hold isready too, so a bare isready could be answered by an earlier readyok and let the input
     * run ever further ahead of the engine; the error for a unique unknown command comes only
     * after every line before it has been served.
     */
    private static void catchUp(EngineUnderTest engine, String marker) {
        engine.send(marker);
        engine.untilText(s -> s.contains("'" + marker + "'"), SYNC_TIMEOUT_MS);
        engine.sync();
    }

    private static void send(FuzzLines lines) throws java.io.IOException {
        long started = System.nanoTime();
        int sent = 0, readies = 0;
        try (EngineUnderTest engine = EngineUnderTest.start()) {
            while (sent < LINES) {
                ByteArrayOutputStream batch = new ByteArrayOutputStream();
                for (int i = 0; i < 1000; i++, sent++) {
                    byte[] line = lines.nextLine();
                    batch.writeBytes(line);
                    batch.write('\n');
                    if (FuzzLines.startsSearch(line)) batch.writeBytes("stop\n".getBytes(StandardCharsets.US_ASCII));
                }
                engine.sendRaw(batch.toByteArray());
                if (DUMP != null) {
                    batch.writeBytes(("fuzz-sync-" + readies + "\nisready\n").getBytes(StandardCharsets.US_ASCII));
                    java.nio.file.Files.write(java.nio.file.Path.of(DUMP), batch.toByteArray(),
                            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                }
                catchUp(engine, "fuzz-sync-" + readies);
                readies++;
                assertTrue(engine.alive(), "the engine died after " + sent + " lines" + "\n" + engine.diagnostics());
            }
            engine.send("stop");
            catchUp(engine, "fuzz-sync-end");
            List<String> bad = engine.badLines();
            assertEquals(List.of(), bad.subList(0, Math.min(20, bad.size())), "non-protocol lines on stdout");
            List<String> internal = engine.transcript().stream().filter(s -> s.contains("internal error")).toList();
            assertEquals(List.of(), internal, engine.stderr());
            System.out.println("FuzzIT " + sent + " lines, " + readies + " readyok, " + engine.transcript().size()
                    + " output lines in " + (System.nanoTime() - started) / 1_000_000 + " ms, seed " + lines.seed());
            engine.send("quit");
            assertEquals(0, engine.waitFor(10_000), "exit code after quit");
        }
    }
}
