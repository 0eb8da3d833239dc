package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The packaged jar run as a process for integration tests: lines to its stdin, its stdout lines
 * read with timeouts, everything it said (both streams) kept for failure messages.
 */
public final class JarProcess implements AutoCloseable {
    private final Process process;
    private final PrintWriter in;
    private final BlockingQueue<String> out = new LinkedBlockingQueue<>();
    private final List<String> transcript = Collections.synchronizedList(new ArrayList<>());

    public JarProcess(String... args) throws IOException {
        this(List.of(), args);
    }

    /** The jar run with these options for Java (system properties, heap) before {@code -jar}. */
    public JarProcess(List<String> javaOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(javaBinary()));
        cmd.addAll(javaOptions);
        cmd.addAll(List.of("-jar", jar().toString()));
        cmd.addAll(List.of(args));
        process = new ProcessBuilder(cmd).start();
        in = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
        pump(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), out, "");
        pump(new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), null, "stderr: ");
    }

    /** A process run to its end: its exit code and all it wrote on stdout and on stderr. */
    public record Finished(int exit, String out, String err) {
        /** Both streams, for failure messages and checks over everything said. */
        public String all() {
            return out + "\n" + err;
        }
    }

    /**
     * Starts the process, writes input and closes it, and waits for the end (failing after 90 s,
     * the process killed). Both streams are read while it runs, so a full pipe cannot stall it.
     */
    public static Finished runToEnd(ProcessBuilder builder, String input) throws IOException, InterruptedException {
        Process p = builder.start();
        try {
            java.util.concurrent.CompletableFuture<String> out = readAllLater(p.getInputStream());
            java.util.concurrent.CompletableFuture<String> err = readAllLater(p.getErrorStream());
            p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            if (!p.waitFor(90, TimeUnit.SECONDS)) fail("no end within 90 s: " + String.join(" ", builder.command()));
            return new Finished(p.exitValue(), out.join(), err.join());
        } finally {
            p.destroyForcibly();
        }
    }

    private static java.util.concurrent.CompletableFuture<String> readAllLater(java.io.InputStream in) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }

    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static Path jar() {
        Path p = Path.of(System.getProperty("damka.jar", "target/damka.jar"));
        assertTrue(Files.exists(p), "run 'mvn package' first: " + p + " is missing");
        return p;
    }

    private void pump(BufferedReader r, BlockingQueue<String> sink, String prefix) {
        Thread t = new Thread(() -> {
            try {
                String line;
                while ((line = r.readLine()) != null) {
                    transcript.add(prefix + "<< " + line);
                    if (sink != null) sink.add(line);
                }
            } catch (IOException e) {
                // process ended
            }
        });
        t.setDaemon(true);
        t.start();
    }

    public void send(String line) {
        transcript.add(">> " + line);
        in.println(line);
        in.flush();
    }

    /** The next stdout line, failing after the timeout. */
    public String next(long timeoutMs) throws InterruptedException {
        String line = out.poll(timeoutMs, TimeUnit.MILLISECONDS);
        if (line == null) fail("no line from the engine within " + timeoutMs + " ms\n" + transcript());
        return line;
    }

    /** The next stdout line, or null if none comes within the time. */
    public String poll(long timeoutMs) throws InterruptedException {
        return out.poll(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** Reads lines up to and including the first that matches; returns them all. */
    public List<String> until(Predicate<String> last, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        List<String> lines = new ArrayList<>();
        while (true) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) fail("timed out waiting; got " + lines + "\n" + transcript());
            String l = next(left);
            lines.add(l);
            if (last.test(l)) return lines;
        }
    }

    public boolean waitFor(long timeoutMs) throws InterruptedException {
        return process.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
    }

    public int exitValue() {
        return process.exitValue();
    }

    public void closeInput() {
        in.close();
    }

    /** What the process wrote on stderr so far. */
    public List<String> stderrLines() {
        synchronized (transcript) {
            return transcript.stream().filter(l -> l.startsWith("stderr: ")).toList();
        }
    }

    public String transcript() {
        synchronized (transcript) {
            return String.join("\n", transcript);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
