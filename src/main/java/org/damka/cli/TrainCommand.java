package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.damka.eval.learned.LearnedWeights;
import org.damka.files.FileErrors;
import org.damka.rules.Rules;
import org.damka.train.Trainer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code damka train}: fits the learned evaluation to self-play files and writes a weights file. */
@Command(name = "train", mixinStandardHelpOptions = true,
        description = "Fit the learned evaluation to self-play files (logistic regression, Adam, L2) and write its weights.")
final class TrainCommand implements Callable<Integer> {
    @Option(names = "--variant", defaultValue = "russian", converter = VariantConverter.class,
            description = "russian, brazilian, international, english or hexagonal (default: ${DEFAULT-VALUE})")
    Rules rules;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "self-play files (damka selfplay --out), any number")
    List<Path> files;

    @Option(names = "--out", required = true, description = "the weights file to write")
    Path out;

    @Option(names = "--resume", description = "start from these weights (default: no correction, the classic evaluation)")
    Path resume;

    @Option(names = "--base", description = "what the learned terms add to: classic (the classic evaluation; the default) or none (they are the whole score); with --resume, the file's")
    String base;

    @Option(names = "--epochs", defaultValue = "16", description = "passes over the data (default: ${DEFAULT-VALUE})")
    int epochs;

    @Option(names = "--batch", defaultValue = "4096", description = "positions per step (default: ${DEFAULT-VALUE})")
    int batch;

    @Option(names = "--lr", defaultValue = "2.0", description = "Adam step size, centi-men (default: ${DEFAULT-VALUE})")
    double learningRate;

    // A pattern state's share of the data gradient is its frequency times the error over K
    // (about 1e-6 to 1e-5 for a state in one position of a hundred): an L2 of 1e-5 held every
    // pattern below 2 centi-men, 1e-10 lets the common states learn and keeps the rare ones sane.
    @Option(names = "--l2", defaultValue = "1e-10", description = "L2 penalty on the weights (toward the classic evaluation) (default: ${DEFAULT-VALUE})")
    double l2;

    @Option(names = "--validation", defaultValue = "0.1", description = "share of positions held out (default: ${DEFAULT-VALUE})")
    double validation;

    @Option(names = "--search-share", defaultValue = "1", description = "share of the target taken from the self-play search score instead of the result, 0..1 (default: ${DEFAULT-VALUE})")
    double searchShare;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the split and the shuffles (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--threads", defaultValue = "2", description = "threads computing gradients (default: ${DEFAULT-VALUE})")
    int threads;

    private final PrintStream err;

    TrainCommand(PrintStream err) {
        this.err = err;
    }

    @Override
    public Integer call() {
        String wrong = epochs < 0 ? "--epochs must be 0 or more, got " + epochs
                : batch < 1 ? "--batch must be 1 or more, got " + batch
                : !(learningRate > 0 && Double.isFinite(learningRate)) ? "--lr must be a number above 0, got " + learningRate
                : !(l2 >= 0 && Double.isFinite(l2)) ? "--l2 must be a number, 0 or more, got " + l2
                : !(validation > 0 && validation < 1) ? "--validation must be above 0 and below 1, got " + validation
                : !(searchShare >= 0 && searchShare <= 1) ? "--search-share must be 0..1, got " + searchShare
                : threads < 1 || threads > 64 ? "--threads must be 1..64, got " + threads
                : null;
        if (wrong != null) return fail(wrong, 2);
        LearnedWeights.Base chosen = base == null ? null : LearnedWeights.Base.of(base);
        if (base != null && chosen == null) return fail("--base is classic or none, not '" + base + "'", 2);
        try {
            FileErrors.checkOutputPath(out, "--out");
            String notRegular = FileErrors.notRegular(out);
            if (notRegular != null) throw new IllegalArgumentException("cannot write --out " + out + ": " + notRegular);
            FileErrors.checkNotAnInput("--out", out, files);
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage(), 2);
        }
        return FileJob.report("train", err, () -> {
            LearnedWeights start = resume == null ? LearnedWeights.initial(rules, chosen == null ? LearnedWeights.Base.CLASSIC : chosen)
                    : LearnedWeights.read(rules, resume);
            if (chosen != null && chosen != start.base()) {
                throw new IOException("--base " + chosen.label() + ", but " + resume + " holds weights over " + start.base().label());
            }
            Trainer trainer = new Trainer(Trainer.Config.builder(rules).epochs(epochs).batch(batch).learningRate(learningRate).l2(l2)
                    .validationShare(validation).searchShare(searchShare).seed(seed).threads(threads).build(), err);
            trainer.load(files);
            LearnedWeights trained = trainer.train(start);
            checkLearnt(trainer.losses());
            trained.write(out);
            return "wrote " + out;
        });
    }

    /**
     * Refuses weights whose validation loss (against the target) rose above a coin toss's (ln 2)
     * from the start: a run that diverged (too large an --lr) would write weights whose scores
     * are noise. A loss that rose but stays below ln 2 is said, not refused. (Over no base the
     * start is ln 2 exactly, so there any rise is refused.)
     */
    private void checkLearnt(List<double[]> losses) throws IOException {
        double start = losses.get(0)[1], end = losses.get(losses.size() - 1)[1];
        if (end <= start) return; // NaN is not: it goes on to the refusal
        String rose = String.format(Locale.ROOT, "the validation loss against the target rose from %.5f at the start to %.5f", start, end);
        if (!(end <= Math.log(2))) {
            throw new IOException(rose + ", worse than a coin toss's " + String.format(Locale.ROOT, "%.5f", Math.log(2))
                    + " (ln 2): the training diverged (try a smaller --lr); nothing written");
        }
        err.println("train: note: " + rose + ": the weights predict the held-out games worse than the start did");
    }

    private int fail(String message, int code) {
        err.println("train: " + message);
        return code;
    }
}
