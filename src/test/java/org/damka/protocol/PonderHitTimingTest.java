package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import org.damka.engine.Engine;
import org.junit.jupiter.api.Test;

/**
 * When {@code ponderhit} is read, the move's clock starts: neither the time its line waits to be
 * served nor the end of the input that follows it may take from the search.
 */
class PonderHitTimingTest {
    private static final long MOVE_TIME_MS = 600;

    /** Input written by the test line by line; {@link #end} closes it. */
    private static final class Lines extends InputStream {
        private static final byte[] END = new byte[0];
        private final BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
        private byte[] current = new byte[0];
        private int at;

        void send(String line) { chunks.add((line + "\n").getBytes(StandardCharsets.US_ASCII)); }
        void end() { chunks.add(END); }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            try {
                while (at == current.length) {
                    if (current == END) return -1;
                    current = chunks.take();
                    at = 0;
                    if (current == END) return -1;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
            int n = Math.min(len, current.length - at);
            System.arraycopy(current, at, b, off, n);
            at += n;
            return n;
        }
    }

    /** What the engine writes, and when it first wrote a bestmove. */
    private static final class Output extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private volatile long bestMoveAt;

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
            if (b == '\n' && bestMoveAt == 0 && bytes.toString(StandardCharsets.US_ASCII).contains("bestmove")) bestMoveAt = System.nanoTime();
        }

        synchronized String text() { return bytes.toString(StandardCharsets.US_ASCII); }
    }

    /**
     * The serving thread has taken {@code ponderhit} from the queue but not yet served it when
     * the input ends: the end must treat the ponder search as hit (a timed search, not stopped),
     * as it does while the line is still queued. The window is held open by holding the
     * protocol's lock, which serving {@code ponderhit} and acting on the end both need; each
     * round lets either go first.
     */
    @Test
    void theEndOfInputRightAfterPonderHitLeavesTheSearchItsTime() throws Exception {
        for (int round = 0; round < 6; round++) {
            Engine engine = new Engine(); // a fresh one: lateness measured in a round would shorten the next
            Lines in = new Lines();
            Output out = new Output();
            UciProtocol protocol = new UciProtocol(engine, in, out, new PrintStream(OutputStream.nullOutputStream()), "test");
            Thread serving = new Thread(protocol::run, "serving");
            serving.start();
            in.send("position startpos");
            in.send("go ponder movetime " + MOVE_TIME_MS);
            awaitSearching(engine);
            awaitState(serving, Thread.State.WAITING); // done with go: waiting for the next line
            long hitAt;
            synchronized (protocol) {
                hitAt = System.nanoTime();
                in.send("ponderhit");
                awaitState(serving, Thread.State.BLOCKED); // it has taken the line and waits for the lock
                assertTrue(inFrame(serving, "serve"), "the serving thread is not serving ponderhit");
                in.end();
                Thread reader = readerThread();
                assertTrue(reader != null, "no reader thread");
                awaitState(reader, Thread.State.BLOCKED); // at the end of the input, waiting for the lock
            }
            serving.join(10_000);
            assertTrue(!serving.isAlive(), "still serving: " + out.text());
            long ms = (out.bestMoveAt - hitAt) / 1_000_000;
            assertTrue(out.bestMoveAt != 0 && ms >= MOVE_TIME_MS / 2,
                    "round " + round + ": bestmove " + ms + " ms after ponderhit in a " + MOVE_TIME_MS + " ms search: " + out.text());
        }
    }

    /**
     * A {@code ponderhit} that waited to be served (here 800 ms behind a busy serving thread,
     * simulated by serving it with the time it was read) keeps the clock from the moment it was
     * read: the search answers within its move time of that moment, not of the moment it was served.
     */
    @Test
    void thePonderHitClockStartsWhenTheLineWasRead() throws Exception {
        Engine engine = new Engine();
        Output out = new Output();
        UciProtocol protocol = new UciProtocol(engine, InputStream.nullInputStream(), out, new PrintStream(OutputStream.nullOutputStream()), "test");
        protocol.serve("position startpos", System.nanoTime());
        protocol.serve("go ponder movetime " + MOVE_TIME_MS, System.nanoTime());
        awaitSearching(engine);
        long readAt = System.nanoTime();
        Thread.sleep(800);
        long servedAt = System.nanoTime();
        protocol.serve("ponderhit", readAt);
        engine.waitForSearch();
        // Its move time had passed when it was served: the answer comes at once, not a move time later.
        long ms = (out.bestMoveAt - servedAt) / 1_000_000;
        assertTrue(out.bestMoveAt != 0 && ms < MOVE_TIME_MS / 2, "bestmove " + ms + " ms after ponderhit was served, "
                + (servedAt - readAt) / 1_000_000 + " ms after it was read, move time " + MOVE_TIME_MS + ": " + out.text());
    }

    private static void awaitSearching(Engine engine) throws InterruptedException {
        for (int i = 0; i < 1000 && !engine.searching(); i++) Thread.sleep(5);
        assertTrue(engine.searching(), "the ponder search did not start");
    }

    private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (t.getState() != state && System.nanoTime() < end) Thread.sleep(1);
        assertTrue(t.getState() == state, t.getName() + " is " + t.getState() + ", not " + state);
    }

    /** Whether a method of that name is on the thread's stack. */
    private static boolean inFrame(Thread t, String method) {
        for (StackTraceElement e : t.getStackTrace()) if (e.getMethodName().equals(method)) return true;
        return false;
    }

    private static Thread readerThread() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("damka-input") && t.isAlive()) return t;
        }
        return null;
    }
}
