package org.damka.match;

import java.util.List;
import java.util.Map;

import org.damka.rules.Rules;

/**
 * An engine that speaks damka's UCI-style protocol (protocol.md). Handshake: {@code uci} ...
 * {@code uciok}, {@code setoption name UCI_Variant value <variant>}, the spec's options,
 * {@code isready} ... {@code readyok}. A move: {@code position startpos|fen <f> moves …},
 * {@code go …}, then {@code info … score cp|mate …} lines and {@code bestmove <move>}.
 * Lines the client does not understand are ignored (they are in the protocol log).
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
    public void start() throws EngineException, InterruptedException {
        startProcess();
        try {
            process.send("uci");
            long deadline = deadlineAfter(startTimeoutMs);
            while (true) {
                String line = process.readLine(deadline).trim();
                if (line.equals("uciok")) break;
                if (line.startsWith("id name ")) idName = line.substring(8).trim();
            }
            process.send("setoption name UCI_Variant value " + rules.name());
            for (Map.Entry<String, String> option : spec.options().entrySet()) {
                process.send("setoption name " + option.getKey() + " value " + option.getValue());
            }
            waitReady(deadline);
        } catch (EngineException e) {
            close();
            throw new EngineException(EngineException.Kind.START_FAILED, "handshake failed: " + e.getMessage());
        }
    }

    @Override
    public void newGame() throws EngineException, InterruptedException {
        try {
            process.send("ucinewgame");
            waitReady(deadlineAfter(readyTimeoutMs));
        } catch (EngineException e) {
            close(); // unresponsive: the next game gets a fresh process
            throw e;
        }
    }

    /** isready ... readyok, discarding anything that comes before (e.g. a late bestmove). */
    private void waitReady(long deadline) throws EngineException, InterruptedException {
        process.send("isready");
        while (!process.readLine(deadline).trim().equals("readyok")) {
            // skip
        }
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
                long elapsed = (System.nanoTime() - start) / 1_000_000;
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

    /** Stops a search that ran out of time; kills the engine if even that gets no answer. */
    @Override
    protected void abandonSearch() throws InterruptedException {
        try {
            process.send("stop");
            long deadline = deadlineAfter(STOP_GRACE_MS);
            while (!process.readLine(deadline).trim().startsWith("bestmove")) {
                // skip info lines
            }
        } catch (EngineException e) {
            close();
        }
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
