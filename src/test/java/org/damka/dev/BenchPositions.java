package org.damka.dev;

import java.util.SplittableRandom;

import org.damka.board.Fen;
import org.damka.eval.Evaluations;
import org.damka.game.Game;
import org.damka.movegen.Move;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.Search;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * Dev utility that produced the positions of src/main/resources/bench.txt: for each variant, a
 * seeded self-play game (3 random opening plies, then 5000 nodes a move) sampled at a few plies,
 * plus the first position in which a king stands on the board. Printed as {@code variant fen}.
 */
public final class BenchPositions {
    public static void main(String[] args) {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 7;
        int[] samples = {8, 20, 34, 50};
        for (Rules rules : Variants.all()) {
            SplittableRandom random = new SplittableRandom(seed);
            Game game = SelfPlay.opening(rules, random, 3);
            Search search = new Search(rules, Evaluations.forRules(rules), 16);
            SearchListener quiet = new SearchListener() {
                public void info(SearchInfo i) { }
                public void bestMove(Move m, Move p) { }
            };
            boolean kingPrinted = false;
            int s = 0;
            while (game.result().isEmpty() && game.plies() < 160) {
                var p = game.position();
                boolean kings = p.kingCount(0) > 0 && p.kingCount(1) > 0 && rules.geometry().cells() != 80
                        || (rules.geometry().cells() == 80 && p.count(0) + p.count(1) <= 14);
                if (s < samples.length && game.plies() == samples[s]) {
                    System.out.println(rules.name() + " " + Fen.format(rules, p));
                    s++;
                }
                if (kings && !kingPrinted && game.plies() > samples[samples.length - 1]) {
                    System.out.println(rules.name() + " " + Fen.format(rules, p));
                    kingPrinted = true;
                }
                game.play(search.run(game, SearchLimits.nodes(5000), 0, quiet));
            }
        }
    }
}
