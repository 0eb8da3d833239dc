package org.damka.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.damka.eval.Evaluations;
import org.damka.eval.learned.LearnedWeights;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.SearchLimits;
import org.damka.selfplay.SelfPlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pipeline in small: self-play, train a few seconds, the weights file loads back bit-identical. */
class TrainTest {
    @TempDir
    Path dir;

    private static final PrintStream QUIET = new PrintStream(PrintStream.nullOutputStream());

    private static Trainer.Config config(Rules r, int threads) {
        return Trainer.Config.builder(r).epochs(6).batch(512).learningRate(1.0).l2(1e-5).validationShare(0.2).searchShare(0).seed(3)
                .threads(threads).build();
    }

    /** A small self-play file of depth-3 games with the classic evaluation. */
    private Path selfPlay(Rules r, int games, long seed) throws Exception {
        Path data = dir.resolve(r.name() + ".txt");
        new SelfPlay(SelfPlay.Config.builder(r, () -> Evaluations.named(r, "classic")).games(games)
                .limits(SearchLimits.depth(3)).threads(2).seed(seed).randomPlies(3).build(), QUIET)
                .run(data, false);
        return data;
    }

    @Test
    void validationLossFallsAndTheWeightsFileLoadsBackBitIdentical() throws Exception {
        Rules r = Variants.ENGLISH;
        Path data = selfPlay(r, 60, 11);
        Trainer trainer = new Trainer(config(r, 2), System.err);
        trainer.load(List.of(data));
        LearnedWeights w = trainer.train(LearnedWeights.initial(r));
        List<double[]> losses = trainer.losses();
        double first = losses.get(0)[1], best = losses.stream().mapToDouble(l -> l[1]).min().orElseThrow();
        assertTrue(best < first, "validation loss " + first + " never fell: " + losses.stream().map(l -> l[1]).toList());
        assertTrue(losses.get(losses.size() - 1)[0] < losses.get(0)[0], "train loss fell");

        Path file = dir.resolve("english.weights");
        w.write(file);
        assertEquals(w, LearnedWeights.read(r, file));

        // Same data and seed, another thread count: the same weights.
        Trainer again = new Trainer(config(r, 1), QUIET);
        again.load(List.of(data));
        assertEquals(w, again.train(LearnedWeights.initial(r)));
    }

    /**
     * Self-play and rescore on several threads write the games in the order they finish: the
     * same games in another order must train the same weights (the positions were taken in the
     * file's order, and a position of two games was held out as the first of them was).
     */
    @Test
    void theGamesOrderInTheFileDoesNotChangeTheWeights() throws Exception {
        Rules r = Variants.ENGLISH;
        Path data = selfPlay(r, 40, 17);
        List<String> lines = java.nio.file.Files.readAllLines(data);
        List<String> blocks = new java.util.ArrayList<>();
        StringBuilder block = new StringBuilder();
        for (String line : lines.subList(1, lines.size())) {
            block.append(line).append('\n');
            if (line.startsWith("# game ")) {
                blocks.add(block.toString());
                block.setLength(0);
            }
        }
        java.util.Collections.reverse(blocks);
        Path reversed = java.nio.file.Files.writeString(dir.resolve("reversed.txt"), lines.get(0) + "\n" + String.join("", blocks));
        Trainer.Config config = Trainer.Config.builder(r).epochs(2).batch(512).learningRate(1.0).l2(1e-5).validationShare(0.5)
                .searchShare(0.5).seed(3).threads(1).build();
        Trainer inOrder = new Trainer(config, QUIET), inReverse = new Trainer(config, QUIET);
        inOrder.load(List.of(data));
        inReverse.load(List.of(reversed));
        assertEquals(inOrder.train(LearnedWeights.initial(r)), inReverse.train(LearnedWeights.initial(r)));
    }

