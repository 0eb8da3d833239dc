package org.damka.eval;

import java.util.Locale;
import java.util.Set;

import org.damka.eval.learned.LearnedEvaluator;
import org.damka.eval.learned.LearnedWeights;
import org.damka.rules.Rules;

/**
 * The evaluations by name, as the {@code Evaluation} option and the command lines give them, and
 * the evaluator each name makes. Apart from {@link Evaluator} so that the interface does not
 * depend on its implementations.
 */
public final class Evaluations {
    private Evaluations() { }

    /**
     * Names accepted by {@link #named}: the variant's strongest evaluation ({@code auto}, the
     * default), the classic hand-written evaluation ({@code full} is its older name), the learned
     * one (the weights shipped in the jar) and the material-only baseline.
     */
    public static final String AUTO = "auto", CLASSIC = "classic", FULL = "full", LEARNED = "learned", MATERIAL = "material";

    /**
     * The variants whose shipped learned weights beat the classic evaluation at equal time
     * (100 ms a move, bench/RESULTS.md, "learned vs classic evaluation"): {@code auto} plays
     * {@code learned} there and {@code classic} elsewhere.
     */
    public static final Set<String> LEARNED_BY_DEFAULT = Set.of("russian", "brazilian", "international", "english", "hexagonal");

    /** The evaluation a name stands for in a variant: {@code auto} resolved, other names canonical. */
    public static String resolve(Rules rules, String name) {
        String n = canonicalName(name);
        if (!n.equals(AUTO)) return n;
        return LEARNED_BY_DEFAULT.contains(rules.name()) ? LEARNED : CLASSIC;
    }

    /** The full evaluator for a variant. */
    public static Evaluator forRules(Rules rules) {
        return new PositionalEvaluator(rules);
    }

    /** The canonical name of an evaluation ({@code full} becomes {@code classic}), or an exception. */
    public static String canonicalName(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case CLASSIC, FULL -> CLASSIC;
            case AUTO, LEARNED, MATERIAL -> n;
            default -> throw new IllegalArgumentException("Evaluation must be auto, classic, learned or material, got '" + name + "'");
        };
    }

    /** The evaluator with this name (case-insensitive); {@code learned} uses the built-in weights. */
    public static Evaluator named(Rules rules, String name) {
        return switch (resolve(rules, name)) {
            case LEARNED -> new LearnedEvaluator(rules, LearnedWeights.builtIn(rules));
            case MATERIAL -> new MaterialEvaluator(rules);
            default -> new PositionalEvaluator(rules);
        };
    }
}
