package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import org.damka.engine.Engine;
import org.junit.jupiter.api.Test;

/**
 * A client that writes faster than the engine serves (here: commands that wait behind a long
 * search) is held back as a full pipe holds it, instead of filling the engine's heap with queued
 * lines until it dies: the reader stops taking input once {@link UciProtocol#MAX_QUEUED_BYTES}
 * are queued, and everything is still served once the search ends.
 */
class InputFloodTest {
    private static final byte[] FIRST = "go depth 127\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LINE = "position startpos\n".getBytes(StandardCharsets.US_ASCII);
    /** Far more lines than the queue may hold (each counts its text and the queue's overhead). */
    private static final long FLOOD_BYTES = 6L * UciProtocol.MAX_QUEUED_BYTES / (LINE.length + UciProtocol.QUEUED_LINE_OVERHEAD_BYTES) * LINE.length;

    /** The commands above, then end of input; counts the bytes the engine has taken. */
    private static final class Flood extends InputStream {
        final AtomicLong taken = new AtomicLong();

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            long at = taken.get();
            if (at >= FIRST.length + FLOOD_BYTES) return -1;
            int n = 0;
            while (n < len && at + n < FIRST.length + FLOOD_BYTES) {
                long i = at + n;
                b[off + n++] = i < FIRST.length ? FIRST[(int) i] : LINE[(int) ((i - FIRST.length) % LINE.length)];
            }
            taken.addAndGet(n);
            return n;
        }
    }

    @Test
    void aFloodBehindASearchWaitsInThePipeAndIsServedAfterIt() throws Exception {
        Engine engine = new Engine();
        Flood in = new Flood();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        Thread serving = new Thread(() -> new UciProtocol(engine, in, OutputStream.nullOutputStream(), quiet, "test").run());
        serving.start();
        // The search holds every position command; the reader must stop at the queue's bound.
        long last = -1;
        for (int i = 0; i < 200 && in.taken.get() != last; i++) {
            last = in.taken.get();
            Thread.sleep(50);
        }
        long bound = FIRST.length + (long) UciProtocol.MAX_QUEUED_BYTES / (LINE.length + UciProtocol.QUEUED_LINE_OVERHEAD_BYTES) * LINE.length + (1 << 20);
        assertTrue(in.taken.get() < bound, "took " + in.taken.get() + " bytes of input while the search ran (bound " + bound + ")");
        assertTrue(serving.isAlive());
        // Once the search stops, every queued and unread line is served and the input ends.
        engine.stop();
        serving.join(300_000); // 1.4 M lines: about 30 s alone, 120 s was too little beside a full build and a browser
        assertTrue(!serving.isAlive(), "still serving after " + in.taken.get() + " of " + (FIRST.length + FLOOD_BYTES) + " bytes");
        assertTrue(in.taken.get() == FIRST.length + FLOOD_BYTES);
    }
}
