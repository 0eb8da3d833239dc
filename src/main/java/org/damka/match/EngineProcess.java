package org.damka.match;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child process spoken to in lines. A reader thread moves the process's output lines into a
 * queue, so every read can have a deadline; the end of the output is a sentinel in that queue.
 * Standard error is drained by a second thread, which keeps its last lines for crash reports.
 * Lines longer than {@value #MAX_LINE} characters are cut (a runaway engine cannot exhaust
 * memory), and the queue is bounded (a flooding engine blocks on its own pipe).
 */
final class EngineProcess implements AutoCloseable {
    static final int MAX_LINE = 65_536;
    /** A line and when the reader thread received it ({@link System#nanoTime}). */
    private record Received(String text, long atNanos) {}
    private static final Received EOF = new Received("<eof>", 0); // compared by identity
    private static final int STDERR_TAIL = 20;

    private final String label;
    private final Process process;
    private final Writer in;
    private final BlockingQueue<Received> lines = new LinkedBlockingQueue<>(10_000);
    private long lastArrivalNanos;
    private final ArrayDeque<String> stderrTail = new ArrayDeque<>();
    private final MatchLog log;
    private volatile boolean eof;
    private volatile boolean closed;

    EngineProcess(String label, List<String> command, String dir, MatchLog log) throws EngineException {
        this.label = label;
        this.log = log;
        ProcessBuilder builder = new ProcessBuilder(command);
        if (dir != null) builder.directory(new File(dir));
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new EngineException(EngineException.Kind.START_FAILED,
                    "cannot start " + String.join(" ", command) + ": " + e.getMessage());
        }
        ProcessReaper.register(process);
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread out = new Thread(() -> pump(process.getInputStream()), "engine-out " + label);
        out.setDaemon(true);
        out.start();
        Thread err = new Thread(this::drainStderr, "engine-err " + label);
        err.setDaemon(true);
        err.start();
    }

    /** Sends one line; a closed pipe means the engine has died. */
    void send(String line) throws EngineException {
        log.line(label, '>', line);
        try {
            in.write(line);
            in.write('\n');
            in.flush();
        } catch (IOException e) {
            throw crashed("cannot write to the engine (" + e.getMessage() + ")");
        }
    }

    /** The next output line, waiting until {@code deadlineNanos} (a System.nanoTime value). */
    String readLine(long deadlineNanos) throws EngineException, InterruptedException {
        long wait = deadlineNanos - System.nanoTime();
        Received line = wait > 0 ? lines.poll(wait, TimeUnit.NANOSECONDS) : lines.poll();
        if (line == null) throw new EngineException(EngineException.Kind.TIMED_OUT, "no answer in time");
        if (line == EOF) {
            lines.offer(EOF); // every later read sees the end too
            throw crashed("the engine closed its output");
        }
        lastArrivalNanos = line.atNanos();
        return line.text();
    }

    /**
     * When the line last returned by {@link #readLine} arrived ({@link System#nanoTime}): a move
     * is timed to its answer's arrival, not to when this (possibly descheduled) reader got to it.
     */
    long lastArrivalNanos() {
        return lastArrivalNanos;
    }

    /** Discards the lines already received. */
    void discardPending() {
        Received line;
        while ((line = lines.peek()) != null && line != EOF) lines.poll();
    }

    /** True once the engine's output has ended: every line it wrote has been received. */
    boolean outputEnded() {
        return eof;
    }

    boolean alive() {
        return !closed && !eof && process.isAlive();
    }

    /** The exit code, when the process has ended; null while it runs. */
    Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    /** The last lines the engine wrote to standard error. */
    List<String> stderrTail() {
        synchronized (stderrTail) {
            return List.copyOf(stderrTail);
        }
    }

    private EngineException crashed(String what) {
        try {
            process.waitFor(200, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Integer code = exitCode();
        String message = what + (code != null ? ", exit code " + code : "");
        List<String> tail = stderrTail();
        if (!tail.isEmpty()) message += "; last stderr line: " + tail.get(tail.size() - 1);
        return new EngineException(EngineException.Kind.CRASHED, message);
    }

    /** Asks the engine to quit, then kills it (and its children) if it has not gone in time. */
    @Override
    public void close() {
        closed = true;
        try {
            if (process.isAlive()) {
                try {
                    in.write("quit\n");
                    in.flush();
                    log.line(label, '>', "quit");
                } catch (IOException ignored) {
                    // already gone
                }
                process.waitFor(500, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            ProcessReaper.kill(process);
            try {
                in.close();
            } catch (IOException ignored) {
                // the pipe is gone with the process
            }
        }
    }

    private void pump(InputStream stream) {
        try (Reader r = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = r.read()) >= 0) {
                if (c == '\n') {
                    deliver(line);
                } else if (c != '\r' && line.length() < MAX_LINE) {
                    line.append((char) c);
                }
            }
            if (line.length() > 0) deliver(line);
        } catch (IOException ignored) {
            // the process is gone: the end marker follows
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            eof = true;
            lines.offer(EOF);
        }
    }

    private void deliver(StringBuilder line) throws InterruptedException {
        long at = System.nanoTime();
        String text = line.toString();
        line.setLength(0);
        log.line(label, '<', text);
        lines.put(new Received(text, at));
    }

    private void drainStderr() {
        try (Reader r = new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = r.read()) >= 0) {
                if (c == '\n') {
                    String text = line.toString();
                    line.setLength(0);
                    log.line(label, '!', text);
                    synchronized (stderrTail) {
                        if (stderrTail.size() == STDERR_TAIL) stderrTail.removeFirst();
                        stderrTail.addLast(text);
                    }
                } else if (c != '\r' && line.length() < MAX_LINE) {
                    line.append((char) c);
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        }
    }
}
