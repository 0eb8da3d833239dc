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

    /**
     * A new state for one search thread that keeps this evaluation's terms up to date move by
     * move along the line, for up to {@code plies} plies, or null when it has none (then the
     * search calls {@link #evaluate}).
     */
    default Incremental incremental(int plies) { return null; }

    /**
     * Terms kept move by move along a search's line, one slot per ply (the idea of NNUE's
     * accumulator; here the learned evaluation's window states): the search calls {@link #reset}
     * for the root, {@link #update} after each move it searches, and {@link #evaluate} where it
     * would call {@link Evaluator#evaluate}, with the same result. Allocates nothing.
     */
    interface Incremental {
        /** The slot of this ply from the position alone. */
        void reset(int ply, Position p);

        /** The slot of ply + 1, holding child, from ply's, holding parent. */
        void update(int ply, Position parent, Position child);

        /** {@link Evaluator#evaluate} of p, which ply's slot holds. */
        int evaluate(int ply, Position p);
    }

    /** The terms of the evaluation, White's view, for the {@code eval} command. Slow path. */
    List<Term> explain(Position p);

    /** One named term: White's and Black's share and their difference. */
    record Term(String name, int white, int black) {
        public int total() { return white - black; }
    }

    /**
     * Names accepted by {@link #named}: the variant's strongest evaluation ({@code auto}, the
     * default), the classic hand-written evaluation ({@code full} is its older name), the learned
     * one (the weights shipped in the jar) and the material-only baseline.
     */
    String AUTO = "auto", CLASSIC = "classic", FULL = "full", LEARNED = "learned", MATERIAL = "material";

    /**
     * The variants whose shipped learned weights beat the classic evaluation at equal time
     * (100 ms a move, bench/RESULTS.md, "learned vs classic evaluation"): {@code auto} plays
     * {@code learned} there and {@code classic} elsewhere.
     */
    java.util.Set<String> LEARNED_BY_DEFAULT = java.util.Set.of("russian", "brazilian", "international", "english");

    /** The evaluation a name stands for in a variant: {@code auto} resolved, other names canonical. */
    static String resolve(Rules rules, String name) {
        String n = canonicalName(name);
        if (!n.equals(AUTO)) return n;
        return LEARNED_BY_DEFAULT.contains(rules.name()) ? LEARNED : CLASSIC;
    }

    /** The full evaluator for a variant. */
    static Evaluator forRules(Rules rules) {
        return new PositionalEvaluator(rules);
    }

    /** The canonical name of an evaluation ({@code full} becomes {@code classic}), or an exception. */
    static String canonicalName(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (n) {
            case CLASSIC, FULL -> CLASSIC;
            case AUTO, LEARNED, MATERIAL -> n;
            default -> throw new IllegalArgumentException("Evaluation must be auto, classic, learned or material, got '" + name + "'");
        };
    }

    /** The evaluator with this name (case-insensitive); {@code learned} uses the built-in weights. */
    static Evaluator named(Rules rules, String name) {
        return switch (resolve(rules, name)) {
            case LEARNED -> new org.damka.eval.learned.LearnedEvaluator(rules, org.damka.eval.learned.LearnedWeights.builtIn(rules));
            case MATERIAL -> new MaterialEvaluator(rules);
            default -> new PositionalEvaluator(rules);
        };
    }
}
