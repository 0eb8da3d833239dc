package org.damka.dev;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.selfplay.SelfPlay;

/**
 * Writes the starts of {@code bench/starts/<variant>.txt}: the starts self-play would give game
 * ids 10000 to 10000 + count - 1 with seed 99 and 6 random plies (built-in opening plus random
 * plies), one position string a line. Training runs use ids below 10000 with other seeds, so
 * a match on these starts plays positions the weights were not fitted to.
 *
 * <p>Usage: {@code java -cp target/classes:target/test-classes org.damka.dev.MatchStarts
 * <variant> [count] > bench/starts/<variant>.txt}.
 */
public final class MatchStarts {
    private MatchStarts() { }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[0]);
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        SelfPlay selfPlay = new SelfPlay(new SelfPlay.Config(rules, 10000 + count, null, 1, 99, 0, 1, 6, null), System.err);
        for (int id = 10000; id < 10000 + count; id++) {
            Game start = selfPlay.start(id);
            System.out.println(Fen.format(rules, start.position()));
        }
    }
}
