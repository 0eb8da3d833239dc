package org.damka.engine;

import java.util.HashSet;
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
 * touched, so later searches are the same as without it). A fresh JVM otherwise interprets and
 * compiles the search during the first moves of a game and overruns short move times. Done once
 * per variant and evaluation, at isready, within {@value #BUDGET_MS} ms.
 */
final class WarmUp {
    static final int BUDGET_MS = 400;
    private static final long NODES_PER_POSITION = 60_000;
    private static final int TABLE_MB = 1;

    private final Set<String> done = new HashSet<>();

    /** Warms up the search of this variant and evaluation, unless already done. */
    synchronized void once(Rules rules, String evaluation) {
        if (!done.add(rules.name() + " " + evaluation)) return;
        Search search = new Search(rules, Evaluator.named(rules, evaluation), TABLE_MB);
        long deadline = System.nanoTime() + BUDGET_MS * 1_000_000L;
        SearchListener quiet = new SearchListener() {
            @Override public void info(SearchInfo info) { }
            @Override public void bestMove(String move, String ponder) { }
        };
        for (int round = 0; round < 4 && System.nanoTime() < deadline; round++) {
            for (Bench.Position p : Bench.positions()) {
                if (p.rules() != rules) continue;
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) return;
                SearchLimits limits = new SearchLimits(0, 0, 0, 0, 0, 0, NODES_PER_POSITION, left, false, false);
                search.run(new Game(rules, Fen.parse(rules, p.fen())), limits, 0, quiet);
            }
        }
    }
}
