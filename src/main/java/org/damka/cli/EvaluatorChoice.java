package org.damka.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;

import org.damka.eval.Evaluations;
import org.damka.eval.Evaluator;
import org.damka.eval.learned.LearnedEvaluator;
import org.damka.eval.learned.LearnedWeights;
import org.damka.files.FileErrors;
import org.damka.rules.Rules;

/** The evaluation a tool's searches use ({@code --evaluation}, {@code --eval-file}): one per search thread. */
final class EvaluatorChoice {
    private EvaluatorChoice() { }

    /**
     * The learned evaluation with the weights of {@code weightsFile} if given, else the evaluation
     * {@code name} stands for; a bad name (IllegalArgumentException) or weights file (IOException)
     * is refused here, before any search starts.
     */
    static Supplier<Evaluator> of(Rules rules, String name, Path weightsFile) throws IOException {
        String canonical = Evaluations.canonicalName(name);
        if (weightsFile == null) return () -> Evaluations.named(rules, canonical);
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
        return () -> new LearnedEvaluator(rules, w);
    }
}
