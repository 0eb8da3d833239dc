package org.damka.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

import org.damka.eval.Evaluations;
import org.damka.eval.Evaluator;
import org.damka.eval.learned.LearnedEvaluator;
import org.damka.eval.learned.LearnedWeights;
import org.damka.files.FileErrors;
import org.damka.rules.Rules;

/**
 * The evaluation a tool's searches use ({@code --evaluation}, {@code --eval-file}): one evaluator
 * per search thread, and what it is as a self-play file's settings record it.
 *
 * @param evaluators makes one evaluator per search thread
 * @param settings   the evaluation as {@code evaluation <name>}, with {@code weights <hash>} for
 *                   the learned one: the weights themselves, not their file's name (two folders'
 *                   {@code learned.weights}, or the built-in weights of another jar, differ)
 */
record EvaluatorChoice(Supplier<Evaluator> evaluators, String settings) {

    /**
     * The learned evaluation with the weights of {@code weightsFile} if given, else the evaluation
     * {@code name} stands for ({@code auto} resolved); a bad name (IllegalArgumentException) or
     * weights file (IOException) is refused here, before any search starts.
     */
    static EvaluatorChoice of(Rules rules, String name, Path weightsFile) throws IOException {
        String canonical = Evaluations.canonicalName(name);
        if (weightsFile == null) {
            String resolved = Evaluations.resolve(rules, canonical);
            return new EvaluatorChoice(() -> Evaluations.named(rules, resolved),
                    resolved.equals(Evaluations.LEARNED) ? learned(LearnedWeights.builtIn(rules)) : "evaluation " + resolved);
        }
        if (canonical.equals(Evaluations.CLASSIC) || canonical.equals(Evaluations.MATERIAL)) {
            // Silently playing learned here would label a run with the evaluation it did not use.
            throw new IllegalArgumentException("--eval-file gives weights to the learned evaluation, and --evaluation is "
                    + canonical + " (give --evaluation learned, or no --eval-file)");
        }
        LearnedWeights w;
        try {
            w = LearnedWeights.read(rules, weightsFile);
        } catch (IOException e) {
            throw new IOException("--eval-file " + weightsFile + ": " + FileErrors.describe(weightsFile, e), e);
        }
        return new EvaluatorChoice(() -> new LearnedEvaluator(rules, w), learned(w));
    }

    private static String learned(LearnedWeights w) {
        return "evaluation " + Evaluations.LEARNED + " weights " + String.format(Locale.ROOT, "%08x", w.hashCode());
    }
}
