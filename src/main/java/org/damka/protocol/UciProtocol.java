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
import java.util.Set;

import org.damka.engine.Engine;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * The UCI-style engine protocol of protocol.md. The thread that calls {@link #run} reads the
 * input line by line and serves each command at once by calling the {@link Engine} facade;
 * searches and perft run on the engine's own thread, so {@code stop}, {@code isready} and
 * {@code quit} are answered while they run. Every reply goes through one {@link ProtocolOutput}.
 *
 * <p>Bad input never ends the loop: a command that fails for any reason answers one
 * {@code info string error <command>: <why>} line and leaves the state as it was. Blank lines are
 * ignored. At the end of the input a search that would wait for {@code stop} (infinite, ponder,
 * no limit) is stopped, a limited one is allowed to answer, and then run() returns.
 */
public final class UciProtocol {
    static final String AUTHOR = "the damka authors";
    /** Clock values are cut to this (about 30 years), so that time arithmetic cannot overflow. */
    static final long MAX_TIME_MS = 1_000_000_000_000L;
    private static final List<String> COMMANDS = List.of("uci", "isready", "setoption", "ucinewgame", "position",
            "go", "stop", "ponderhit", "quit", "d", "legalmoves", "eval", "bench");
    private static final Set<String> GO_WORDS = Set.of("wtime", "btime", "winc", "binc", "movestogo", "depth",
            "nodes", "movetime", "infinite", "ponder", "searchmoves", "perft");

    private final Engine engine;
    private final LineReader in;
    private final ProtocolOutput out;
    private final OutputStream rawOut;
    private final PrintStream err;
    private final String version;
    /** The running search waits for stop (infinite, pondering, or no limit at all). */
    private volatile boolean openEnded;
    /** What openEnded becomes on ponderhit. */
    private volatile boolean openEndedAfterPonderHit;
    private long lineNumber;

    public UciProtocol(Engine engine, InputStream in, OutputStream out, PrintStream err, String version) {
        this.engine = engine;
        this.in = new LineReader(in);
        this.out = new ProtocolOutput(out);
        this.rawOut = out;
        this.err = err;
        this.version = version;
    }

    /** Serves commands until {@code quit} or the end of the input. */
    public void run() {
        while (true) {
            LineReader.Line line;
            try {
                line = in.next();
            } catch (IOException e) {
                err.println("damka: reading input failed: " + e.getMessage());
                break;
            }
            if (line == null) break;
            lineNumber++;
            if (line.tooLong()) {
                out.error("line " + lineNumber + " is too long (" + line.bytes() + " bytes, limit "
                        + LineReader.MAX_LINE_BYTES + "); ignored");
                continue;
            }
            if (lineNumber == 1 && line.text().trim().equals("hub")) {
                switchToHub(line.text().trim());
                return;
            }
            if (!serve(line.text())) return;
        }
        // End of input: nobody can send stop any more.
        if (openEnded) engine.stop();
        awaitSearch();
    }

    /** A first line {@code hub} hands the rest of the input to the Hub protocol (protocol.md). */
    private void switchToHub(String firstLine) {
        PrintStream hubOut = rawOut instanceof PrintStream ps ? ps
                : new PrintStream(rawOut, true, java.nio.charset.StandardCharsets.US_ASCII);
        java.io.BufferedReader reader = new java.io.BufferedReader(
                new java.io.InputStreamReader(in.rest(), java.nio.charset.StandardCharsets.UTF_8));
        try {
            new org.damka.protocol.hub.HubLoop(engine, reader, hubOut).run(firstLine);
        } catch (IOException e) {
            err.println("damka: reading input failed: " + e.getMessage());
        }
    }

    /** Serves one line; false after {@code quit}. Never throws. */
    boolean serve(String text) {
        String[] t = text.trim().split("\\s+");
        if (t[0].isEmpty()) return true;
        String command = t[0].toLowerCase(Locale.ROOT);
        try {
            switch (command) {
                case "uci" -> uci();
                case "isready" -> {
                    engine.ready();
                    out.line("readyok");
                }
                case "setoption" -> setOption(t);
                case "ucinewgame" -> engine.newGame();
                case "position" -> position(t);
                case "go" -> go(t);
                case "stop" -> engine.stop();
                case "ponderhit" -> {
                    openEnded = openEndedAfterPonderHit;
                    engine.ponderHit();
                }
                case "quit" -> {
                    engine.stop();
                    awaitSearch();
                    return false;
                }
                case "d" -> display();
                case "legalmoves" -> out.info("legalmoves" + prefixed(engine.game().legalMoveTexts()));
                case "eval" -> eval();
                case "bench" -> bench(t);
                default -> out.error("unknown command '" + quote(t[0]) + "' on line " + lineNumber + " (commands: "
                        + String.join(" ", COMMANDS) + ")");
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            out.error(command + ": " + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            // A bug, not bad input: say so on both channels and go on serving.
            err.println("damka: internal error on line " + lineNumber + ": " + e);
            e.printStackTrace(err);
            out.error(command + ": internal error " + e);
        }
        return true;
    }

    private void awaitSearch() {
        try {
            engine.waitForSearch();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- uci, setoption ------------------------------------------------------------------

    private void uci() {
        out.line("id name damka " + version);
        out.line("id author " + AUTHOR);
        out.line("option name UCI_Variant type combo default " + Variants.RUSSIAN.name() + " var "
                + String.join(" var ", Variants.names()));
        out.line("option name Hash type spin default " + Engine.DEFAULT_HASH_MB + " min 1 max " + Engine.MAX_HASH_MB);
        out.line("option name Threads type spin default 1 min 1 max " + Engine.MAX_THREADS);
        out.line("option name MultiPV type spin default 1 min 1 max " + Engine.MAX_MULTI_PV);
        out.line("option name Ponder type check default false");
        out.line("option name Move Overhead type spin default " + Engine.DEFAULT_MOVE_OVERHEAD_MS + " min 0 max "
                + Engine.MAX_MOVE_OVERHEAD_MS);
        out.line("option name Evaluation type combo default " + Evaluator.CLASSIC + " var " + Evaluator.CLASSIC
                + " var " + Evaluator.LEARNED + " var " + Evaluator.MATERIAL);
        out.line("option name EvalFile type string default " + Engine.EVAL_FILE_BUILT_IN);
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
        String key = name.toLowerCase(Locale.ROOT);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("option '" + quote(name) + "' needs 'value <value>'");
        }
        switch (key) {
            case "uci_variant" -> {
                engine.setVariant(value);
                Rules r = engine.rules();
                out.info("variant " + r.name() + " board " + r.geometry().name() + " startpos " + engine.fen());
            }
            case "hash" -> engine.setHashMb((int) number(name, value, 1, Engine.MAX_HASH_MB));
            case "threads" -> engine.setThreads((int) number(name, value, 1, Engine.MAX_THREADS));
            case "multipv" -> engine.setMultiPv((int) number(name, value, 1, Engine.MAX_MULTI_PV));
            case "ponder" -> engine.setPonder(bool(name, value));
            case "move overhead" -> engine.setMoveOverheadMs(number(name, value, 0, Engine.MAX_MOVE_OVERHEAD_MS));
            case "evaluation" -> engine.setEvaluation(value);
            case "evalfile" -> engine.setEvalFile(value);
            default -> throw new IllegalArgumentException("unknown option '" + quote(name)
                    + "' (options: UCI_Variant, Hash, Threads, MultiPV, Ponder, Move Overhead, Evaluation, EvalFile)");
        }
    }

    private static boolean bool(String name, String value) {
        if (value.equalsIgnoreCase("true")) return true;
        if (value.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException(name + " must be true or false, got '" + quote(value) + "'");
    }

    /** A whole number within min..max, or an error naming the option and the range. */
    private static long number(String name, String value, long min, long max) {
        long v;
        try {
            v = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number " + min + ".." + max + ", got '"
                    + quote(value) + "'");
        }
        if (v < min || v > max) throw new IllegalArgumentException(name + " must be " + min + ".." + max + ", got " + v);
        return v;
    }

    // ---- position --------------------------------------------------------------------------

    private void position(String[] t) {
        if (t.length < 2) throw new IllegalArgumentException("expected 'position startpos|fen <position> [moves ...]'");
        int movesAt = indexOf(t, "moves", 1);
        int end = movesAt < 0 ? t.length : movesAt;
        String fen;
        if (t[1].equalsIgnoreCase("startpos")) {
            if (end > 2) throw new IllegalArgumentException("unexpected '" + quote(t[2]) + "' after startpos (expected moves)");
            fen = null;
        } else if (t[1].equalsIgnoreCase("fen")) {
            if (end <= 2) throw new IllegalArgumentException("missing position string after fen");
            fen = String.join(" ", Arrays.copyOfRange(t, 2, end));
        } else {
            throw new IllegalArgumentException("expected startpos or fen, got '" + quote(t[1]) + "'");
        }
        List<String> moves = movesAt < 0 ? List.of() : Arrays.asList(t).subList(movesAt + 1, t.length);
        engine.setPosition(fen, moves);
    }

    // ---- go --------------------------------------------------------------------------------

    private void go(String[] t) {
        long wtime = 0, btime = 0, winc = 0, binc = 0, nodes = 0, movetime = 0;
        int movestogo = 0, depth = 0, perft = 0;
        boolean infinite = false, ponder = false, clock = false;
        List<String> searchMoves = new ArrayList<>();
        for (int i = 1; i < t.length; i++) {
            String word = t[i].toLowerCase(Locale.ROOT);
            switch (word) {
                // A GUI may send zero or less when the clock is nearly out: answer at once.
                case "wtime" -> { wtime = Math.max(1, goNumber(t, ++i, word, Long.MIN_VALUE, Long.MAX_VALUE, true)); clock = true; }
                case "btime" -> { btime = Math.max(1, goNumber(t, ++i, word, Long.MIN_VALUE, Long.MAX_VALUE, true)); clock = true; }
                case "winc" -> winc = goNumber(t, ++i, word, 0, Long.MAX_VALUE, true);
                case "binc" -> binc = goNumber(t, ++i, word, 0, Long.MAX_VALUE, true);
                case "movestogo" -> movestogo = (int) goNumber(t, ++i, word, 1, 100_000, false);
                case "depth" -> depth = (int) goNumber(t, ++i, word, 1, Engine.MAX_SEARCH_DEPTH, false);
                case "nodes" -> nodes = goNumber(t, ++i, word, 1, Long.MAX_VALUE, false);
                case "movetime" -> movetime = goNumber(t, ++i, word, 1, MAX_TIME_MS, false);
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "perft" -> perft = (int) goNumber(t, ++i, word, 1, Engine.MAX_PERFT_DEPTH, false);
                case "searchmoves" -> {
                    while (i + 1 < t.length && !GO_WORDS.contains(t[i + 1].toLowerCase(Locale.ROOT))) searchMoves.add(t[++i]);
                    if (searchMoves.isEmpty()) throw new IllegalArgumentException("searchmoves needs at least one move");
                }
                default -> throw new IllegalArgumentException("unknown parameter '" + quote(t[i]) + "' (parameters: "
                        + String.join(" ", List.of("wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes",
                        "movetime", "infinite", "ponder", "searchmoves", "perft")) + ")");
            }
        }
        if (perft > 0) {
            if (t.length != 3) throw new IllegalArgumentException("perft takes only a depth: 'go perft <depth>'");
            goPerft(perft);
            return;
        }
        SearchLimits limits = new SearchLimits(wtime, btime, winc, binc, movestogo, depth, nodes, movetime,
                infinite, ponder, searchMoves);
        boolean limited = depth > 0 || nodes > 0 || movetime > 0 || clock;
        if (engine.searching()) throw new IllegalStateException("a search is running (send stop first)");
        Optional<GameResult> result = engine.game().result();
        if (result.isPresent()) {
            // Nothing to search, whatever the limits: say why and answer at once.
            out.info("result " + result.get());
            out.line("bestmove (none)");
            return;
        }
        openEndedAfterPonderHit = infinite || !limited;
        openEnded = infinite || ponder || !limited;
        try {
            engine.go(limits, new Printer(engine.multiPv()));
        } catch (RuntimeException e) {
            openEnded = false;
            throw e;
        }
    }

    /** The number after a go parameter; clock values are cut to MAX_TIME_MS. */
    private static long goNumber(String[] t, int i, String word, long min, long max, boolean time) {
        if (i >= t.length) throw new IllegalArgumentException(word + " needs a number");
        long v;
        try {
            v = Long.parseLong(t[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(word + " needs a whole number, got '" + quote(t[i]) + "'");
        }
        if (time) v = Math.min(v, MAX_TIME_MS);
        if (v < min || v > max) throw new IllegalArgumentException(word + " must be " + min + ".." + max + ", got " + v);
        return v;
    }

    private void goPerft(int depth) {
        engine.goPerft(depth, new Engine.PerftListener() {
            @Override
            public void move(String move, long count) {
                out.line(move + ": " + count);
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
    }

    /** Writes what the search reports. Called on the search thread; touches only the output. */
    private final class Printer implements SearchListener {
        private final int multiPv;

        Printer(int multiPv) {
            this.multiPv = multiPv;
        }

        @Override
        public void info(SearchInfo i) {
            StringBuilder sb = new StringBuilder("info depth ").append(i.depth()).append(" seldepth ").append(i.selDepth());
            if (i.mateIn() != 0) sb.append(" score mate ").append(i.mateIn());
            else sb.append(" score cp ").append(i.scoreCp());
            sb.append(" nodes ").append(i.nodes()).append(" nps ").append(i.nps()).append(" time ").append(i.timeMs())
                    .append(" hashfull ").append(i.hashFull());
            if (multiPv > 1) sb.append(" multipv ").append(i.multiPv());
            if (!i.pv().isEmpty()) sb.append(" pv ").append(String.join(" ", i.pv()));
            out.line(sb.toString());
        }

        @Override
        public void message(String text) {
            out.info(text);
        }

        @Override
        public void bestMove(String move, String ponder) {
            openEnded = false;
            if (move == null) out.line("bestmove (none)");
            else out.line("bestmove " + move + (ponder == null ? "" : " ponder " + ponder));
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
        out.info("option name UCI_Variant value " + r.name());
        out.info("option name Hash value " + engine.hashMb());
        out.info("option name Threads value " + engine.threads());
        out.info("option name MultiPV value " + engine.multiPv());
        out.info("option name Ponder value " + engine.ponder());
        out.info("option name Move Overhead value " + engine.moveOverheadMs());
        out.info("option name Evaluation value " + engine.evaluation());
        out.info("option name EvalFile value " + engine.evalFile());
    }

    /**
     * {@code bench [depth]}: the fixed bench searches (one thread, fresh tables) on a thread of
     * their own, reported as {@code info string} lines; the engine keeps answering meanwhile.
     */
    private void bench(String[] t) {
        if (t.length > 2) throw new IllegalArgumentException("expected 'bench [depth]'");
        int depth = t.length == 2 ? (int) number("bench depth", t[1], 1, Engine.MAX_SEARCH_DEPTH) : 0;
        Thread thread = new Thread(() -> {
            try {
                org.damka.engine.Bench.Result result = org.damka.engine.Bench.run(
                        org.damka.engine.Bench.positions(), depth, line -> out.info(line));
                out.info(result.summary());
            } catch (RuntimeException e) {
                out.error("bench: " + e.getMessage());
            }
        }, "damka-bench");
        thread.setDaemon(true);
        thread.start();
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
