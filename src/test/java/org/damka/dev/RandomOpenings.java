package org.damka.dev;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.SplittableRandom;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * Writes distinct openings of 3 to 5 random plies from the start position, one position string a
 * line, for {@code damka match --openings}: a fixed-node match between two engine processes is
 * deterministic, so it needs more distinct openings than the built-in sets have.
 *
 * <p>Usage: {@code java -cp target/classes:target/test-classes org.damka.dev.RandomOpenings
 * <variant> <count> <seed> > openings.txt}.
 */
public final class RandomOpenings {
    private RandomOpenings() { }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[0]);
        int count = Integer.parseInt(args[1]);
        SplittableRandom random = new SplittableRandom(Long.parseLong(args[2]));
        Set<String> openings = new LinkedHashSet<>();
        while (openings.size() < count) {
            Game game = new Game(rules, Fen.parse(rules, rules.startFen()));
            int plies = 3 + random.nextInt(3);
            boolean playable = true;
            for (int i = 0; i < plies && playable; i++) {
                MoveList moves = game.legalMoves(new MoveList());
                playable = moves.size() > 0;
                if (playable) game.play(moves, random.nextInt(moves.size()));
            }
            if (playable && game.result().isEmpty()) openings.add(Fen.format(rules, game.position()));
        }
        openings.forEach(System.out::println);
    }
}