    /**
     * The shards of one run, given in any order, train the weights of the whole file: a game is
     * held out by its id, not by its file or the file's place on the command line.
     */
    @Test
    void shardsInAnyOrderTrainTheWeightsOfTheWholeFile() throws Exception {
        Rules r = Variants.RUSSIAN;
        Path data = selfPlay(r, 40, 19);
        List<String> lines = java.nio.file.Files.readAllLines(data);
        StringBuilder even = new StringBuilder(lines.get(0) + "\n"), odd = new StringBuilder(lines.get(0) + "\n");
        StringBuilder block = new StringBuilder();
        int games = 0;
        for (String line : lines.subList(1, lines.size())) {
            block.append(line).append('\n');
            if (line.startsWith("# game ")) {
                (games++ % 2 == 0 ? even : odd).append(block);
                block.setLength(0);
            }
        }
        Path first = java.nio.file.Files.writeString(dir.resolve("shard0.txt"), even);
        Path second = java.nio.file.Files.writeString(dir.resolve("shard1.txt"), odd);
        Trainer.Config config = Trainer.Config.builder(r).epochs(2).batch(512).learningRate(1.0).l2(1e-5).validationShare(0.3)
                .searchShare(0.5).seed(5).threads(1).build();
        List<LearnedWeights> trained = new java.util.ArrayList<>();
        for (List<Path> files : List.of(List.of(data), List.of(first, second), List.of(second, first))) {
            Trainer trainer = new Trainer(config, QUIET);
            trainer.load(files);
            trained.add(trainer.train(LearnedWeights.initial(r)));
        }
        assertEquals(trained.get(0), trained.get(1), "the whole file and its two shards");
        assertEquals(trained.get(0), trained.get(2), "the whole file and its two shards in the other order");
    }

    @Test
    void overNoBaseTheModelStartsAtEvenOddsAndLearns() throws Exception {
        Rules r = Variants.RUSSIAN;
        Path data = selfPlay(r, 40, 13);
        Trainer trainer = new Trainer(config(r, 2), QUIET);
        trainer.load(List.of(data));
        LearnedWeights w = trainer.train(LearnedWeights.initial(r, LearnedWeights.Base.NONE));
        List<double[]> losses = trainer.losses();
        // Every score 0 at the start: a win probability of 1/2, whatever the target, is a loss of ln 2.
        assertEquals(Math.log(2), losses.get(0)[1], 1e-9);
        assertTrue(losses.get(losses.size() - 1)[1] < losses.get(0)[1] - 0.01, "validation loss " + losses.stream().map(l -> l[1]).toList());
        assertEquals(LearnedWeights.Base.NONE, w.base());
        Path file = dir.resolve("russian.weights");
        w.write(file);
        assertEquals(w, LearnedWeights.read(r, file));
    }

    @Test
    void validationHoldsOutWholeGames() throws Exception {
        Rules r = Variants.ENGLISH;
        // 24 games of 5 positions each, no position in two games: a white man on 21..32 and a black
        // man on 1..10, quiet (far apart). Positions and their mirrors are all distinct.
        StringBuilder data = new StringBuilder(org.damka.selfplay.SelfPlayFile.header(r)).append('\n');
        for (int g = 0; g < 24; g++) {
            String result = g % 3 == 0 ? "1-0" : g % 3 == 1 ? "0-1" : "1/2-1/2";
            for (int k = 0; k < 5; k++) {
                data.append("W:W").append(21 + g % 12).append(":B").append(1 + k + 5 * (g / 12)).append('\t').append(result).append("\t0\n");
            }
            data.append("# game ").append(g).append(' ').append(result).append(" plies 5 positions 5\n");
        }
        Path file = java.nio.file.Files.writeString(dir.resolve("games.txt"), data);
        java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
        Trainer trainer = new Trainer(Trainer.Config.builder(r).epochs(1).batch(64).learningRate(1.0).l2(1e-5).validationShare(0.3).searchShare(0).seed(5)
                .threads(1).build(), new PrintStream(log, true));
        assertEquals(240, trainer.load(List.of(file)));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) to train, (\\d+) to validate").matcher(log.toString());
        assertTrue(m.find(), log.toString());
        int held = Integer.parseInt(m.group(2));
        // Each game brings its 5 positions and their 5 mirrors to one side of the split.
        assertTrue(held > 0 && held < 240 && held % 10 == 0, "held out " + held + " positions");
    }
}
