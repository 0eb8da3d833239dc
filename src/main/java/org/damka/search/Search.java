package org.damka.search;

import java.util.ArrayList;
import java.util.List;

import org.damka.board.Position;
import org.damka.egdb.Egdb;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;

/**
 * The search of one variant: a transposition table shared by {@code threads} {@link Worker}s
 * (Lazy SMP: helpers search the same root, odd ones one ply deeper, and fill the shared table;
 * the main worker decides and reports), MultiPV, pondering and limits. It never prints: it
 * reports through a {@link SearchListener}. Stop requests are a volatile flag polled every few
 * hundred nodes; the main worker also checks the clock and the node limit there.
 *
 * <p>{@link #run} is not re-entrant: one search at a time per instance. Setters must be called
 * between searches.
 */
public final class Search {
    public static final int MAX_PLY = 128;
    public static final int WIN = 30_000;
    /** Scores beyond this are wins or losses found by the search. */
    public static final int WIN_BOUND = WIN - 1000;
    public static final int MAX_MULTI_PV = 64;

    private final Rules rules;
    private final Evaluator evaluator;
    // Scratch for checking the lines it reports, allocated once.
    private final MoveGenerator lineGenerator;
    private final MoveList lineMoves = new MoveList();
    private final Position linePosition = new Position();
    private final TranspositionTable tt;
    private Worker[] workers;
    /**
     * The helper threads (Threads above 1) of every search in the process, kept between searches
     * as the engine's job thread is: a thread started anew for each search may start late on a
     * loaded machine, and the search waits for it both to start and, once stopped, to end. Idle
     * ones end after a minute. Shared and static, so that no idle thread keeps a dropped search
     * (and its hash table) reachable.
     */
    private static final java.util.concurrent.ExecutorService HELPER_THREADS =
            java.util.concurrent.Executors.newCachedThreadPool(Search::helperThread);
    private static final java.util.concurrent.atomic.AtomicInteger HELPERS_MADE = new java.util.concurrent.atomic.AtomicInteger();

    private static Thread helperThread(Runnable r) {
        Thread t = new Thread(r, "damka-helper-" + HELPERS_MADE.incrementAndGet());
        t.setDaemon(true);
        return t;
    }
    private int multiPv = 1;
    private SearchParams params;

    private volatile boolean stop;
    private volatile boolean userStop;
    private volatile boolean pondering;
    /** The running search has one legal move and a clock: played as soon as it is not pondering. */
    private volatile boolean singleTimedMove;
    /** Notified by stop and ponder hit: an infinite or ponder search waits on it for its answer. */
    private final Object wakeUp = new Object();
    /** Set by {@link #prepare}: run() then keeps the flags (a stop may already have come). */
    private boolean prepared;
    /** When prepare() was called: the clock of the move runs from then. */
    private long preparedAt;
    /** When the running search started (the move's clock restarts at a ponder hit; this does not). */
    private long searchStart;
    /** The nodes the running search's last info line gave. */
    private long reportedNodes;
    /** When ponder hit was read for the prepared search (0: not yet): its clock starts then. */
    private volatile long ponderHitAt;
    private long nodeLimit;
    private volatile TimeManager time;
    /** When the last search could first answer ({@link #readyMs}). */
    private volatile long readyMs;

    public Search(Rules rules, Evaluator evaluator) {
        this(rules, evaluator, 16);
    }

    public Search(Rules rules, Evaluator evaluator, int hashMb) {
        this(rules, evaluator, new TranspositionTable(hashMb));
    }

    /** A search over a table its owner allocated (the engine sizes it within the heap). */
    public Search(Rules rules, Evaluator evaluator, TranspositionTable tt) {
        this.rules = rules;
        this.evaluator = evaluator;
        this.lineGenerator = MoveGenerator.create(rules);
        this.tt = tt;
        this.params = SearchParams.forRules(rules);
        this.workers = new Worker[] {new Worker(this, 0, rules, evaluator, tt, params)};
    }

    public Rules rules() { return rules; }

    /** Number of search threads (Lazy SMP), 1 or more. */
    public void setThreads(int n) {
        if (n < 1) throw new IllegalArgumentException("threads must be at least 1");
        if (n == workers.length) return;
        Worker[] w = new Worker[n];
        for (int i = 0; i < n; i++) w[i] = i < workers.length ? workers[i] : new Worker(this, i, rules, evaluator, tt, params);
        workers = w;
    }

