package org.damka.match;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The optional protocol log ({@code --log <file>}): every line sent to and received from every
 * engine, with the time since the match started. {@link #NONE} discards everything.
 */
public class MatchLog implements AutoCloseable {
    public static final MatchLog NONE = new MatchLog();

    private final PrintWriter out;
    private final long start = System.nanoTime();
    private volatile boolean failed;

    private MatchLog() {
        out = null;
    }

    public MatchLog(Path file) throws IOException {
        out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    }

    /** {@code direction}: '>' sent to the engine, '<' received from it, '!' from its stderr or the referee. */
    public void line(String engine, char direction, String text) {
        if (out == null) return;
        long ms = (System.nanoTime() - start) / 1_000_000;
        synchronized (out) {
            out.printf(java.util.Locale.ROOT, "%8d %s %c %s%n", ms, engine, direction, text);
            out.flush();
            if (out.checkError()) failed = true; // a PrintWriter keeps its errors to itself
        }
    }

    /** True if a line could not be written (a full disk): the log is incomplete. */
    public boolean failed() {
        return failed;
    }

    @Override
    public void close() {
        if (out != null) {
            out.close();
            if (out.checkError()) failed = true;
        }
    }
}
