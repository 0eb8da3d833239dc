package org.damka.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.egdb.EgdbSettings;
import org.damka.engine.Engine;
import org.damka.engine.EngineOption;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.movegen.Move;
import org.damka.movegen.MoveCodec;
import org.damka.movegen.MoveNotation;
import org.damka.notation.WholeNumbers;
import org.damka.rules.Rules;
import org.damka.search.SearchInfo;
import org.damka.search.SearchTotals;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * The UCI-style engine protocol of protocol.md. A reader thread takes the input line by line into
 * a queue; the thread that calls {@link #run} serves the lines in order by calling the
 * {@link Engine} facade. Searches, perft and bench run on the engine's own thread, so
 * {@code stop}, {@code isready} and {@code quit} are answered while they run. Every reply goes
 * through one {@link ProtocolOutput}.
 *
 * <p>A command that needs the engine idle ({@code position}, {@code go}, {@code setoption},
 * {@code ucinewgame}, {@code bench}) waits for a search that will end by itself or was told to
 * stop, so every {@code go} gets exactly one {@code bestmove}, in order; it is refused only while
 * a search waits for a {@code stop} that has not come (infinite, ponder). {@code isready} after
 * {@code stop} answers once the stopped search's {@code bestmove} has been written. The reader
 * also passes {@code stop} and {@code quit} on at once, so a long search behind queued commands
 * still stops at once, and so does every search asked for before the stop whose {@code go} was
 * still queued when the stop was read: it is stopped as it starts.
 *
 * <p>Bad input never ends the loop: a command that fails for any reason answers one
 * {@code info string error <command>: <why>} line and leaves the state as it was. Blank lines are
 * ignored. The end of the input ends the process, with the rule of protocol.md ("End of
 * input"): an infinite or ponder search stops at once, one limited by depth or nodes (or a perft)
 * within {@value #END_OF_INPUT_GRACE_MS} ms, one with a time limit and the bench run their course.
 */
public final class UciProtocol {
    static final String AUTHOR = "the damka authors";
    /** Clock values are cut to this (about 30 years), so that time arithmetic cannot overflow. */
    static final long MAX_TIME_MS = 1_000_000_000_000L;
    private static final List<String> COMMANDS = List.of("uci", "isready", "setoption", "ucinewgame", "position",
            "go", "stop", "ponderhit", "quit", "d", "legalmoves", "eval", "bench");
    /** The parameters of go, in the order the error message lists them; searchmoves' list ends at one. */
    private static final List<String> GO_WORDS = List.of("wtime", "btime", "winc", "binc", "movestogo", "depth",
            "nodes", "movetime", "infinite", "ponder", "searchmoves", "perft");

    /** After the end of the input, a search not limited by time gets this long to answer. */
    static final long END_OF_INPUT_GRACE_MS = 1000;

    /** What the end of the input does to the running job (protocol.md, "End of input"). */
    private enum AtEndOfInput { NOTHING, STOP, STOP_AFTER_GRACE }

    /**
     * One line from the reader thread, with when it was read and its command word (lower case,
     * "" for a too long line), read once by the reader; null line at the end of input.
     */
    private record Input(LineReader.Line line, String word, long nanos) { }

    private final Engine engine;
    private final LineReader in;
    private final java.util.concurrent.BlockingQueue<Input> queue = new java.util.concurrent.LinkedBlockingQueue<>();
    /**
     * Room left in the queue, in bytes: a client that writes faster than the engine serves waits
     * (as on a full pipe) instead of filling the heap. Far above what any GUI queues.
     */
    private final java.util.concurrent.Semaphore queueRoom = new java.util.concurrent.Semaphore(MAX_QUEUED_BYTES);
    static final int MAX_QUEUED_BYTES = 32 << 20;
    /** About what the queue keeps for a line besides its text. */
    static final int QUEUED_LINE_OVERHEAD_BYTES = 128;
    /** Set by the reader thread: nothing more will come. */
    private volatile boolean inputEnded;
    private volatile boolean quitting;
    /** A stop was sent to the running job: its answer comes by itself, soon. */
    private volatile boolean stopSent;
    /**
     * The number of the last line the reader found to be {@code stop} or {@code quit} (0: none).
     * A job started from an earlier line is stopped as it starts: the stop was meant for it,
     * though it was still waiting behind another search when the stop was read.
     */
    private volatile long stopReadAtLine;
    /**
     * The number of the last {@code stop} line read (0: none): it ends a wait for the endgame
     * tables of a d, eval or isready read before it. A quit does not: it serves the commands
     * before it first, so a script's eval then quit still gets the value.
     */
    private volatile long stopOnlyReadAtLine;
    /** The number of the last line the reader found to be {@code ponderhit} (0: none). */
    private volatile long ponderHitReadAtLine;
    /** The number of the line the last job started from. */
    private volatile long jobLine;
    /** The last job started, and what the end of the input does to it. */
    private volatile Engine.Job job;
    private volatile AtEndOfInput atEndOfInput = AtEndOfInput.NOTHING;
    /** What atEndOfInput becomes on ponderhit. */
    private volatile AtEndOfInput atEndOfInputAfterPonderHit = AtEndOfInput.NOTHING;
    private final ProtocolOutput out;
    private Runnable onClientGone = () -> { };
    private final OutputStream rawOut;
    private final PrintStream err;
    private final String version;
    private long lineNumber;
    /**
     * Why the last {@code position} command was refused, or null when it was carried out: the
     * engine keeps its older position, which a {@code go} must then not search.
     */
    private String refusedPosition;
    /** A line other than a blank one has been served: hub is no longer a first line. */
    private boolean commandSeen;

    public UciProtocol(Engine engine, InputStream in, OutputStream out, PrintStream err, String version) {
        this.engine = engine;
        this.in = new LineReader(in);
        this.out = new ProtocolOutput(out, this::clientGone);
        this.rawOut = out;
        this.err = err;
        this.version = version;
    }

    /**
     * What the process does once nobody reads its output, after the search is stopped and this
     * loop told to end as on quit (the command line ends the process; so does the Hub loop's,
     * after a first line {@code hub}). By default nothing more.
     */
    public UciProtocol onClientGone(Runnable action) {
        this.onClientGone = action;
        return this;
    }

    /**
     * Our output can no longer be written (the GUI died, or a pipe after us, while our input
     * stays open): as quit. A search would otherwise run on, printing to nobody, until the
     * input closed, which may be never.
     */
    private void clientGone() {
        quitting = true;
        stop();
        queue.add(new Input(null, "", System.nanoTime()));
        onClientGone.run();
    }

    /** Serves commands until {@code quit}, the end of the input or of the output. */
    public void run() {
        Thread reader = new Thread(this::readInput, "damka-input");
        reader.setDaemon(true);
        reader.start();
        while (true) {
            Input input;
            try {
                input = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            LineReader.Line line = input.line();
            if (line == null) break;
            queueRoom.release(charge(line));
            lineNumber++;
            boolean mayBeHub = !commandSeen;
            if (opensSession(line)) commandSeen = true;
            if (line.tooLong()) {
                String why = "line " + lineNumber + " is too long (" + line.bytes() + " bytes, limit " + LineReader.MAX_LINE_BYTES + ")";
                // A position the engine never read is refused all the same: go must not search the older one.
                if (firstWord(line.head()).equals("position")) refusedPosition = why;
                out.error(why + "; ignored");
                continue;
            }
            if (mayBeHub && isHub(line)) {
                join(reader);
                switchToHub("hub");
                return;
            }
            if (mayBeHub && misspeltHub(line)) {
                // "unknown command 'hub'" would mislead: the Hub protocol starts with the word alone
                out.error("'hub' starts the Hub protocol only alone on its line; ignored");
                continue;
            }
            // The first command, not hub: this engine's search, so that a first go without isready keeps its clock.
            if (mayBeHub && commandSeen) engine.prepareInBackground();
            if (!serve(line.text(), input.nanos())) return;
        }
        awaitIdle();
    }

    /**
     * The reader thread: queues every line with the time it was read. It acts on {@code stop}
     * and {@code quit} at once as well (they may be queued behind a command that waits for a
     * search), and on the end of the input. It stops reading after quit, and after a first line
     * {@code hub} (the Hub protocol reads the rest).
     */
    private void readInput() {
        boolean first = true;
        long linesRead = 0;
        while (true) {
            LineReader.Line line;
            try {
                line = in.next();
            } catch (IOException | RuntimeException | Error e) {
                // Whatever went wrong, the serving thread must learn that nothing more comes.
                err.println("damka: reading input failed: " + e);
                line = null;
            }
            long now = System.nanoTime();
            if (line == null) {
                inputEnded = true;
                applyEndOfInput();
                queue.add(new Input(null, "", now));
                return;
            }
            linesRead++; // numbered as the serving thread numbers them (lineNumber)
            String word = line.tooLong() ? "" : firstWord(line.text());
            if (word.equals("stop") || word.equals("quit")) stopReadAtLine = linesRead;
            if (word.equals("ponderhit")) ponderHitReadAtLine = linesRead;
            if (word.equals("stop")) {
                stopOnlyReadAtLine = linesRead;
                stop();
            }
            if (word.equals("quit")) {
                quitting = true;
                stop();
            }
            queueRoom.acquireUninterruptibly(charge(line));
            queue.add(new Input(line, word, now));
            if (word.equals("quit") || (first && isHub(line))) return;
            if (opensSession(line)) first = false;
        }
    }

    /** What a queued line counts against {@link #MAX_QUEUED_BYTES}: its text and the queue's overhead. */
    private static int charge(LineReader.Line line) {
        return (line.tooLong() ? 0 : (int) Math.min(line.bytes(), LineReader.MAX_LINE_BYTES)) + QUEUED_LINE_OVERHEAD_BYTES;
    }

    private static String firstWord(String text) {
        String[] t = text.trim().split("\\s+", 2);
        return t[0].toLowerCase(Locale.ROOT);
    }

    /**
     * Any line but a blank one ends the lines a first {@code hub} may follow; so does a
     * {@code hub} with more on its line, which is refused as if it had not come.
     */
    private static boolean opensSession(LineReader.Line line) {
        return line.tooLong() || !(line.text().isBlank() || misspeltHub(line));
    }

    /** A line that begins with the word {@code hub} but has more after it. */
    private static boolean misspeltHub(LineReader.Line line) {
        return !line.tooLong() && !isHub(line) && firstWord(line.text()).equals("hub");
    }

    private static boolean isHub(LineReader.Line line) {
        return !line.tooLong() && line.text().trim().equalsIgnoreCase("hub");
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stop() {
        stopSent = true;
        engine.stop();
    }

    /**
     * Bounds the running job once nobody can send stop any more. Called by the reader at the end
     * of the input and by the serving thread after it starts a job, so a job started from lines
     * queued before the end is bounded too.
     */
    private synchronized void applyEndOfInput() {
        if (!inputEnded || job == null) return;
        // A ponderhit read before the end comes for this job (queued, or being served): the end must not stop it first.
        switch (ponderHitReadAtLine > jobLine ? atEndOfInputAfterPonderHit : atEndOfInput) {
            case STOP -> {
                stopSent = true;
                engine.stop(job);
            }
            case STOP_AFTER_GRACE -> engine.stopAfter(job, END_OF_INPUT_GRACE_MS);
            case NOTHING -> { }
        }
    }

    /**
     * After starting a job: quit, a stop read after the job's line, or the end of the input may
     * already have come.
     */
    private void started(Engine.Job started, AtEndOfInput rule, AtEndOfInput afterPonderHit) {
        synchronized (this) {
            job = started;
            jobLine = lineNumber;
            atEndOfInput = rule;
            atEndOfInputAfterPonderHit = afterPonderHit;
        }
        if (quitting) stop();
        if (stopReadAtLine > lineNumber) {
            stopSent = true;
            engine.stop(started);
        }
        applyEndOfInput();
    }

    /**
     * Waits until the running job (if any) has answered and its thread has ended. A job that
     * waits for a stop that has not come would never end: that is refused instead.
     */
    private void awaitIdleOrRefuse() {
        if (!engine.searching()) {
            awaitIdle(); // a job that has just answered may still be returning
            return;
        }
        if (atEndOfInput == AtEndOfInput.STOP && !stopSent) {
            throw new IllegalStateException("a search is running (send stop first)");
        }
        awaitIdle();
    }

    private void awaitIdle() {
        try {
            engine.waitForSearch();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A first line {@code hub} hands the rest of the input to the Hub protocol (protocol.md). */
    private void switchToHub(String firstLine) {
        try {
            new org.damka.protocol.hub.HubLoop(engine, LineReader.continuing(in.rest()), rawOut).onClientGone(onClientGone).run(firstLine);
        } catch (IOException e) {
            err.println("damka: reading input failed: " + e.getMessage());
        }
    }

    /** Serves one line read at receivedNanos; false after {@code quit}. Never throws. */
    boolean serve(String text, long receivedNanos) {
        String[] t = text.trim().split("\\s+");
        if (t[0].isEmpty()) return true;
        String command = t[0].toLowerCase(Locale.ROOT);
        try {
            switch (command) {
                case "uci" -> uci();
                case "isready" -> {
                    // A stopped search answers first (the GUI may then send position and go at once).
                    if (stopSent) awaitIdle();
                    try {
                        if (!engine.searching()) {
                            // At the end of the input or before quit nobody waits for a warm engine,
                            // but a script checking its options still hears about bad weights or tables.
                            long line = lineNumber; // a stop read after this isready ends its waits, as a quit does
                            if (inputEnded || quitting) engine.prepare(() -> false);
                            else engine.ready(() -> stopOnlyReadAtLine > line || quitting);
                        }
                    } catch (IllegalArgumentException | IllegalStateException e) {
                        out.error("isready: " + e.getMessage()); // e.g. unreadable weights
                    } finally {
                        // A GUI waiting for readyok must never hang, whatever went wrong.
                        for (EgdbSettings.Note note : engine.takeEgdbNotes()) out.info(note.text());
                        out.line("readyok");
                    }
                }
                case "setoption" -> {
                    awaitIdleOrRefuse();
                    setOption(t);
                    engine.prepareInBackground(); // the option may have dropped the search
                }
                case "ucinewgame" -> {
                    awaitIdleOrRefuse();
                    engine.newGame();
                }
                case "position" -> {
                    try {
                        awaitIdleOrRefuse();
                        position(t);
                        refusedPosition = null;
                    } catch (IllegalArgumentException | IllegalStateException e) {
                        refusedPosition = e.getMessage();
                        throw e;
                    }
                }
                case "go" -> go(t, receivedNanos);
                case "stop" -> stop();
                case "ponderhit" -> {
                    synchronized (this) {
                        atEndOfInput = atEndOfInputAfterPonderHit;
                    }
                    engine.ponderHit(receivedNanos);
                    applyEndOfInput();
                }
                case "quit" -> {
                    stop();
                    awaitIdle();
                    return false;
                }
                case "d" -> display();
                case "legalmoves" -> out.info("legalmoves" + prefixed(engine.legalMoveTexts()));
                case "eval" -> eval();
                case "bench" -> bench(t);
                default -> out.error("unknown command '" + quote(t[0]) + "' on line " + lineNumber + " (commands: "
                        + String.join(" ", COMMANDS) + ")");
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            out.error(command + ": " + e.getMessage());
        } catch (RuntimeException | Error e) {
            // A bug, not bad input: say so on both channels and go on serving.
            err.println("damka: internal error on line " + lineNumber + ": " + e);
            e.printStackTrace(err);
            out.error(command + ": internal error " + e);
        }
        return true;
    }

    // ---- uci, setoption ------------------------------------------------------------------

    private void uci() {
        out.line("id name damka " + version);
        out.line("id author " + AUTHOR);
        for (EngineOption o : EngineOption.ALL) out.line(optionLine(o));
        out.line("uciok");
    }

    private void setOption(String[] t) {
        if (t.length < 3 || !t[1].equalsIgnoreCase("name")) {
            throw new IllegalArgumentException("expected 'setoption name <name> [value <value>]'");
        }
        int valueAt = indexOf(t, "value", 2);
        String name = String.join(" ", Arrays.copyOfRange(t, 2, valueAt < 0 ? t.length : valueAt));
        String value = valueAt < 0 ? null : String.join(" ", Arrays.copyOfRange(t, valueAt + 1, t.length));
        if (name.isEmpty()) throw new IllegalArgumentException("missing option name");
        EngineOption option = EngineOption.named(name);
        if (option == null) {
            throw new IllegalArgumentException("unknown option '" + quote(name) + "' (options: " + EngineOption.names() + ")");
        }
        option.apply(engine, value);
        if (option == EngineOption.VARIANT) {
            refusedPosition = null; // the variant's start position is set
            Rules r = engine.rules();
            out.info("variant " + r.name() + " board " + r.geometry().name() + " startpos " + engine.fen());
            evalFileNote();
        }
    }

    /** The {@code option} line of the handshake: name, type, default and range or values. */
    private static String optionLine(EngineOption o) {
        StringBuilder sb = new StringBuilder("option name ").append(o.name()).append(" type ").append(o.type().uciName());
        if (o.type() != EngineOption.Type.BUTTON) sb.append(" default ").append(o.defaultValue());
        if (o.type() == EngineOption.Type.SPIN) sb.append(" min ").append(o.min()).append(" max ").append(o.max());
        for (String v : o.values()) sb.append(" var ").append(v);
        return sb.toString();
    }

    // ---- position --------------------------------------------------------------------------

    private void position(String[] t) {
        if (t.length < 2) throw new IllegalArgumentException("expected 'position startpos|fen <position> [moves ...]'");
        int movesAt = indexOf(t, "moves", 1);
        int end = movesAt < 0 ? t.length : movesAt;
        Position start;
        if (t[1].equalsIgnoreCase("startpos")) {
            if (end > 2) throw new IllegalArgumentException("unexpected '" + quote(t[2]) + "' after startpos (expected moves)");
            start = engine.startPosition();
        } else if (t[1].equalsIgnoreCase("fen")) {
            if (end <= 2) throw new IllegalArgumentException("missing position string after fen");
            start = Fen.parse(engine.rules(), String.join(" ", Arrays.copyOfRange(t, 2, end)));
        } else {
            throw new IllegalArgumentException("expected startpos or fen, got '" + quote(t[1]) + "'");
        }
        List<String> moves = movesAt < 0 ? List.of() : Arrays.asList(t).subList(movesAt + 1, t.length);
        engine.setPosition(start, new MoveNotation(engine.rules()).parseLine(start, moves));
    }

    // ---- go --------------------------------------------------------------------------------

    private void go(String[] t, long receivedNanos) {
        // A running search answers first, also when this go turns out to be malformed: answers stay in order.
        awaitIdleOrRefuse();
        long wtime = 0, btime = 0, winc = 0, binc = 0, nodes = 0, movetime = 0;
        int movestogo = 0, depth = 0, perft = 0;
        boolean infinite = false, ponder = false, clock = false;
        List<String> searchMoves = new ArrayList<>();
        for (int i = 1; i < t.length; i++) {
            String word = t[i].toLowerCase(Locale.ROOT);
            switch (word) {
                // A GUI may send zero or less when the clock is nearly out: answer at once.
                case "wtime" -> { wtime = Math.max(1, goClock(t, ++i, word, Long.MIN_VALUE)); clock = true; }
                case "btime" -> { btime = Math.max(1, goClock(t, ++i, word, Long.MIN_VALUE)); clock = true; }
                // The GUI's clock runs whatever the values: odd ones are read leniently, never refused.
                case "winc" -> { winc = Math.max(0, goClock(t, ++i, word, Long.MIN_VALUE)); clock = true; }
                case "binc" -> { binc = Math.max(0, goClock(t, ++i, word, Long.MIN_VALUE)); clock = true; }
                case "movestogo" -> movestogo = (int) Math.max(0, goNumber(t, ++i, word, Long.MIN_VALUE, 100_000));
                case "depth" -> depth = (int) goNumber(t, ++i, word, 1, Engine.MAX_SEARCH_DEPTH);
                case "nodes" -> nodes = goNumber(t, ++i, word, 1, Engine.MAX_SEARCH_NODES);
                case "movetime" -> movetime = goNumber(t, ++i, word, 1, MAX_TIME_MS);
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "perft" -> perft = (int) goNumber(t, ++i, word, 1, Engine.MAX_PERFT_DEPTH);
                case "searchmoves" -> {
                    while (i + 1 < t.length && !GO_WORDS.contains(t[i + 1].toLowerCase(Locale.ROOT))) searchMoves.add(t[++i]);
                    if (searchMoves.isEmpty()) throw new IllegalArgumentException("searchmoves needs at least one move");
                }
                default -> throw new IllegalArgumentException("unknown parameter '" + quote(t[i]) + "' (parameters: "
                        + String.join(" ", GO_WORDS) + ")");
            }
        }
        if (perft > 0 && t.length != 3) throw new IllegalArgumentException("perft takes only a depth: 'go perft <depth>'");
        if (refusedPosition != null) {
            // The GUI's position is not the engine's: a move for the older one would be wrong or illegal.
            out.error("go: no position to search: the last position command was refused (" + refusedPosition + "); send a position");
            if (perft == 0) out.line("bestmove (none)"); // a GUI waits for its bestmove
            return;
        }
        if (perft > 0) {
            goPerft(perft);
            return;
        }
        boolean timed = movetime > 0 || clock;
        boolean limited = depth > 0 || nodes > 0 || timed;
        Optional<GameResult> result = engine.game().result();
        if (result.isPresent()) {
            // Nothing to search, whatever the limits: say why and answer at once.
            out.info("result " + result.get());
            out.line("bestmove (none)");
            return;
        }
        Position root = engine.game().position();
        // A clock given for the other side only: ours is taken as nearly out (as Stockfish does), not as no limit.
        if (clock && (root.sideToMove() == Position.WHITE ? wtime : btime) == 0) {
            if (root.sideToMove() == Position.WHITE) wtime = 1; else btime = 1;
        }
        MoveNotation notation = new MoveNotation(engine.rules());
        List<Move> rootMoves = new ArrayList<>();
        for (String m : searchMoves) {
            try {
                rootMoves.add(notation.parse(root, m));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("searchmoves: " + e.getMessage(), e);
            }
        }
        SearchLimits limits = SearchLimits.NONE.withClock(Position.WHITE, wtime, winc).withClock(Position.BLACK, btime, binc)
                .withMovesToGo(movestogo).withDepth(depth).withNodes(nodes).withMoveTime(movetime)
                .withInfinite(infinite).withPonder(ponder).withSearchMoves(rootMoves);
        AtEndOfInput afterPonderHit = infinite || !limited ? AtEndOfInput.STOP
                : timed ? AtEndOfInput.NOTHING : AtEndOfInput.STOP_AFTER_GRACE;
        stopSent = false;
        Engine.Job search = engine.go(limits, new Printer(engine.multiPv(), root, notation), receivedNanos);
        started(search, ponder ? AtEndOfInput.STOP : afterPonderHit, afterPonderHit);
    }

    /** A clock value after a go parameter, at least min, cut to MAX_TIME_MS so that time arithmetic cannot overflow. */
    private static long goClock(String[] t, int i, String word, long min) {
        return Math.min(goNumber(t, i, word, min, Long.MAX_VALUE), MAX_TIME_MS);
    }

    /** The number after a go parameter, min..max. */
    private static long goNumber(String[] t, int i, String word, long min, long max) {
        if (i >= t.length) throw new IllegalArgumentException(word + " needs a number");
        long v;
        try {
            v = WholeNumbers.parse(t[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(word + " needs a whole number, got '" + quote(t[i]) + "'");
        }
        if (v < min || v > max) {
            String range = min == Long.MIN_VALUE ? "at most " + max : min + ".." + max;
            throw new IllegalArgumentException(word + " must be " + range + ", got " + quote(t[i]));
        }
        return v;
    }

    private void goPerft(int depth) {
        Position root = engine.game().position();
        MoveNotation notation = new MoveNotation(engine.rules());
        stopSent = false;
        Engine.Job perft = engine.goPerft(depth, new Engine.PerftListener() {
            @Override
            public void move(Move move, long count) {
                out.line(notation.format(root, move) + ": " + count);
            }

            @Override
            public void finished(long total, int movesDone, int movesTotal, boolean complete) {
                if (complete) {
                    out.line("Nodes searched: " + total);
                } else {
                    out.info("perft stopped after " + movesDone + " of " + movesTotal + " moves (" + total + " nodes)");
                }
            }
        });
        started(perft, AtEndOfInput.STOP_AFTER_GRACE, AtEndOfInput.STOP_AFTER_GRACE);
    }

    /**
     * Writes what the search reports, in our notation for the searched position. Called on the
     * search thread; touches only the output.
     */
    private final class Printer implements SearchListener {
        private final int multiPv;
        private final Position root;
        private final MoveCodec notation;

        Printer(int multiPv, Position root, MoveCodec notation) {
            this.multiPv = multiPv;
            this.root = root;
            this.notation = notation;
        }

        @Override
        public void info(SearchInfo i) {
            StringBuilder sb = new StringBuilder("info depth ").append(i.depth()).append(" seldepth ").append(i.selDepth());
            if (i.mateIn() != 0) sb.append(" score mate ").append(i.mateIn());
            else sb.append(" score cp ").append(i.scoreCp());
            if (i.unfinished()) sb.append(" lowerbound");
            sb.append(" nodes ").append(i.nodes()).append(" nps ").append(i.nps()).append(" time ").append(i.timeMs())
                    .append(" hashfull ").append(i.hashFull());
            if (i.tbHits() > 0) sb.append(" tbhits ").append(i.tbHits());
            if (multiPv > 1) sb.append(" multipv ").append(i.multiPv());
            if (!i.pv().isEmpty()) sb.append(" pv ").append(String.join(" ", notation.formatLine(root, i.pv())));
            out.line(sb.toString());
        }

        @Override
        public void totals(SearchTotals t) {
            out.line("info nodes " + t.nodes() + " nps " + t.nps() + " time " + t.timeMs() + " hashfull " + t.hashFull()
                    + (t.tbHits() > 0 ? " tbhits " + t.tbHits() : ""));
        }

        @Override
        public void message(String text) {
            out.info(text);
        }

        @Override
        public void bestMove(Move move, Move ponder) {
            if (move == null) {
                out.line("bestmove (none)");
                return;
            }
            List<String> line = notation.formatLine(root, ponder == null ? List.of(move) : List.of(move, ponder));
            out.line("bestmove " + line.get(0) + (ponder == null ? "" : " ponder " + line.get(1)));
        }
    }

    // ---- d, eval ---------------------------------------------------------------------------

    private void display() {
        Rules r = engine.rules();
        Game g = engine.game();
        out.info("variant " + r.name() + " board " + r.geometry().name());
        for (String row : BoardText.draw(r.geometry(), g.position())) out.info("board " + row);
        out.info("position " + engine.fen());
        out.info("side to move " + (g.position().sideToMove() == 0 ? "white" : "black"));
        out.info("moves played " + g.plies() + prefixed(g.moves()));
        Optional<GameResult> result = g.result();
        result.ifPresent(res -> out.info("result " + res));
        for (EngineOption o : EngineOption.ALL) out.info("option name " + o.name() + " value " + o.value(engine));
        evalFileNote();
        egdbValue();
    }

    /** Says when the EvalFile option names weights the variant in force does not use. */
    private void evalFileNote() {
        String unused = engine.evalFileUnused();
        if (unused != null) out.info(unused);
    }

    /**
     * {@code bench [depth]}: the fixed bench searches (one thread, fresh tables) on the engine's
     * thread, reported as {@code info string} lines; the engine keeps answering meanwhile, and
     * {@code stop} ends it. At the end of the input the fixed bench completes; one to a depth the
     * user chose is bounded like {@code go depth} (bench 40 would run for days).
     */
    private void bench(String[] t) {
        if (t.length > 2) throw new IllegalArgumentException("expected 'bench [depth]'");
        int depth = t.length == 2 ? (int) goNumber(t, 1, "bench depth", 1, Engine.MAX_SEARCH_DEPTH) : 0;
        awaitIdleOrRefuse();
        stopSent = false;
        Engine.Job bench = engine.goBench(depth, line -> out.info(line), result -> {
            if (result.complete()) out.info(result.summary());
            else out.info("bench stopped after " + result.lines().size() + " positions (" + result.nodes() + " nodes)");
        }, e -> out.error("bench: " + e.getMessage()));
        AtEndOfInput rule = depth == 0 ? AtEndOfInput.NOTHING : AtEndOfInput.STOP_AFTER_GRACE;
        started(bench, rule, rule);
    }

    private void eval() {
        int total = 0;
        for (Evaluator.Term term : engine.explainEvaluation()) {
            out.info("eval term " + term.name() + " white " + term.white() + " black " + term.black()
                    + " total " + term.total());
            total += term.total();
        }
        boolean white = engine.game().position().sideToMove() == 0;
        out.info("eval total " + total + " (White's view); side to move " + (white ? total : -total));
        egdbValue();
    }

    /** The tables' value of the position; what loading them found first, if this loaded them. */
    private void egdbValue() {
        long line = lineNumber;
        String value = engine.egdbValue(() -> stopOnlyReadAtLine > line);
        for (EgdbSettings.Note note : engine.takeEgdbNotes()) out.info(note.text());
        out.info("egdb " + value);
    }

    // ---- helpers ---------------------------------------------------------------------------

    private static int indexOf(String[] t, String word, int from) {
        for (int i = from; i < t.length; i++) if (t[i].equalsIgnoreCase(word)) return i;
        return -1;
    }

    private static String prefixed(List<String> words) {
        return words.isEmpty() ? "" : " " + String.join(" ", words);
    }

    /** Echo of user text in an error: at most 60 characters. */
    static String quote(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
