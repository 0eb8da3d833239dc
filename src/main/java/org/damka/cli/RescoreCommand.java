package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.damka.rules.Rules;
import org.damka.selfplay.Rescore;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code damka rescore}: new search scores for the positions of self-play files (README, "Train the evaluation"). */
@Command(name = "rescore", mixinStandardHelpOptions = true,
        description = "Search the positions of self-play files again (deeper) and write them with the new scores.")
final class RescoreCommand implements Callable<Integer> {
    @Option(names = "--variant", defaultValue = "russian", converter = VariantConverter.class,
            description = "russian, brazilian, international, english or hexagonal (default: ${DEFAULT-VALUE})")
    Rules rules;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "self-play files (damka selfplay --out), any number")
    List<Path> files;

    @Option(names = "--nodes", description = "nodes per position")
    Long nodes;

    @Option(names = "--depth", description = "depth per position, 1..60 (when --nodes is not given; default 8)")
    Integer depth;

    @Option(names = "--threads", defaultValue = "1", description = "games rescored at once (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--evaluation", defaultValue = "auto", description = "auto, classic, learned or material (default: ${DEFAULT-VALUE})")
    String evaluation;

    @Option(names = "--eval-file", description = "weights for --evaluation learned (default: the built-in ones)")
    Path evalFile;

    @Option(names = "--out", required = true, description = "the file to write (appended to with --resume)")
    Path out;

    @Option(names = "--resume", description = "continue a file: rescore only the games it does not hold yet")
    boolean resume;

    private final PrintStream err;

    RescoreCommand(PrintStream err) {
        this.err = err;
    }

    @Override
    public Integer call() {
        String wrong = threads < 1 || threads > 64 ? "--threads must be 1..64, got " + threads : SearchBudget.wrong(nodes, depth);
        if (wrong != null) return fail(wrong, 2);
        EvaluatorChoice evaluator;
        try {
            evaluator = EvaluatorChoice.of(rules, evaluation, evalFile);
        } catch (IllegalArgumentException | IOException e) {
            return fail(e.getMessage(), 2);
        }
        Rescore.Config config = new Rescore.Config(rules, SearchBudget.limits(nodes, depth, 8), threads, evaluator.evaluators(), evaluator.settings());
        return FileJob.report("rescore", err,
                () -> "done, " + new Rescore(config, err).run(files, out, resume) + " games written to " + out);
    }

    private int fail(String message, int code) {
        err.println("rescore: " + message);
        return code;
    }
}