    public int threads() { return workers.length; }

    /** Number of best lines to search and report (1 = normal play). */
    public void setMultiPv(int n) {
        if (n < 1 || n > MAX_MULTI_PV) throw new IllegalArgumentException("MultiPV must be 1.." + MAX_MULTI_PV);
        multiPv = n;
    }

    /** The selective-search configuration (for self-play comparisons). */
    public void setParams(SearchParams p) {
        params = p;
        for (Worker w : workers) w.params = p;
    }

    public SearchParams params() { return params; }

    /** Forgets everything learnt: the table and the move-ordering statistics. */
    public void clear() {
        tt.clear();
        clearHistory();
    }

    /** Forgets the move-ordering statistics (the table is its owner's to clear). */
    public void clearHistory() {
        for (Worker w : workers) w.clearHistory();
    }

    /** Permille of the table used by the current search. */
    public int hashFull() {
        return tt.hashFull();
    }

    /** Asks a running search to stop as soon as possible. Thread-safe. */
    public void stop() {
        userStop = true;
        stop = true;
        synchronized (wakeUp) {
            wakeUp.notifyAll();
        }
    }

    /**
     * Clears the stop and ponder flags for the next {@link #run}. Call it before starting the
     * thread that runs the search: a stop or ponder hit that arrives before that thread reaches
     * run() is then kept instead of being wiped out by it. The move's clock starts here too, so
     * the time until that thread runs counts against the move.
     */
    public void prepare(SearchLimits limits) {
        prepare(limits, System.nanoTime());
    }

    /** As {@link #prepare(SearchLimits)}, the move's clock having started at startNanos. */
    public void prepare(SearchLimits limits, long startNanos) {
        stop = false;
        userStop = false;
        pondering = limits.ponder();
        singleTimedMove = false; // known once run() has the root's moves
        ponderHitAt = 0;
        preparedAt = startNanos;
        prepared = true;
    }

    /** A pondering search becomes a normal search, its clock starting now. Ignored otherwise. */
    public void ponderHit() {
        ponderHit(System.nanoTime());
    }

    /**
     * A pondering search becomes a normal search, its clock starting at hitNanos (when the ponder
     * hit was read, {@link System#nanoTime}). Ignored otherwise. A hit that comes before the
     * search's thread has built its clock is kept for that clock.
     */
    public void ponderHit(long hitNanos) {
        if (!pondering) return;
        ponderHitAt = hitNanos;
        TimeManager t = time;
        if (t != null) t.restart(hitNanos);
        pondering = false;
        if (singleTimedMove) stop = true; // nothing to choose: answer now (it searched on for the clock's time)
        synchronized (wakeUp) {
            wakeUp.notifyAll();
        }
    }

    /** Endgame tables the search probes below the root, or null (issue 15). */
    private volatile Egdb egdb;

    /** Sets the endgame tables to probe (null: none). Not during a search. */
    public void setEgdb(Egdb tables) {
        egdb = tables == null || tables.slices() == 0 ? null : tables;
        for (Worker w : workers) w.forgetTables(); // each takes them again at its next search
    }

    Egdb egdb() {
        return egdb;
    }

    /** Positions answered by the endgame tables in the last (or current) search. */
    public long tbHits() {
        long n = 0;
        for (Worker w : workers) n += w.tbHits;
        return n;
    }

    /** Nodes searched by every thread in the last (or current) search. */
    public long nodes() {
        long n = 0;
        for (Worker w : workers) n += w.nodes;
        return n;
    }

    boolean stopped() {
        return stop;
    }

    /** Called by workers every few hundred nodes: only the main worker checks the limits. */
    void poll(Worker w) {
        if (w.index != 0) return;
        if (nodeLimit != Long.MAX_VALUE && nodes() >= nodeLimit) {
            stop = true;
        } else if (!pondering && time.hardExpired()) {
            stop = true;
        }
    }

