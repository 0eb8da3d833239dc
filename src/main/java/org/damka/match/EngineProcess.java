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

import org.damka.files.FileErrors;

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
    /** How often a wait for a line checks that the engine still runs; how long its last lines may take after it exits. */
    private static final long EXIT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100), EXIT_GRACE_MS = 100;

    private final String label;
    private final Process process;
    private final Writer in;
    private final BlockingQueue<Received> lines = new LinkedBlockingQueue<>(10_000);
    private long lastArrivalNanos;
    private final ArrayDeque<String> stderrTail = new ArrayDeque<>();
    private final MatchLog log;
    private volatile boolean eof;
    private volatile boolean closed;
    private final Thread stderrReader;
    private long childrenSeenAt;

    EngineProcess(String label, List<String> command, String dir, MatchLog log) throws EngineException {
        this.label = label;
        this.log = log;
        ProcessBuilder builder = new ProcessBuilder(ProcessReaper.command(command, dir));
        if (dir != null) builder.directory(new File(dir));
        try {
            process = builder.start();
        } catch (IOException e) {
            String line = String.join(" ", command);
            boolean undecoded = FileErrors.undecoded(line) || dir != null && FileErrors.undecoded(dir);
            throw new EngineException(EngineException.Kind.START_FAILED, "cannot start " + line + ": " + e.getMessage()
                    + (undecoded ? "; " + FileErrors.unnamable("its name") : ""));
        }
        ProcessReaper.register(process);
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread out = new Thread(() -> pump(process.getInputStream()), "engine-out " + label);
        out.setDaemon(true);
        out.start();
        stderrReader = new Thread(this::drainStderr, "engine-err " + label);
        stderrReader.setDaemon(true);
        stderrReader.start();
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

    /**
     * The next output line, waiting until {@code deadlineNanos} (a System.nanoTime value). An
     * engine that has exited is a crash even while a child it left keeps its output open.
     */
    String readLine(long deadlineNanos) throws EngineException, InterruptedException {
        Received line;
        while (true) {
            long wait = deadlineNanos - System.nanoTime();
            line = wait > 0 ? lines.poll(Math.min(wait, EXIT_CHECK_NANOS), TimeUnit.NANOSECONDS) : lines.poll();
            if (line != null) break;
            if (!process.isAlive()) {
                line = lines.poll(EXIT_GRACE_MS, TimeUnit.MILLISECONDS); // lines still in the pipe
                if (line != null) break;
                throw crashed("the engine exited");
            }
            if (wait <= EXIT_CHECK_NANOS) throw new EngineException(EngineException.Kind.TIMED_OUT, "no answer in time");
        }
        noteChildren();
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
            stderrReader.join(200); // the engine's last words on stderr, when it wrote any
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Integer code = exitCode();
        String message = what + (code != null ? ", exit code " + code : "");
        List<String> tail = stderrTail();
        if (!tail.isEmpty()) message += "; last stderr line: " + Referee.printable(tail.get(tail.size() - 1), ProcessEngineClient.MAX_REPORT);
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

    /**
     * Has the reaper remember the engine's children, at most once a second: one that outlives
     * the engine is still killed, by {@link #close} or by Ctrl-C.
     */
    private void noteChildren() {
        long now = System.nanoTime();
        if (now - childrenSeenAt < TimeUnit.SECONDS.toNanos(1) && childrenSeenAt != 0) return;
        childrenSeenAt = now;
        ProcessReaper.noteChildren(process);
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
