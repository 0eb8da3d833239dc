package org.damka.dev;

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

/** Dev utility: {@code Analyse <variant> <depth> <fen> [threads] [eval]} prints each iteration. */
public final class Analyse {
    public static void main(String[] args) {
        Rules rules = Variants.byName(args[0]);
        int depth = Integer.parseInt(args[1]);
        Game game = new Game(rules, Fen.parse(rules, args[2]));
        Search s = new Search(rules, Evaluations.named(rules, args.length > 4 ? args[4] : "full"), 64);
        if (args.length > 3) s.setThreads(Integer.parseInt(args[3]));
        s.run(game, SearchLimits.depth(depth), 0, new SearchListener() {
            public void info(SearchInfo i) {
                System.out.println("depth " + i.depth() + " sel " + i.selDepth() + " score " + i.scoreCp() + " mate " + i.mateIn()
                        + " nodes " + i.nodes() + " ms " + i.timeMs() + " nps " + i.nps() + " pv " + String.join(" ", new org.damka.movegen.MoveNotation(rules).formatLine(game.position(), i.pv())));
            }
            public void bestMove(Move m, Move p) { System.out.println("bestmove " + m + " ponder " + p); }
        });
    }
}
