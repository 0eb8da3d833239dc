package org.damka.engine;

import java.util.List;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.movegen.Perft;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * The engine facade the protocols talk to: variant, position, options, and an asynchronous
 * search on its own thread. Every setter validates first and changes nothing when it fails, so a
 * bad command leaves the previous state. Nothing here prints.
 */
public final class Engine {
    public static final int DEFAULT_HASH_MB = 16, MAX_HASH_MB = 4096;
    public static final int MAX_THREADS = 64;
    public static final int MAX_MULTI_PV = 64;
    public static final long MAX_MOVE_OVERHEAD_MS = 5000;

    private Rules rules = Variants.RUSSIAN;
    private Game game = new Game(rules, Fen.parse(rules, rules.startFen()));
    private int hashMb = DEFAULT_HASH_MB;
    private int threads = 1;
    private int multiPv = 1;
    private boolean ponder;
    private long moveOverheadMs = 10;
    private String evaluation = Evaluator.FULL;

    private Search search;
    private Thread searchThread;

    public synchronized Rules rules() { return rules; }
    /** A copy of the current game (position and history). */
    public synchronized Game game() { return game.copy(); }
    public synchronized int hashMb() { return hashMb; }
    public synchronized int threads() { return threads; }
    public synchronized int multiPv() { return multiPv; }
    public synchronized boolean ponder() { return ponder; }
    public synchronized long moveOverheadMs() { return moveOverheadMs; }
    /** The evaluation in use: {@code full} (default) or {@code material} (the baseline). */
    public synchronized String evaluation() { return evaluation; }

    /** Switches variant (and resets the position to its start). */
    public synchronized void setVariant(String name) {
        Rules r = Variants.byName(name);
        if (r == null) throw new IllegalArgumentException("unknown variant '" + name + "' (one of " + String.join(", ", Variants.names()) + ")");
        requireIdle();
        rules = r;
        game = new Game(r, Fen.parse(r, r.startFen()));
        search = null;
    }

    /**
     * Sets the position: a position string (null for the start position) and moves played from
     * it. All or nothing: on any error the previous game stays and the exception says why.
     */
    public synchronized void setPosition(String fen, List<String> moves) {
        requireIdle();
        Position start = Fen.parse(rules, fen == null ? rules.startFen() : fen);
        Game g = new Game(rules, start);
        for (int i = 0; i < moves.size(); i++) {
            if (g.result().isPresent()) {
                throw new IllegalArgumentException("move " + (i + 1) + " '" + moves.get(i) + "': the game is already over ("
                        + g.result().get() + ")");
            }
            try {
                g.play(moves.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("move " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        game = g;
    }

    /** Forgets what was learnt in the previous game (the hash table). */
    public synchronized void newGame() {
        requireIdle();
        if (search != null) search.clear();
        game = new Game(rules, game.startPosition());
    }

    /**
     * Chooses the evaluation: {@code full} (default) or {@code material} (material only, the
     * baseline for strength tests and matches). Exposed by the protocol as option "Evaluation".
     */
    public synchronized void setEvaluation(String name) {
        Evaluator.named(rules, name); // validates
        requireIdle();
        evaluation = name.trim().toLowerCase(java.util.Locale.ROOT);
        search = null;
    }

    public synchronized void setHashMb(int mb) {
        if (mb < 1 || mb > MAX_HASH_MB) throw new IllegalArgumentException("Hash must be 1.." + MAX_HASH_MB + " MB, got " + mb);
        requireIdle();
        hashMb = mb;
        if (search != null) search.setHashMb(mb);
    }

    public synchronized void setThreads(int n) {
        if (n < 1 || n > MAX_THREADS) throw new IllegalArgumentException("Threads must be 1.." + MAX_THREADS + ", got " + n);
        requireIdle();
        threads = n;
    }

    public synchronized void setMultiPv(int n) {
        if (n < 1 || n > MAX_MULTI_PV) throw new IllegalArgumentException("MultiPV must be 1.." + MAX_MULTI_PV + ", got " + n);
        multiPv = n;
    }

    public synchronized void setPonder(boolean on) {
        ponder = on;
    }

    public synchronized void setMoveOverheadMs(long ms) {
        if (ms < 0 || ms > MAX_MOVE_OVERHEAD_MS) throw new IllegalArgumentException("Move Overhead must be 0.." + MAX_MOVE_OVERHEAD_MS + " ms, got " + ms);
        moveOverheadMs = ms;
    }

    /** True while a search runs. */
    public synchronized boolean searching() {
        return searchThread != null && searchThread.isAlive();
    }

    private void requireIdle() {
        if (searching()) throw new IllegalStateException("a search is running (send stop first)");
    }

    /**
     * Starts a search of the current position on its own thread and returns at once. The
     * listener receives the reports and, last, the best move.
     */
    public synchronized void go(SearchLimits limits, SearchListener listener) {
        requireIdle();
        if (search == null) search = new Search(rules, Evaluator.named(rules, evaluation), hashMb);
        Search s = search;
        s.setThreads(threads);
        s.setMultiPv(Math.min(multiPv, Search.MAX_MULTI_PV));
        Game g = game.copy();
        long overhead = moveOverheadMs;
        searchThread = new Thread(() -> s.run(g, limits, overhead, listener), "damka-search");
        searchThread.setDaemon(true);
        searchThread.start();
    }

    /** Asks the running search to stop; its best move follows at once. */
    public void stop() {
        Search s;
        synchronized (this) {
            s = search;
        }
        if (s != null) s.stop();
    }

    /** The opponent played the expected move: the ponder search becomes a normal search. */
    public void ponderHit() {
        Search s;
        synchronized (this) {
            s = search;
        }
        if (s != null) s.ponderHit();
    }

    /** Waits until the running search (if any) has answered. */
    public void waitForSearch() throws InterruptedException {
        Thread t;
        synchronized (this) {
            t = searchThread;
        }
        if (t != null) t.join();
    }

    /** perft of the current position. */
    public synchronized long perft(int depth) {
        return new Perft(MoveGenerator.create(rules)).count(game.position(), depth);
    }

    /** Per-move perft of the current position: each legal move with its count at depth - 1. */
    public synchronized List<String[]> divide(int depth) {
        MoveList moves = new MoveList();
        long[] counts = new Perft(MoveGenerator.create(rules)).divide(game.position(), moves, depth);
        MoveNotation notation = new MoveNotation(rules);
        List<String[]> out = new java.util.ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            out.add(new String[] {notation.format(game.position(), moves, i), Long.toString(counts[i])});
        }
        return out;
    }

    /** The evaluation terms of the current position (White's view), of the evaluation in use. */
    public synchronized List<Evaluator.Term> explainEvaluation() {
        return Evaluator.named(rules, evaluation).explain(game.position());
    }

    /**
     * Searches the fixed bench positions (every variant) to their fixed depths with one thread,
     * a 16 MB table and fresh state per position, and returns the per-position lines and the
     * totals. The node total is the search's behavioural signature: the same on every run.
     *
     * @param depthOverride a depth for every position instead of the listed ones, or 0
     * @param progress      receives each per-position line as it is produced (may be null)
     */
    public synchronized Bench.Result bench(int depthOverride, java.util.function.Consumer<String> progress) {
        requireIdle();
        return Bench.run(Bench.positions(), depthOverride, progress);
    }

    /** The current position string. */
    public synchronized String fen() {
        return Fen.format(rules, game.position());
    }
}
