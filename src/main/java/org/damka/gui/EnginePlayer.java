package org.damka.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.egdb.EgdbSettings;
import org.damka.engine.Engine;
import org.damka.movegen.Move;
import org.damka.movegen.MoveNotation;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * The one place the gui uses {@link Engine}, through its public API only: one engine per room
 * (a small hash), searches that block the calling thread (a thread of the server's capped engine
 * pool) until the engine answers. Calls are serialised: a new search waits for a stopped one.
 * Moves cross into the engine as values: this class reads and writes their text (our notation).
 */
final class EnginePlayer {
    static final int HASH_MB = 8;
    private static final int MATE = 100_000;

    /** One principal variation of an analysis report. */
    record Line(int multiPv, int depth, int scoreCp, int mateIn, long nodes, List<String> pv) { }

    /**
     * The move chosen and what the search expects of it for the engine's side (centi-men; a win
     * ±100,000 less its moves), or null when the search gave no line (a forced move is played at
     * once, and a clock may stop the first iteration).
     */
    record Choice(String move, Integer valueCp) { }

    private final Engine engine;
    /**
     * Set by {@link #close}, which does not wait for this player's lock (a search in progress
     * reports to its room under the room's lock, which the closer holds): a job that checked its
     * room a moment before it closed then finds no engine, and searches nothing.
     */
    private volatile boolean closed;
    /** The job of the analysis running now, or null. */
    private volatile Engine.Job analysis;

    /**
     * An engine of this variant that probes the server's shared endgame tables (null: none; never
     * its own copy, hundreds of MB a room with 5 pieces, which the cap on engine rooms does not count).
     */
    EnginePlayer(String variant, EgdbSettings tables) {
        if (tables != null) {
            engine = new Engine(HASH_MB, variant, tables);
        } else {
            engine = new Engine(HASH_MB);
            engine.setEgdbPieces(0);
            engine.setVariant(variant);
        }
    }

    /** The engine's time on a room's clock when its search starts: ms left and ms added a move. */
    record Clock(long leftMs, long incrementMs) { }

    /**
     * Chooses a move for the position reached by {@code moves} from {@code startFen} at the given
     * level, within its time on the clock if there is one (null: none), with the value of the
     * best line; null when there is no move (or the search failed).
     */
    synchronized Choice chooseMove(String startFen, List<String> moves, Level level, Clock clock, Random random,
                                   BooleanSupplier stale) throws InterruptedException {
        Map<Integer, Line> last = new TreeMap<>();
        engine.setProbeTables(level.tables);
        String best = search(startFen, moves, level.lines, limits(level), clock, stale, lines -> {
            synchronized (last) {
                for (Line l : lines) last.put(l.multiPv(), l);
            }
        }, job -> { });
        if (best == null) return null;
        List<String> candidates = new ArrayList<>();
        synchronized (last) {
            Line top = last.get(1);
            if (top == null) return new Choice(best, null);
            int bestScore = value(top);
            if (level.lines == 1) return new Choice(best, bestScore);
            for (Line l : last.values()) {
                if (!l.pv().isEmpty() && l.depth() == top.depth() && value(l) >= bestScore - level.marginCp) candidates.add(l.pv().get(0));
            }
            return new Choice(candidates.isEmpty() ? best : candidates.get(random.nextInt(candidates.size())), bestScore);
        }
    }

    /** Analyses until stopped or {@code maxMs} passes, reporting the lines of each iteration. */
    synchronized void analyse(String startFen, List<String> moves, int lines, long maxMs, BooleanSupplier stale,
                              Consumer<List<Line>> report) throws InterruptedException {
        engine.setProbeTables(true);
        try {
            search(startFen, moves, lines, SearchLimits.moveTime(maxMs), null, stale, report, job -> analysis = job);
        } finally {
            analysis = null;
        }
    }

    /** Asks the running search, if any, to answer now. */
    void stop() {
        engine.stop();
    }

    /**
     * Asks the running analysis, if any, to answer now; an engine move that has started since is
     * not touched (the caller's check that its analysis still runs may be a moment old).
     */
    void stopAnalysis() {
        Engine.Job j = analysis;
        if (j != null) engine.stop(j);
    }

    /** Stops for good: the engine's thread ends and nothing holds its table any more. */
    void close() {
        closed = true;
        engine.close();
    }

    private static SearchLimits limits(Level level) {
        return level.nodes > 0 ? SearchLimits.nodes(level.nodes) : SearchLimits.moveTime(level.moveTimeMs);
    }

    private static int value(Line l) {
        if (l.mateIn() > 0) return MATE - l.mateIn();
        if (l.mateIn() < 0) return -MATE - l.mateIn();
        return l.scoreCp();
    }

    /**
     * Runs one search to its end. {@code stale} is checked once the search has started: the
     * position may have changed (and stop been sent) while this call waited for the engine.
     */
    private String search(String startFen, List<String> moves, int lines, SearchLimits limits, Clock clock, BooleanSupplier stale,
                          Consumer<List<Line>> report, Consumer<Engine.Job> started) throws InterruptedException {
        Position start = startFen == null ? engine.startPosition() : Fen.parse(engine.rules(), startFen);
        MoveNotation notation = new MoveNotation(engine.rules());
        engine.setPosition(start, notation.parseLine(start, moves));
        engine.setMultiPv(lines);
        Position root = engine.game().position();
        // The level's limit and the clock's: the engine's time manager stops at the first.
        if (clock != null) limits = limits.withClock(root.sideToMove(), Math.max(1, clock.leftMs()), clock.incrementMs());
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Move> best = new AtomicReference<>();
        Map<Integer, Line> iteration = new TreeMap<>();
        SearchListener listener = new SearchListener() {
            @Override public void info(SearchInfo info) {
                if (info.pv() == null || info.pv().isEmpty()) return;
                Line line = new Line(Math.max(1, info.multiPv()), info.depth(), info.scoreCp(), info.mateIn(), info.nodes(),
                        notation.formatLine(root, info.pv()));
                List<Line> snapshot;
                synchronized (iteration) {
                    iteration.values().removeIf(l -> l.depth() < line.depth() - 1);
                    iteration.put(line.multiPv(), line);
                    snapshot = List.copyOf(iteration.values());
                }
                report.accept(snapshot);
            }

            @Override public void bestMove(Move move, Move ponder) {
                best.set(move);
                done.countDown();
            }
        };
        Engine.Job job;
        try {
            job = engine.go(limits, listener);
        } catch (IllegalStateException e) {
            if (closed) return null; // closed meanwhile: its room is gone, nobody waits for this search
            throw e;
        }
        started.accept(job);
        if (stale.getAsBoolean()) engine.stop(job);
        try {
            done.await();
        } catch (InterruptedException e) {
            engine.stop();
            engine.waitForSearch();
            throw e;
        }
        engine.waitForSearch();
        return best.get() == null ? null : notation.format(root, best.get());
    }
}
