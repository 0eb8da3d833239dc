package org.damka.match;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.damka.rules.Rules;

/**
 * An engine that speaks damka's UCI-style protocol (protocol.md). Handshake: {@code uci} ...
 * {@code uciok}, {@code setoption name UCI_Variant value <variant>}, the spec's options,
 * {@code isready} ... {@code readyok}. A spec option the engine did not declare in an
 * {@code option name …} line, or an error report before {@code readyok}, fails the start, so a
 * misspelt option stops the match before its first game. A move: {@code position startpos|fen
 * <f> moves …}, {@code go …}, then {@code info … score cp|mate …} lines and {@code bestmove <move>}.
 * Error reports ({@code info string error …}, a line starting with {@code error}, Stockfish's
 * {@code No such option}) are kept for the reason of the game; other lines the client does not
 * understand are ignored (they are in the protocol log).
 *
 * <p>When the engine misses a deadline during a search, the client sends {@code stop} and waits
 * a moment for the late {@code bestmove}; an engine that still does not answer is killed, so a
 * stale reply can never be taken for the answer to a later request.
 */
public final class UciClient extends ProcessEngineClient {
    /** Score reported for "mate in n moves": this minus n (sign for the side). */
    public static final int MATE_CP = 30_000;

    /**
     * @param label     a short tag for the log (the spec's name and a worker number)
     * @param startTimeoutMs the deadline for the handshake (up to the first {@code readyok})
     * @param readyTimeoutMs the deadline for {@code readyok} before a game
     */
    public UciClient(EngineSpec spec, String label, Rules rules, long startTimeoutMs, long readyTimeoutMs, MatchLog log) {
        super(spec, label, rules, startTimeoutMs, readyTimeoutMs, log);
    }

    @Override
    protected void handshake(long deadline) throws EngineException, InterruptedException {
        process.send("uci");
        Set<String> declared = new TreeSet<>(String.CASE_INSENSITIVE_ORDER); // UCI option names ignore case
        List<String> variants = null; // the values of a UCI_Variant combo, if the engine declares one
        while (true) {
            String line = readLine(deadline).trim();
            if (line.equals("uciok")) break;
            if (line.startsWith("id name ")) idName = line.substring(8).trim();
            String option = declaredOption(line);
            if (option != null) declared.add(option);
            if ("UCI_Variant".equalsIgnoreCase(option)) variants = comboValues(line);
        }
        if (variants != null && !variants.isEmpty() && variants.stream().noneMatch(rules.name()::equalsIgnoreCase)) {
            // As for a Hub engine: a match it cannot play is stopped before its first game.
            throw new EngineException(EngineException.Kind.START_FAILED, "the engine does not play " + rules.name()
                    + " (its UCI_Variant values: " + Referee.printable(String.join(" ", variants), 300) + ")");
        }
        for (String name : spec.options().keySet()) {
            if (!declared.contains(name)) {
                throw new EngineException(EngineException.Kind.START_FAILED, "the engine has no option '" + name + "' (it declares: "
                        + (declared.isEmpty() ? "none" : Referee.printable(String.join(", ", declared), 600)) + ")");
            }
        }
        process.send("setoption name UCI_Variant value " + rules.name());
        for (Map.Entry<String, String> option : spec.options().entrySet()) {
            process.send("setoption name " + option.getKey() + " value " + option.getValue());
        }
        process.send("isready");
        skipUntil(deadline, this::isReady);
    }

    @Override
    protected String handshakeReplies() {
        return "uci … uciok, isready … readyok";
    }

    @Override
    protected void sendNewGame() throws EngineException {
        process.send("ucinewgame");
        process.send("isready");
    }

    /** {@code readyok}; anything before it (e.g. a late bestmove) is skipped. */
    @Override
    protected boolean isReady(String line) {
        return line.trim().equals("readyok");
    }

    @Override
    protected boolean endsSearch(String line) {
        return line.trim().startsWith("bestmove");
    }

    @Override
    public Reply play(String startFen, List<String> moves, SearchRequest request, long timeoutMs)
            throws EngineException, InterruptedException {
        StringBuilder position = new StringBuilder("position ");
        position.append(startFen == null ? "startpos" : "fen " + startFen);
        if (!moves.isEmpty()) position.append(" moves ").append(String.join(" ", moves));
        process.discardPending();
        process.send(position.toString());
        process.send(goCommand(request));
        long start = System.nanoTime();
        long deadline = deadlineAfter(timeoutMs);
        Integer score = null;
        while (true) {
            String line = readSearchLine(deadline, start, "bestmove");
            String t = line.trim();
            if (t.startsWith("bestmove")) {
                long elapsed = msToLastArrival(start);
                String[] words = t.split("\\s+");
                String move = words.length > 1 ? words[1] : "";
                if (!words[0].equals("bestmove")) move = t; // "bestmovex": not a reply we can read
                if (move.equals("(none)")) move = null;
                return new Reply(move, score, elapsed);
            }
            if (t.startsWith("info ")) {
                Integer s = parseScore(t);
                if (s != null) score = s;
            }
        }
    }

    /** The name in an {@code option name <name> type …} line, or null for any other line. */
    static String declaredOption(String line) {
        if (!line.startsWith("option name ")) return null;
        int type = line.indexOf(" type ");
        String name = (type < 0 ? line.substring(12) : line.substring(12, type)).trim();
        return name.isEmpty() ? null : name;
    }

    /** The values of a {@code type combo} option line ({@code var <value>} each), or null for another type. */
    static List<String> comboValues(String line) {
        String[] w = line.trim().split("\\s+");
        boolean combo = false;
        List<String> values = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < w.length; i++) {
            if (w[i].equals("type") && w[i + 1].equals("combo")) combo = true;
            if (w[i].equals("var")) values.add(w[i + 1]);
        }
        return combo ? values : null;
    }

    @Override
    protected String errorIn(String line) {
        String t = line.trim();
        if (t.startsWith("info string error")) return t.substring("info string ".length());
        if (t.regionMatches(true, 0, "error", 0, 5) || t.startsWith("No such option")) return t;
        return null;
    }

    /**
     * The score of an info line: {@code score cp <n>} or {@code score mate <n>} (a mate in n
     * moves counts as {@value #MATE_CP} - n). Lines of secondary variations (multipv above 1)
     * and unreadable numbers are ignored.
     */
    static Integer parseScore(String line) {
        String[] w = line.trim().split("\\s+");
        Integer score = null;
        for (int i = 0; i + 1 < w.length; i++) {
            if (w[i].equals("multipv") && !w[i + 1].equals("1")) return null;
            if (!w[i].equals("score") || i + 2 >= w.length) continue;
            try {
                int v = Integer.parseInt(w[i + 2]);
                if (w[i + 1].equals("cp")) score = v;
                else if (w[i + 1].equals("mate")) score = v >= 0 ? MATE_CP - v : -MATE_CP - v;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return score;
    }

    static String goCommand(SearchRequest r) {
        StringBuilder go = new StringBuilder("go");
        if (r.clock()) {
            go.append(" wtime ").append(Math.max(1, r.whiteTime())).append(" btime ").append(Math.max(1, r.blackTime()));
            if (r.whiteInc() > 0) go.append(" winc ").append(r.whiteInc());
            if (r.blackInc() > 0) go.append(" binc ").append(r.blackInc());
        }
        if (r.depth() > 0) go.append(" depth ").append(r.depth());
        if (r.nodes() > 0) go.append(" nodes ").append(r.nodes());
        if (r.moveTime() > 0) go.append(" movetime ").append(r.moveTime());
        return go.toString();
    }
}
