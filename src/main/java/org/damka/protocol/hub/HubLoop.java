package org.damka.protocol.hub;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.egdb.EgdbSettings;
import org.damka.engine.Engine;
import org.damka.engine.EngineOption;
import org.damka.movegen.Move;
import org.damka.notation.HubBoard;
import org.damka.notation.HubLine;
import org.damka.notation.WholeNumbers;
import org.damka.protocol.LineReader;
import org.damka.protocol.ProtocolOutput;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * The engine side of the Hub protocol (version 2, as used by Scan 3.1 and the Hub GUI): reads
 * command lines, drives the {@link Engine} facade and writes answers, one whole line at a time.
 *
 * <p>Contract: every command is answered as the protocol says ({@code hub} with id, params and
 * {@code wait}; {@code init} with {@code ready}; {@code ping} with {@code pong}, also during a
 * search; every {@code go} with exactly one {@code done}). A bad command or argument is answered
 * with {@code error message="..."} and changes nothing. While a search runs only {@code ping},
 * {@code ponder-hit} and {@code stop} are expected; any other command first ends the search (its
 * {@code done} is written) and is then carried out. The level is reset by {@code pos} and after
 * each {@code go}. A refused {@code pos} leaves no position to search: {@code go} then answers
 * {@code error} and a bare {@code done} until a {@code pos} is accepted or the variant changes.
 * A refused {@code level} line leaves no limits the client meant: the next {@code go} answers the
 * same way (without it, a level left empty would search until {@code stop}).
 * End of input or {@code quit} ends {@link #run()}. Nothing else is printed, and every line is
 * printable ASCII (bad input echoed in an error is escaped).
 */
public final class HubLoop {
    private static final String NAME = "damka";
    private static final String MOVE_SQUARES_VALUES = "variant position";
    /** How the engine's messages that report an error begin (UCI shows them as {@code info string error ...}). */
    private static final String ERROR_PREFIX = "error ";
    /** levelTimeMs when no clock is given (a clock may be negative: see level). */
    private static final long NO_CLOCK = Long.MIN_VALUE;

    private final Engine engine;
    private final LineReader in;
    /** Hub lines out; a failed write (nobody reads us) ends the session: {@link #clientGone}. */
    private final ProtocolOutput out;
    private HubBoard board;
    /** Why the last {@code pos} was refused, or null: while set, {@code go} searches nothing. */
    private String refusedPosition;
    /** Why a {@code level} line since the last pos or go was refused, or null: while set, {@code go} searches nothing. */
    private String refusedLevel;

    // The level (search limits) for the next go; -1 = not given (the clock: NO_CLOCK).
    private int levelDepth;
    private long levelNodes;
    private long levelMoveTimeMs;
    private long levelTimeMs;
    private long levelIncMs;
    private int levelMoves;
    private boolean levelInfinite;

    private Runnable onClientGone = () -> { };

    /** A Hub loop on an engine; the engine is switched to Scan's default variant (international). */
    public HubLoop(Engine engine, InputStream in, OutputStream out) {
        this(engine, new LineReader(in), out);
    }

    /** A Hub loop reading from a line reader (the rest of the input of a UCI session that said {@code hub}). */
    public HubLoop(Engine engine, LineReader in, OutputStream out) {
        this.engine = engine;
        this.in = in;
        this.out = new ProtocolOutput(out, this::clientGone);
        engine.setVariant(Variants.INTERNATIONAL.name());
        this.board = new HubBoard(engine.rules());
        resetLevel();
    }

    /** Reads and answers commands until {@code quit} or the end of input. */
    public void run() throws IOException {
        run(null);
    }

    /**
     * As {@link #run()}, first handling a line the caller has already read (the {@code hub} that
     * made the UCI-style loop switch protocols); null for none.
     */
    public void run(String firstLine) throws IOException {
        try {
            engine.prepareInBackground(); // a first go without init keeps its clock
            if (firstLine != null && !handle(firstLine, System.nanoTime())) return;
            LineReader.Line line;
            while ((line = in.next()) != null) {
                long received = System.nanoTime();
                if (line.tooLong()) {
                    // Not kept: a line of gigabytes would fill the memory. The search, if any, goes on.
                    String why = "line too long (" + line.bytes() + " bytes, limit " + LineReader.MAX_LINE_BYTES + ")";
                    // A pos never read leaves no position to search, as a refused one does.
                    if (line.head().trim().toLowerCase(java.util.Locale.ROOT).startsWith("pos ")) refusedPosition = why;
                    error(why + "; ignored");
                } else if (!handle(line.text(), received)) {
                    return;
                }
            }
        } finally {
            // The GUI is gone or said quit: end any search.
            engine.stopAndWait();
        }
    }

    /**
     * Handles one line read at receivedNanos ({@link System#nanoTime}): a {@code go}'s clock
     * starts then, not after a search it ends has stopped. Returns false when the loop must end.
     */
    boolean handle(String raw, long receivedNanos) {
        HubLine line = HubLine.parse(raw);
        String cmd = line.command();
        if (engine.searching()) {
            boolean keepsSearch = cmd.isEmpty() || cmd.equals("ping") || cmd.equals("ponder-hit") || cmd.equals("stop");
            if (keepsSearch && line.error() == null) {
                switch (cmd) {
                    case "ping" -> send("pong");
                    case "ponder-hit" -> engine.ponderHit(receivedNanos);
                    case "stop" -> engine.stopAndWait();
                    default -> { } // a blank line
                }
                return true;
            }
            // As Scan does: any other command ends the search first, then is carried out. An
            // unreadable one of the above is answered below, as at any other time; the search goes on.
            if (!keepsSearch) engine.stopAndWait();
        }
        if (line.error() != null) {
            if (cmd.equals("pos")) refusedPosition = "cannot read the line: " + line.error();
            if (cmd.equals("level")) refusedLevel = "cannot read the line: " + line.error();
            error("cannot read the line: " + line.error());
            return true;
        }
        try {
            switch (cmd) {
                case "" -> { }
                case "hub" -> handshake();
                case "set-param" -> {
                    setParam(line);
                    engine.prepareInBackground(); // the parameter may have dropped the search
                }
                case "init" -> init();
                case "new-game" -> engine.newGame();
                case "pos" -> position(line);
                case "level" -> level(line);
                case "go" -> go(line, receivedNanos);
                case "ping" -> send("pong");
                case "stop", "ponder-hit" -> { } // no search to act on: nothing to do
                case "quit" -> { return false; }
                default -> error("unknown command '" + cmd + "'");
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            error(e.getMessage());
        } catch (RuntimeException | Error e) {
            // A fault of ours must not end the engine, nor write to stderr (the Hub GUI reads none).
            error("internal error on '" + cmd + "': " + e);
        }
        return true;
    }

    /**
     * {@code init}: builds what the first search needs and warms the JIT up for the variant (as
     * UCI's {@code isready} does), so the first move keeps its time; {@code ready} always follows.
     */
    private void init() {
        try {
            engine.ready();
        } catch (IllegalArgumentException | IllegalStateException e) {
            error(e.getMessage()); // e.g. unreadable weights: said, and the GUI is not left waiting
        } finally {
            for (EgdbSettings.Note note : engine.takeEgdbNotes()) if (note.trouble()) error(note.text());
            send("ready");
        }
    }

    private void handshake() {
        String version = HubLoop.class.getPackage().getImplementationVersion();
        send("id " + HubLine.pair("name", NAME) + " " + HubLine.pair("version", version == null ? "dev" : version)
                + " " + HubLine.pair("author", "the damka authors") + " " + HubLine.pair("country", "none"));
        for (EngineOption o : EngineOption.ALL) {
            if (o.hubName() != null && o.type().hubName != null) send(paramLine(o));
        }
        send("param " + HubLine.pair("name", "move-squares") + " " + HubLine.pair("value", board.moveSquares().hubName())
                + " type=enum " + HubLine.pair("values", MOVE_SQUARES_VALUES));
        send("wait");
    }

    private void setParam(HubLine line) {
        String name = line.value("name");
        String value = line.value("value");
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("set-param needs name=...");
        if (value == null) throw new IllegalArgumentException("set-param name=" + name + " needs value=...");
        if (name.equalsIgnoreCase("move-squares")) {
            HubBoard.MoveSquares m = HubBoard.MoveSquares.forHubName(value);
            if (m == null) throw new IllegalArgumentException("move-squares must be variant or position, got '" + value + "'");
            board = new HubBoard(board.rules(), m);
            return;
        }
        EngineOption option = EngineOption.hubNamed(name);
        if (option == null) throw new IllegalArgumentException("unknown parameter '" + name + "'");
        if (option != EngineOption.VARIANT) {
            option.apply(engine, value);
            return;
        }
        // The Hub's variant names differ (normal is international).
        Rules r = HubBoard.rulesFor(value);
        if (r == null) {
            throw new IllegalArgumentException("unknown variant '" + value + "' (one of "
                    + String.join(" ", HubBoard.variantNames()) + ")");
        }
        option.apply(engine, r.name());
        board = new HubBoard(r, board.moveSquares());
        refusedPosition = null;
    }

    /** The handshake's {@code param} line of an engine option, in the Hub's names and types. */
    private String paramLine(EngineOption o) {
        boolean variant = o == EngineOption.VARIANT;
        StringBuilder sb = new StringBuilder("param ").append(HubLine.pair("name", o.hubName())).append(' ')
                .append(HubLine.pair("value", variant ? HubBoard.variantName(engine.rules()) : o.value(engine)))
                .append(" type=").append(o.type().hubName);
        if (o.type() == EngineOption.Type.SPIN) sb.append(" min=").append(o.min()).append(" max=").append(o.max());
        if (o.type() == EngineOption.Type.COMBO) {
            sb.append(' ').append(HubLine.pair("values", String.join(" ", variant ? HubBoard.variantNames() : o.values())));
        }
        return sb.toString();
    }

    private void position(HubLine line) {
        try {
            setPosition(line);
            refusedPosition = null;
        } catch (IllegalArgumentException e) {
            refusedPosition = e.getMessage();
            throw e;
        }
    }

    private void setPosition(HubLine line) {
        String posText = null;
        String moves = "";
        for (HubLine.Arg a : line.args()) {
            switch (a.name()) {
                case "start" -> posText = null;
                case "pos" -> {
                    if (a.value() == null) throw new IllegalArgumentException("pos needs a value: pos pos=<position>");
                    posText = a.value();
                }
                case "moves" -> moves = a.value() == null ? "" : a.value();
                default -> { } // unknown arguments are ignored, as the protocol asks
            }
        }
        Rules rules = engine.rules();
        Position start = posText == null ? Fen.parse(rules, rules.startFen()) : board.parsePosition(posText);
        List<String> tokens = moves.trim().isEmpty() ? List.of() : List.of(moves.trim().split("\\s+"));
        // The Hub GUI referees the draw rules (as with Scan): it may play on past damka's counts.
        engine.setPosition(start, board.parseLine(start, tokens), Engine.Referee.CLIENT);
        resetLevel();
    }

    private void level(HubLine line) {
        try {
            addLevel(line);
        } catch (IllegalArgumentException e) {
            refusedLevel = e.getMessage();
            throw e;
        }
    }

    /** Adds a level line to the level; a bad value changes nothing. */
    private void addLevel(HubLine line) {
        int depth = levelDepth, moves = levelMoves;
        long nodes = levelNodes, moveTime = levelMoveTimeMs, time = levelTimeMs, inc = levelIncMs;
        boolean infinite = levelInfinite;
        for (HubLine.Arg a : line.args()) {
            String v = a.value();
            switch (a.name()) {
                case "depth" -> depth = positive("depth", parseInt("depth", v));
                case "nodes" -> nodes = positive("nodes", atMost("nodes", parseLong("nodes", v), Engine.MAX_SEARCH_NODES, v));
                case "move-time" -> moveTime = Math.max(1, seconds("move-time", v)); // 0: move at once
                // pydraughts sends its clock less the increment: below 0 when the clock is below the increment.
                case "time" -> time = signedSeconds("time", v);
                // lidraughts-bot's ponder sends the increment less its move overhead: below 0 with no increment.
                case "inc" -> inc = Math.max(0, signedSeconds("inc", v));
                case "moves" -> moves = parseInt("moves", v);
                case "infinite" -> infinite = true;
                default -> { }
            }
        }
        levelDepth = depth;
        levelNodes = nodes;
        levelMoveTimeMs = moveTime;
        levelTimeMs = time;
        levelIncMs = inc;
        levelMoves = moves;
        levelInfinite = infinite;
    }

    /** A depth or node limit of 0 would mean "no limit" to the search: refused. */
    private static <N extends Number> N positive(String name, N n) {
        if (n.longValue() == 0) throw new IllegalArgumentException(name + " must be 1 or more (for no limit use level infinite)");
        return n;
    }

    /** A limit above the engine's bound (a node count beyond years of search) is refused, not clipped. */
    private static long atMost(String name, long n, long max, String text) {
        if (n > max) throw new IllegalArgumentException(name + " is too large (at most " + max + "): " + text);
        return n;
    }

    private void go(HubLine line, long receivedNanos) {
        String refusal = refusedPosition != null
                ? "no position to search: the last pos was refused (" + refusedPosition + "); send a valid pos"
                : refusedLevel != null ? "no level to search with: a level line since the last pos or go was refused (" + refusedLevel + ")"
                : null;
        if (refusal != null) {
            resetLevel();
            error(refusal);
            send("done");
            return;
        }
        boolean ponder = line.has("ponder");
        boolean analyze = line.has("analyze");
        boolean timed = levelTimeMs != NO_CLOCK;
        long inc = Math.max(0, levelIncMs);
        // The increment is added before the move; no time left (or less than none): move at once.
        long clock = timed ? Math.max(1, levelTimeMs + inc) : 0;
        boolean given = levelDepth > 0 || levelNodes > 0 || levelMoveTimeMs > 0 || timed;
        boolean infinite = levelInfinite || !given;
        SearchLimits limits = SearchLimits.NONE.withClocks(clock, inc).withMovesToGo(Math.max(0, levelMoves))
                .withDepth(Math.max(0, levelDepth)).withNodes(Math.max(0, levelNodes)).withMoveTime(Math.max(0, levelMoveTimeMs))
                .withInfinite(infinite || (analyze && !given)).withPonder(ponder);
        engine.go(limits, new Reporter(engine.game().position(), board), receivedNanos);
        resetLevel();
    }

    private void resetLevel() {
        levelDepth = -1;
        levelNodes = -1;
        levelMoveTimeMs = -1;
        levelTimeMs = NO_CLOCK;
        levelIncMs = -1;
        levelMoves = -1;
        levelInfinite = false;
        refusedLevel = null;
    }

    /** Turns the search's reports into Hub lines for the searched position. */
    private final class Reporter implements SearchListener {
        private final Position root;
        private final HubBoard hub;

        Reporter(Position root, HubBoard hub) {
            this.root = root;
            this.hub = hub;
        }

        @Override
        public void info(SearchInfo info) {
            StringBuilder sb = new StringBuilder("info");
            sb.append(" depth=").append(info.depth());
            sb.append(" score=").append(HubScore.format(info.scoreCp(), info.mateIn()));
            sb.append(" nodes=").append(info.nodes());
            sb.append(" time=").append(String.format(Locale.ROOT, "%.3f", info.timeMs() / 1000.0));
            sb.append(" nps=").append(String.format(Locale.ROOT, "%.2f", info.nps() / 1e6));
            List<String> pv = hub.formatLine(root, info.pv());
            // Always quoted: lidraughts-bot strips the first and last character of the pv value.
            if (!pv.isEmpty()) sb.append(" pv=\"").append(String.join(" ", pv)).append('"');
            send(sb.toString());
        }

        /** Hub has no free-form line: errors (e.g. a failed search) go out as {@code error}, notes are dropped. */
        @Override
        public void message(String text) {
            if (text.startsWith(ERROR_PREFIX)) error(text.substring(ERROR_PREFIX.length()));
        }

        @Override
        public void trouble(String text) {
            error(text);
        }

        @Override
        public void bestMove(Move move, Move ponder) {
            List<Move> line = new ArrayList<>();
            if (move != null) line.add(move);
            if (move != null && ponder != null) line.add(ponder);
            List<String> hubLine = hub.formatLine(root, line);
            StringBuilder sb = new StringBuilder("done");
            if (!hubLine.isEmpty()) sb.append(" move=").append(hubLine.get(0));
            if (hubLine.size() > 1) sb.append(" ponder=").append(hubLine.get(1));
            send(sb.toString());
        }
    }

    private void send(String line) {
        out.line(line);
    }

    /** Nobody reads our output any more: the search stops, then the process's action. */
    private void clientGone() {
        engine.stop();
        onClientGone.run();
    }

    /**
     * What the process does once nobody reads its output (the GUI died, or a pipe after us),
     * after the search is stopped: the command line ends the process, as a C engine dies of
     * SIGPIPE; our input may stay open for ever, and this loop reads it on its own thread.
     */
    public HubLoop onClientGone(Runnable action) {
        this.onClientGone = action;
        return this;
    }

    private void error(String message) {
        String text = HubLine.printable(message == null ? "error" : message);
        // Bad input is echoed in errors: a long line is not sent back whole.
        if (text.length() > 1000) text = text.substring(0, 1000) + "...";
        send("error " + HubLine.pair("message", text));
    }

    private static int parseInt(String name, String v) {
        long n = parseLong(name, v);
        if (n > Integer.MAX_VALUE) throw new IllegalArgumentException(name + " is too large: " + v);
        return (int) n;
    }

    private static long parseLong(String name, String v) {
        try {
            long n = WholeNumbers.parse(v == null ? "" : v.trim());
            if (n < 0) throw new IllegalArgumentException(name + " must not be negative, got " + v);
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + v + "'");
        }
    }

    /** Seconds (a real number, 0 or more) as milliseconds. */
    private static long seconds(String name, String v) {
        long ms = signedSeconds(name, v);
        if (ms < 0) throw new IllegalArgumentException(name + " must be 0 or more seconds, got " + v);
        return ms;
    }

    /** Seconds (a real number, may be negative) as milliseconds. */
    private static long signedSeconds(String name, String v) {
        if (v == null) throw new IllegalArgumentException(name + " needs a value: a number of seconds");
        double s;
        try {
            s = Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number of seconds, got '" + v + "'");
        }
        if (Double.isNaN(s)) throw new IllegalArgumentException(name + " must be a number of seconds, got " + v);
        if (!(Math.abs(s) <= 1e9)) throw new IllegalArgumentException(name + " must be at most 1e9 seconds, got " + v);
        return Math.round(s * 1000);
    }
}
