package org.damka.protocol.hub;

import org.damka.notation.HubBoard;
import org.damka.notation.HubLine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The GUI side of the Hub protocol: starts an engine process, does the handshake and runs
 * searches ({@code pos}, {@code level}, {@code go}, then the {@code done} answer). It sends what
 * the Hub GUI and pydraughts send and accepts any engine that follows the protocol (Scan,
 * damka's own {@code hub} mode). Positions and moves are Hub texts; {@link HubBoard} converts
 * them from and to a {@link org.damka.game.Game}.
 *
 * <p>One thread drives a client; a reader thread collects the engine's lines, answering
 * {@link #ping} separately so that a ping during a search loses no line. Every wait has a
 * timeout, and an engine that dies or stays silent raises an {@link IOException} rather than
 * hanging the caller. Lines on the engine's stderr are forwarded to {@code log} (may be null).
 */
public final class HubClient implements AutoCloseable {
    /** The engine's answer to a search: its move (null if none), the expected reply, the last info. */
    public record Done(String move, String ponder, Map<String, String> info) { }

    private static final String EOF = "\u0000eof";

    private final Process process;
    private final PrintWriter toEngine;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Semaphore pongs = new Semaphore(0);
    private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, String> id = new LinkedHashMap<>();
    private final Map<String, HubLine> params = new LinkedHashMap<>();

    private HubClient(Process process, java.io.PrintStream log) {
        this.process = process;
        this.toEngine = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
        Thread out = new Thread(() -> pump(process.getInputStream()), "hub-client-stdout");
        out.setDaemon(true);
        out.start();
        Thread err = new Thread(() -> forward(process.getErrorStream(), log), "hub-client-stderr");
        err.setDaemon(true);
        err.start();
    }

    /**
     * Starts an engine (for example {@code java -jar damka.jar hub} or {@code ./scan hub}) and
     * does the handshake: {@code hub}, then {@code id} and {@code param} lines up to {@code wait}.
     */
    public static HubClient start(List<String> command, Path workDir, Duration timeout, java.io.PrintStream log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        if (workDir != null) pb.directory(workDir.toFile());
        HubClient c = new HubClient(pb.start(), log);
        try {
            c.handshake(timeout);
        } catch (IOException e) {
            c.kill();
            throw e;
        }
        return c;
    }

    private void handshake(Duration timeout) throws IOException {
        send("hub");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            HubLine l = HubLine.parse(next(deadline, "wait"));
            switch (l.command()) {
                case "wait" -> { return; }
                case "id" -> { for (HubLine.Arg a : l.args()) id.put(a.name(), a.value()); }
                case "param" -> { if (l.value("name") != null) params.put(l.value("name"), l); }
                default -> { } // engines may print other things here; the protocol says to ignore them
            }
        }
    }

    /** The engine's {@code id} fields (name, version, author, country). */
    public Map<String, String> id() { return Collections.unmodifiableMap(id); }

    /** The declared parameters by name (each the whole {@code param} line). */
    public Map<String, HubLine> params() { return Collections.unmodifiableMap(params); }

    /** The variant names the engine declares (the values of its {@code variant} enum). */
    public List<String> variants() {
        HubLine p = params.get("variant");
        if (p == null || p.value("values") == null) return List.of();
        return List.of(p.value("values").trim().split("\\s+"));
    }

    /** {@code error} lines the engine has sent so far. */
    public List<String> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    public void setParam(String name, String value) {
        send("set-param " + HubLine.pair("name", name) + " " + HubLine.pair("value", value));
    }

    /** {@code init}, then waits for {@code ready}. */
    public void init(Duration timeout) throws IOException {
        send("init");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!HubLine.parse(next(deadline, "ready")).command().equals("ready")) {
            // anything before ready is information for humans
        }
    }

    public void newGame() {
        send("new-game");
    }

    /** {@code pos pos=<position> [moves="..."]}; a null position means {@code start}. */
    public void position(String hubPosition, List<String> moves) {
        StringBuilder sb = new StringBuilder("pos ");
        sb.append(hubPosition == null ? "start" : HubLine.pair("pos", hubPosition));
        if (moves != null && !moves.isEmpty()) sb.append(' ').append(HubLine.pair("moves", String.join(" ", moves)));
        send(sb.toString());
    }

    /** A {@code level} line from its arguments, for example {@code "time=60 inc=1"} or {@code "depth=6"}. */
    public void level(String arguments) {
        send("level " + arguments);
    }

    /** {@code go think}, {@code go ponder} or {@code go analyze}; the answer is read by {@link #awaitDone}. */
    public void go(String mode) {
        send("go " + mode);
    }

    public void ponderHit() {
        send("ponder-hit");
    }

    public void stop() {
        send("stop");
    }

    /** Sends {@code ping} and waits for {@code pong} (also during a search); false on timeout. */
    public boolean ping(Duration timeout) throws InterruptedException {
        send("ping");
        return pongs.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Reads up to {@code done}, keeping the fields of the last {@code info} line. */
    public Done awaitDone(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, String> info = new LinkedHashMap<>();
        while (true) {
            HubLine l = HubLine.parse(next(deadline, "done"));
            if (l.command().equals("info")) {
                for (HubLine.Arg a : l.args()) info.put(a.name(), a.value());
            } else if (l.command().equals("done")) {
                return new Done(l.value("move"), l.value("ponder"), info);
            }
        }
    }

    /** One whole search: position, level, {@code go think}, answer. */
    public Done think(String hubPosition, List<String> moves, String level, Duration timeout) throws IOException {
        position(hubPosition, moves);
        if (level != null && !level.isBlank()) level(level);
        go("think");
        return awaitDone(timeout);
    }

    /** True while the engine process runs. */
    public boolean alive() {
        return process.isAlive();
    }

    /** Sends {@code quit} and waits for the process to end; kills it if it does not. */
    @Override
    public void close() {
        try {
            send("quit");
            if (!process.waitFor(5, TimeUnit.SECONDS)) kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }

    private void kill() {
        process.destroyForcibly();
    }

    private void send(String line) {
        synchronized (toEngine) {
            toEngine.println(line);
            toEngine.flush();
        }
    }

    /** The next line from the engine, or an IOException at end of output or timeout. */
    private String next(long deadlineNanos, String waitingFor) throws IOException {
        try {
            long left = deadlineNanos - System.nanoTime();
            String line = left > 0 ? lines.poll(left, TimeUnit.NANOSECONDS) : lines.poll();
            if (line == null) throw new IOException("engine did not answer '" + waitingFor + "' in time");
            if (line.equals(EOF)) {
                lines.add(EOF); // later calls fail the same way
                throw new IOException("engine ended while waiting for '" + waitingFor + "'");
            }
            return line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for '" + waitingFor + "'");
        }
    }

    private void pump(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String t = line.strip();
                if (t.isEmpty()) continue;
                String cmd = HubLine.parse(t).command();
                if (cmd.equals("pong")) {
                    pongs.release();
                } else {
                    if (cmd.equals("error")) errors.add(t);
                    lines.add(t);
                }
            }
        } catch (IOException e) {
            // the process is gone: EOF below tells the waiting side
        }
        lines.add(EOF);
    }

    private static void forward(InputStream in, java.io.PrintStream log) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (log != null) log.println("engine stderr: " + line);
            }
        } catch (IOException e) {
            // nothing more to forward
        }
    }
}
