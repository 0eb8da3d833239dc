package org.damka.engine;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.damka.board.Fen;
import org.damka.eval.Evaluator;
import org.damka.game.Game;
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
 * short move times on a busy machine. Done once per variant and evaluation, at isready: at least
 * {@value #MIN_MS} ms, then on while the JIT is still compiling, at most {@value #MAX_MS} ms.
 */
final class WarmUp {
    static final long MIN_MS = 300, MAX_MS = 3000;
    /** The JIT counts as settled when a round of searches this long compiled nothing more. */
    private static final long QUIET_ROUND_MS = 100;
    private static final long NODES_PER_SEARCH = 20_000;
    private static final int TABLE_MB = 1;

    private final Set<String> done = new HashSet<>();

    /** Warms up the search of this variant and evaluation, unless already done. */
    synchronized void once(Rules rules, String evaluation) {
        if (!done.add(rules.name() + " " + evaluation)) return;
        Search search = new Search(rules, Evaluator.named(rules, evaluation), TABLE_MB);
        List<Game> games = new ArrayList<>();
        for (Bench.Position p : Bench.positions()) {
            if (p.rules() == rules) games.add(new Game(rules, Fen.parse(rules, p.fen())));
        }
        SearchListener quiet = new SearchListener() {
            @Override public void info(SearchInfo info) { }
            @Override public void bestMove(String move, String ponder) { }
        };
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean measurable = jit != null && jit.isCompilationTimeMonitoringSupported();
        long start = System.nanoTime();
        long compiled = -1;
        int next = 0;
        while (true) {
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            if (elapsed >= MAX_MS) return;
            if (elapsed >= MIN_MS) {
                if (!measurable) return;
                long now = jit.getTotalCompilationTime();
                if (now == compiled) return;
                compiled = now;
            }
            long roundEnd = System.nanoTime() + QUIET_ROUND_MS * 1_000_000;
            while (System.nanoTime() < roundEnd) {
                Game g = games.get(next++ % games.size());
                search.run(g, new SearchLimits(0, 0, 0, 0, 0, 0, NODES_PER_SEARCH, QUIET_ROUND_MS, false, false), 0, quiet);
            }
        }
    }
}
