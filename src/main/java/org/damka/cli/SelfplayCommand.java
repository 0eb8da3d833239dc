package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.damka.rules.Rules;
import org.damka.selfplay.SelfPlay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code damka selfplay}: damka plays itself and appends the kept positions to a file (README, "Train the evaluation"). */
@Command(name = "selfplay", mixinStandardHelpOptions = true,
        description = "Play damka against itself and append quiet positions with result and score to a file.")
final class SelfplayCommand implements Callable<Integer> {
    @Option(names = "--variant", defaultValue = "russian", converter = VariantConverter.class,
            description = "russian, brazilian, international, english or hexagonal (default: ${DEFAULT-VALUE})")
    Rules rules;

    @Option(names = "--games", required = true, description = "games in all shards together")
    int games;

    @Option(names = "--nodes", description = "nodes per move")
    Long nodes;

    @Option(names = "--depth", description = "depth per move, 1..60 (when --nodes is not given; default 6)")
    Integer depth;

    @Option(names = "--threads", defaultValue = "1", description = "games played at once (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the random opening plies (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--shard", defaultValue = "0/1", description = "i/n: play only games with id %% n == i (default: ${DEFAULT-VALUE})")
    String shard;

    @Option(names = "--random-plies", defaultValue = "6", description = "random plies after the built-in opening (default: ${DEFAULT-VALUE})")
    int randomPlies;

    @Option(names = "--evaluation", defaultValue = "classic", description = "classic, learned, material or auto (the engine's own) (default: ${DEFAULT-VALUE})")
    String evaluation;

    @Option(names = "--eval-file", description = "weights for --evaluation learned (default: the built-in ones)")
    Path evalFile;

    @Option(names = "--out", required = true, description = "the file to write (appended to with --resume)")
    Path out;

    @Option(names = "--resume", description = "continue a file: play only the games it does not hold yet")
    boolean resume;

    private final PrintStream err;

    SelfplayCommand(PrintStream err) {
        this.err = err;
    }

    @Override
    public Integer call() {
        String[] s = shard.split("/", -1);
        int index, count;
        try {
            if (s.length != 2) throw new IllegalArgumentException();
            index = Integer.parseInt(s[0].trim());
            count = Integer.parseInt(s[1].trim());
        } catch (RuntimeException e) {
            return fail("--shard must be i/n, got '" + shard + "'", 2);
        }
        if (count < 1 || index < 0 || index >= count) return fail("--shard i/n needs 0 <= i < n, got '" + shard + "'", 2);
        String wrong = games < 1 ? "--games must be 1 or more, got " + games
                : threads < 1 || threads > 64 ? "--threads must be 1..64, got " + threads
                : randomPlies < 0 ? "--random-plies must be 0 or more, got " + randomPlies
                : SearchBudget.wrong(nodes, depth);
        if (wrong != null) return fail(wrong, 2);
        EvaluatorChoice evaluator;
        try {
            evaluator = EvaluatorChoice.of(rules, evaluation, evalFile);
        } catch (IllegalArgumentException | IOException e) {
            return fail(e.getMessage(), 2);
        }
        SelfPlay.Config config = SelfPlay.Config.builder(rules, evaluator.evaluators()).games(games).limits(SearchBudget.limits(nodes, depth, 6))
                .threads(threads).seed(seed).shard(index, count).randomPlies(randomPlies).evaluation(evaluator.settings()).build();
        return FileJob.report("selfplay", err,
                () -> "done, " + new SelfPlay(config, err).run(out, resume) + " games appended to " + out);
    }

    private int fail(String message, int code) {
        err.println("selfplay: " + message);
        return code;
    }
}
