package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The real engine, {@code java -jar target/damka.jar}, as a child process driven over pipes, the
 * way a GUI drives it. A reader thread takes every stdout line with the time it arrived (and
 * checks that it is a protocol line); stderr is collected for failure messages.
 */
final class EngineUnderTest implements AutoCloseable {
    /** Arrival of one stdout line. */
    record Line(long nanos, String text) { }

    private static final long DEFAULT_TIMEOUT_MS = 30_000;

    private final Process process;
    private final OutputStream stdin;
    private final LinkedBlockingQueue<Line> queue = new LinkedBlockingQueue<>();
    private final List<String> transcript = Collections.synchronizedList(new ArrayList<>());
    private final List<String> badLines = Collections.synchronizedList(new ArrayList<>());
    private final StringBuffer stderr = new StringBuffer();
    private final Thread outReader, errReader;

    private EngineUnderTest(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        outReader = new Thread(() -> readStdout(process.getInputStream()), "engine-stdout");
        errReader = new Thread(() -> readStderr(process.getErrorStream()), "engine-stderr");
        outReader.setDaemon(true);
        errReader.setDaemon(true);
        outReader.start();
        errReader.start();
    }

    static Path jar() {
        Path jar = Path.of(System.getProperty("damka.jar", "target/damka.jar"));
        assertTrue(Files.isRegularFile(jar), "the engine jar " + jar + " is missing: run mvn package first");
        return jar;
    }

    static EngineUnderTest start() {
        return startWithJvmOptions();
    }

    /** The engine in a JVM started with these options (e.g. {@code -Xmx128m}). */
    static EngineUnderTest startWithJvmOptions(String... jvmOptions) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-jar", jar().toString()));
        try {
            return new EngineUnderTest(new ProcessBuilder(command).start());
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the engine", e);
        }
    }

    private void readStdout(InputStream in) {
        // Latin-1 keeps every byte as one char, so a stray non-ASCII byte is seen, not hidden.
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1))) {
            String s;
            while ((s = r.readLine()) != null) {
                long now = System.nanoTime();
                if (!ProtocolLines.valid(s)) badLines.add(s);
                transcript.add(s);
                queue.add(new Line(now, s));
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    private void readStderr(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String s;
            while ((s = r.readLine()) != null) {
                if (stderr.length() < 100_000) stderr.append(s).append('\n');
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    /** Sends one command line. */
    void send(String line) {
        sendRaw((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Sends bytes as they are. */
    void sendRaw(byte[] bytes) {
        try {
            stdin.write(bytes);
            stdin.flush();
        } catch (IOException e) {
            fail("the engine stopped reading its input: " + e + "\n" + diagnostics());
        }
    }

    /** Closes the engine's input (end of file). */
    void closeInput() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** The next line, or fails after the timeout. */
    Line next(long timeoutMs) {
        try {
            Line l = queue.poll(timeoutMs, TimeUnit.MILLISECONDS);
            if (l == null) fail("no answer from the engine within " + timeoutMs + " ms\n" + diagnostics());
            return l;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A line if one arrives within the time, else null. */
    Line poll(long timeoutMs) throws InterruptedException {
        return queue.poll(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** Lines up to and including the first that matches; fails after the timeout. */
    List<Line> until(Predicate<String> last, long timeoutMs) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        List<Line> out = new ArrayList<>();
        while (true) {
            long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            Line l = next(left);
            out.add(l);
            if (last.test(l.text())) return out;
        }
    }

    List<String> untilText(Predicate<String> last, long timeoutMs) {
        return until(last, timeoutMs).stream().map(Line::text).toList();
    }

    /** Lines up to and including the next line starting with the prefix. */
    List<String> until(String prefix) {
        return untilText(s -> s.startsWith(prefix), DEFAULT_TIMEOUT_MS);
    }

    /** The next line that starts with the prefix (earlier lines are dropped). */
    String expect(String prefix) {
        List<String> lines = until(prefix);
        return lines.get(lines.size() - 1);
    }

    /** Sends a command and then isready: returns what the command printed before readyok. */
    List<String> command(String line) {
        send(line);
        return sync();
    }

    /** Sends isready and returns the lines before readyok. */
    List<String> sync() {
        send("isready");
        List<String> lines = new ArrayList<>(until("readyok"));
        lines.remove(lines.size() - 1);
        return lines;
    }

    /** Sends a command and fails unless it printed nothing (no error). */
    void quiet(String line) {
        List<String> out = command(line);
        assertEquals(List.of(), out, "'" + line + "' should print nothing");
    }

    /** The error lines a command printed (it must print only those). */
    List<String> errors(String line) {
        List<String> out = command(line);
        for (String s : out) assertTrue(s.startsWith("info string error "), "'" + line + "' printed " + s);
        return out;
    }

    /** The value of a {@code d} line "info string <key> ..." (the text after the key). */
    String display(String key) {
        for (String s : command("d")) {
            if (s.startsWith("info string " + key + " ")) return s.substring(("info string " + key + " ").length());
        }
        return fail("d printed no '" + key + "' line");
    }

    /** The current position string as the engine shows it. */
    String position() {
        return display("position");
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Waits for the process to end; returns its exit code, or fails. */
    int waitFor(long timeoutMs) {
        try {
            if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                fail("the engine did not exit\n" + diagnostics() + "\nthreads:\n" + threadDump());
            }
            outReader.join(5000);
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The engine's threads as jstack sees them (to show where it hangs), or why there is no dump. */
    String threadDump() {
        Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
        try {
            Process p = new ProcessBuilder(jstack.toString(), Long.toString(process.pid())).redirectErrorStream(true).start();
            String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return dump;
        } catch (IOException e) {
            return "(no thread dump: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    /** Lines read so far that are not protocol lines. */
    List<String> badLines() {
        synchronized (badLines) {
            return List.copyOf(badLines);
        }
    }

    List<String> transcript() {
        synchronized (transcript) {
            return List.copyOf(transcript);
        }
    }

    String stderr() {
        return stderr.toString();
    }

    String diagnostics() {
        List<String> t = transcript();
        StringBuilder reader = new StringBuilder("stdout reader alive=" + outReader.isAlive());
        for (StackTraceElement e : outReader.getStackTrace()) reader.append("\n    at ").append(e);
        return "alive=" + process.isAlive() + "\n" + reader + "\nlast output:\n  "
                + String.join("\n  ", t.subList(Math.max(0, t.size() - 20), t.size())) + "\nstderr:\n" + stderr;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                stdin.write("quit\n".getBytes(StandardCharsets.US_ASCII));
                stdin.flush();
                stdin.close();
            } catch (IOException e) {
                // not reading any more
            }
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
