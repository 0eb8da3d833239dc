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

    /** The evaluator for a variant. */
    static Evaluator forRules(Rules rules) {
        return new MaterialEvaluator(rules);
    }
}