    /**
     * Searches the game's current position within the limits and reports the best move. Returns
     * the best move, or null when the side to move has no legal move.
     */
    public Move run(Game game, SearchLimits limits, long moveOverheadMs, SearchListener listener) {
        if (!prepared) prepare(limits);
        prepared = false;
        nodeLimit = limits.nodes() > 0 ? limits.nodes() : Long.MAX_VALUE;
        Position root = game.position();
        searchStart = preparedAt;
        reportedNodes = 0;
        time = new TimeManager(limits, root.sideToMove(), moveOverheadMs, game.plies(),
                root.count(0) + root.count(1), preparedAt);
        long hit = ponderHitAt;
        if (limits.ponder() && hit != 0) time.restart(hit); // the hit came before this clock existed
        tt.newSearch();
        Worker main = workers[0];
        for (Worker w : workers) {
            w.prepare(game);
            if (!limits.searchMoves().isEmpty()) restrictRoot(w.rootMoves, limits.searchMoves());
        }
        MoveList rootMoves = main.rootMoves;
        int n = rootMoves.size();
        if (n == 0) {
            listener.bestMove(null, null);
            return null;
        }
        boolean timed = limits.moveTime() > 0 || limits.hasClock(root.sideToMove());
        int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), MAX_PLY - 1) : MAX_PLY - 1;
        int lines = Math.min(multiPv, n);
        // A forced move in a timed game is played at once: a ponder search's at its hit.
        singleTimedMove = n == 1 && timed && !limits.infinite();
        boolean forced = singleTimedMove && !pondering;

        List<java.util.concurrent.Future<?>> helpers = new ArrayList<>();
        readyMs = -1;
        try {
            for (int i = 1; i < workers.length && !forced; i++) {
                Worker w = workers[i];
                try {
                    helpers.add(HELPER_THREADS.submit(() -> helperLoop(w, maxDepth)));
                } catch (OutOfMemoryError e) { // the system refused a thread (ulimit -u): search on the ones running
                    listener.trouble("Threads " + workers.length + ": the system refused a thread (its limit on processes or threads);"
                            + " this search runs on " + i);
                    break;
                }
            }
            for (int depth = 1; depth <= maxDepth && !forced; depth++) {
                boolean complete = main.iteration(depth, lines);
                if (!complete) break;
                report(listener, main, depth, lines);
                if (depth == 1) readyMs = time.elapsedMs();
                int score = main.pvScores[0];
                if (Math.abs(score) >= WIN_BOUND && limits.depth() == 0 && depth > 2 * (WIN - Math.abs(score)) + 2) break;
                if (!pondering && !limits.infinite() && time.softExpired()) break;
            }
            if (readyMs < 0) readyMs = time.elapsedMs(); // stopped inside the first iteration, or forced
            awaitAnswerAllowed(limits);
        } finally {
            // Also when the main thread failed: no helper may outlive this search into the next.
            stop = true;
            for (java.util.concurrent.Future<?> h : helpers) awaitHelper(h, listener);
        }
        // Lazy SMP: a helper that completed a deeper iteration than the main thread knows more.
        Worker chosen = main;
        if (lines == 1) {
            for (int i = 1; i < workers.length; i++) {
                Worker w = workers[i];
                if (w.completedDepth > chosen.completedDepth && w.pvLines[0].size() > 0) chosen = w;
            }
            if (chosen != main) report(listener, chosen, chosen.completedDepth, 1);
        }
        MoveList line = chosen.completedDepth > 0 ? chosen.pvLines[0] : null;
        // An unfinished iteration that already found a better first move than the last finished one.
        if (chosen == main && lines == 1 && main.partialDepth > main.completedDepth) {
            line = main.partialLine;
            info(listener, main, main.partialDepth, main.partialScore, line, 1, true);
        }
        Move best;
        Move ponder = null;
        if (line != null && line.size() > 0) {
            List<Move> moves = legalLine(root, line, 2);
            best = moves.isEmpty() ? rootMoves.move(0) : moves.get(0);
            if (moves.size() > 1) ponder = moves.get(1);
        } else {
            best = rootMoves.move(0);
        }
        long total = nodes();
        if (total > reportedNodes) { // the nodes a node limit or a stop cut short were searched too
            long ms = searchMs();
            listener.totals(new SearchTotals(total, perSecond(total, ms), ms, tt.hashFull(), tbHits()));
        }
        listener.bestMove(best, ponder);
        return best;
    }

    /** Infinite and ponder searches answer only when told to stop (or, pondering, on ponder hit). */
    private void awaitAnswerAllowed(SearchLimits limits) {
        synchronized (wakeUp) {
            while ((limits.infinite() || pondering) && !userStop) {
                try {
                    wakeUp.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Whether the last search ended still pondering (stopped before ponder hit): no clock ran for it. */
    public boolean endedPondering() {
        return pondering;
    }

    /** The hard deadline of the last search in ms from its start (Long.MAX_VALUE when it had none). */
    public long hardLimitMs() {
        TimeManager t = time;
        return t == null ? Long.MAX_VALUE : t.hardMs();
    }

    /**
     * When the last search could first answer, in ms from its start: the end of its first
     * iteration and its report (or when it stopped without one). No search answers sooner,
     * however early its deadline; on a fresh JVM that iteration runs interpreted and can take
     * longer than a short move time.
     */
    public long readyMs() {
        return readyMs;
    }

    /** Milliseconds since the last search's clock started. */
    public long elapsedMs() {
        TimeManager t = time;
        return t == null ? 0 : t.elapsedMs();
    }

    /** Keeps only the root moves named in {@code searchmoves} (once per search). */
    private static void restrictRoot(MoveList moves, List<Move> allowed) {
        MoveList kept = new MoveList();
        for (int i = 0; i < moves.size(); i++) {
            for (Move m : allowed) {
                if (m.is(moves, i)) {
                    kept.addFrom(moves, i);
                    break;
                }
            }
        }
        moves.clear();
        for (int i = 0; i < kept.size(); i++) moves.addFrom(kept, i);
    }

    /** Waits until a stopped helper has returned (a helper's failure ends only that helper). */
    private static void awaitHelper(java.util.concurrent.Future<?> helper, SearchListener listener) {
        boolean interrupted = false;
        while (true) {
            try {
                helper.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (java.util.concurrent.ExecutionException e) {
                // The main thread's result stands; say what went wrong with the helper (the search never prints).
                listener.message("error a helper search failed: " + e.getCause());
                break;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /**
     * A helper thread of Lazy SMP: odd helpers run one ply ahead of the main thread so the
     * threads fill the shared table at different depths; a helper that falls behind skips ahead.
     */
    private void helperLoop(Worker w, int maxDepth) {
        int ahead = w.index & 1;
        int depth = 1 + ahead;
        while (depth <= maxDepth && !stop) {
            if (!w.iteration(depth, 1)) break;
            depth = Math.max(depth + 1, workers[0].completedDepth + 1 + ahead);
        }
    }

    /** The lines of a finished iteration. */
    private void report(SearchListener listener, Worker from, int depth, int lines) {
        for (int k = 0; k < lines; k++) info(listener, from, depth, from.pvScores[k], from.pvLines[k], k + 1, false);
    }

    /** Milliseconds since the running search started (its go, a ponder hit or not). */
    private long searchMs() {
        return (System.nanoTime() - searchStart) / 1_000_000;
    }

    private static long perSecond(long nodes, long ms) {
        return ms > 0 ? nodes * 1000 / ms : nodes * 1000;
    }

    private void info(SearchListener listener, Worker from, int depth, int score, MoveList line, int multiPv, boolean unfinished) {
        long ms = searchMs();
        long total = nodes();
        reportedNodes = total;
        int mate = 0;
        if (Math.abs(score) >= WIN_BOUND) {
            int plies = WIN - Math.abs(score);
            mate = score > 0 ? (plies + 1) / 2 : -(plies + 1) / 2;
        }
        listener.info(new SearchInfo(depth, from.selDepth, score, mate, total,
                perSecond(total, ms), ms, tt.hashFull(), multiPv,
                legalLine(from.stack[0], line, MAX_PLY), tbHits(), unfinished));
    }

    /** The first moves (at most max) of a line as values, stopping at the first illegal move. */
    private List<Move> legalLine(Position root, MoveList line, int max) {
        List<Move> out = new ArrayList<>();
        Position p = linePosition;
        p.copyFrom(root);
        MoveList legal = lineMoves;
        MoveGenerator generator = lineGenerator;
        for (int i = 0; i < line.size() && i < max; i++) {
            generator.generate(p, legal);
            int found = -1;
            for (int j = 0; j < legal.size(); j++) if (legal.sameMove(j, line, i)) found = j;
            if (found < 0) break;
            out.add(legal.move(found));
            legal.play(p, found);
        }
        return out;
    }
}
