package org.damka.dev;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.damka.board.Fen;
import org.damka.engine.Bench;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * The size of the search tree of engine configurations ({@link SelfPlay.Config}'s strings): nodes
 * to each even depth, summed over the variant's start position and its {@code bench} positions,
 * each searched from a fresh table, and the wall time of the whole. A quick look at what a
 * selective change does to the tree before a match tells what it does to the strength; run each
 * configuration in its own JVM when the times are compared.
 *
 * <p>Usage: {@code java -cp target/classes:target/test-classes:<picocli jar> org.damka.dev.TreeSize
 * <variant> <depth> <config>...}, e.g. {@code international 16 eval=auto eval=auto,history=success}.
 */
public final class TreeSize {
    private TreeSize() { }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[0]);
        int depth = Integer.parseInt(args[1]);
        List<String> fens = new ArrayList<>();
        fens.add(rules.startFen());
        for (Bench.Position bp : Bench.positions()) if (bp.rules().name().equals(rules.name())) fens.add(bp.fen());
        for (int c = 2; c < args.length; c++) {
            SelfPlay.Config config = SelfPlay.Config.parse(args[c]);
            long[] total = new long[depth + 1];
            long start = System.nanoTime();
            for (String fen : fens) {
                long[] nodes = new long[depth + 1];
                config.newSearch(rules).run(new Game(rules, Fen.parse(rules, fen)), SearchLimits.NONE.withDepth(depth), 0, new SearchListener() {
                    @Override public void info(SearchInfo info) { if (info.depth() <= depth && info.multiPv() <= 1) nodes[info.depth()] = info.nodes(); }
                    @Override public void bestMove(Move move, Move ponder) { }
                });
                for (int d = 0; d <= depth; d++) total[d] += nodes[d];
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-40s %6.1f s", args[c], (System.nanoTime() - start) / 1e9));
            for (int d = depth % 2 == 0 ? 2 : 1; d <= depth; d += 2) line.append(String.format(Locale.ROOT, "  d%d %,d", d, total[d]));
            System.out.println(line);
        }
    }
}
