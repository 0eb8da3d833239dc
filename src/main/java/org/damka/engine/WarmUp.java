package org.damka.engine;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.damka.board.Fen;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.rules.Rules;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * Warms the JIT compiler up before the first real move: brief searches of the bench positions of
 * the variant, on a search and table of their own (the engine's table and statistics are not
 * touched, so later searches are the same as without it). A fresh JVM otherwise interprets the
 * search, then compiles it in the background, during the first moves of a game, and overruns
 * short move times on a busy machine. Done once per variant and process (the JIT's code serves every
 * engine), at isready. The
 * budget is CPU time of this thread, so a loaded machine gets the same amount of warming (the
 * compiler's thresholds count work, not time): {@value #MIN_CPU_MS} ms, then on while the JIT
 * still finishes compilations, within {@value #MAX_MS} ms of wall time.
 */
final class WarmUp {
    static final long MIN_CPU_MS = 500, MAX_MS = 2000;
    /** The JIT counts as settled when a round of searches this long (CPU) compiled nothing more. */
    private static final long ROUND_CPU_MS = 100;
    private static final long NODES_PER_SEARCH = 20_000;
    private static final int TABLE_MB = 1;

    private final Set<String> done = new HashSet<>();

    /**
     * Warms up the search of this variant (with that evaluation), unless this variant is done;
     * true when it warmed up now.
     */
    synchronized boolean once(Rules rules, String evaluation) {
        return once(rules, evaluation, () -> false);
    }

    /**
     * As {@link #once(Rules, String)}, given up as soon as {@code cancelled} says so (a stop or
     * quit came: nobody waits for a warm engine); the variant is then warmed at a later call.
     */
    synchronized boolean once(Rules rules, String evaluation, java.util.function.BooleanSupplier cancelled) {
        if (!done.add(rules.name())) return false;
        Search search = new Search(rules, Evaluations.named(rules, evaluation), TABLE_MB);
        List<Game> games = new ArrayList<>();
        for (Bench.Position p : Bench.positions()) {
            if (p.rules() == rules) games.add(new Game(rules, Fen.parse(rules, p.fen())));
        }
        SearchListener quiet = new SearchListener() {
            @Override public void info(SearchInfo info) { }
            @Override public void bestMove(Move move, Move ponder) { }
        };
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean measurable = jit != null && jit.isCompilationTimeMonitoringSupported();
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long wallEnd = System.nanoTime() + MAX_MS * 1_000_000;
        long cpuStart = cpu.getCurrentThreadCpuTime();
        long compiled = -1;
        int next = 0;
        while (System.nanoTime() < wallEnd) {
            if (cancelled.getAsBoolean()) {
                done.remove(rules.name());
                return false;
            }
            long cpuMs = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1_000_000;
            if (cpuMs >= MIN_CPU_MS) {
                if (!measurable) return true;
                long now = jit.getTotalCompilationTime();
                if (now == compiled) return true;
                compiled = now;
            }
            long roundEnd = cpu.getCurrentThreadCpuTime() + ROUND_CPU_MS * 1_000_000;
            while (cpu.getCurrentThreadCpuTime() < roundEnd && System.nanoTime() < wallEnd && !cancelled.getAsBoolean()) {
                Game g = games.get(next++ % games.size());
                search.run(g, SearchLimits.nodes(NODES_PER_SEARCH), 0, quiet);
            }
        }
        return true;
    }
}
