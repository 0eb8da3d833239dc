package org.damka.dev;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.selfplay.SelfPlay;

/**
 * Writes the starts of {@code bench/starts/<variant>.txt}: the starts self-play would give game
 * ids 10000 to 10000 + count - 1 with seed 99 and 6 random plies (built-in opening plus random
 * plies), one position string a line. The training runs use another seed (21), so these are
 * other starts than theirs, though an early position can still occur inside a training game.
 *
 * <p>Usage: {@code java -cp target/classes:target/test-classes org.damka.dev.MatchStarts
 * <variant> [count] > bench/starts/<variant>.txt}.
 */
public final class MatchStarts {
    private MatchStarts() { }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[0]);
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int firstId = 10000, randomPlies = 6, threads = 1, shard = 0, shards = 1;
        long seed = 99;
        // Only the starts are wanted: no search limits and no evaluator.
        SelfPlay.Config config = SelfPlay.Config.builder(rules, null).games(firstId + count).limits(null).threads(threads).seed(seed)
                .shard(shard, shards).randomPlies(randomPlies).build();
        SelfPlay selfPlay = new SelfPlay(config, System.err);
        for (int id = firstId; id < firstId + count; id++) {
            Game start = selfPlay.start(id);
            System.out.println(Fen.format(rules, start.position()));
        }
    }
}
