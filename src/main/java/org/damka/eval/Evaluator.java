package org.damka.eval;

import java.util.List;

import org.damka.board.Position;
import org.damka.rules.Rules;

/**
 * Static evaluation in centipawn-like units (a man is about 100), from the point of view of the
 * side to move. Implementations allocate nothing in {@link #evaluate}.
 */
public interface Evaluator {
    int evaluate(Position p);

    /** The terms of the evaluation, White's view, for the {@code eval} command. Slow path. */
    List<Term> explain(Position p);

    /** One named term: White's and Black's share and their difference. */
    record Term(String name, int white, int black) {
        public int total() { return white - black; }
    }

    /** Names accepted by {@link #named}: the full evaluation and the material-only baseline. */
    String FULL = "full", MATERIAL = "material";

    /** The full evaluator for a variant. */
    static Evaluator forRules(Rules rules) {
        return new PositionalEvaluator(rules);
    }

    /** The evaluator with this name ({@code full} or {@code material}, case-insensitive). */
    static Evaluator named(Rules rules, String name) {
        String n = name == null ? "" : name.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (n) {
            case FULL -> new PositionalEvaluator(rules);
            case MATERIAL -> new MaterialEvaluator(rules);
            default -> throw new IllegalArgumentException("Evaluation must be full or material, got '" + name + "'");
        };
    }
}
