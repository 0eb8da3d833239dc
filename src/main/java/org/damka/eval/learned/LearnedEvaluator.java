package org.damka.eval.learned;

import java.util.ArrayList;
import java.util.List;

import org.damka.board.Position;
import org.damka.eval.Evaluator;
import org.damka.eval.PositionalEvaluator;
import org.damka.rules.Rules;

/**
 * The learned evaluation: the classic evaluation plus a learned correction. The correction is
 * pattern tables over the overlapping {@link Windows} plus the learned scalar terms of
 * {@link Features} (men, kings, tempo, side to move, first king, king mobility), each with an opening and an endgame value mixed by the pieces left (all
 * pieces: opening, none: endgame), scaled toward 0 in drawish balances as the classic
 * evaluation's endgame knowledge scales them ({@link PositionalEvaluator#drawScale}). Learning a
 * correction rather than the whole score starts the model at classic's strength (all weights 0
 * is exactly classic), so the little self-play data two cores make is spent on what classic
 * misses, and the L2 penalty pulls toward classic instead of toward nothing. Weights over
 * {@link LearnedWeights.Base#NONE} are the whole score: classic's terms are not computed (only
 * its draw scaling), which makes a node faster, and the model must learn material as well.
 *
 * <p>Parameters are turned into fixed-point ints once ({@value #FIX} per centi-man); the hot path
 * reads them and allocates nothing. Stateless after construction: safe for several threads.
 */
public final class LearnedEvaluator implements Evaluator {
    private static final int FIX = 16;
    private static final int MAX_SCORE = 20_000;
    private static final int P = LearnedWeights.PHASES;

    private final Features features;
    private final Windows windows;
    private final int windowCount, states;
    private final PositionalEvaluator classic;
    private final int startPieces;
    /** (w * states + state) * 2 + phase, in 1/FIX centi-men. */
    private final int[] patterns;
    /** term * 2 + phase, in 1/FIX centi-men. */
    private final int[] scalars = new int[Features.SCALARS * P];
    /** The scalar terms with a weight not 0, found once: an older file's king terms are never computed. */
    private final int[] usedTerms;
    private final LearnedWeights weights;
    /** {@link LearnedWeights.Base#CLASSIC}: the learned terms correct the classic evaluation; otherwise they are the score. */
    private final boolean overClassic;

    public LearnedEvaluator(Rules rules, LearnedWeights weights) {
        if (!weights.variant().equals(rules.name())) throw new IllegalArgumentException("weights for " + weights.variant() + ", not " + rules.name());
        this.weights = weights;
        this.overClassic = weights.base() == LearnedWeights.Base.CLASSIC;
        this.features = new Features(rules);
        this.windows = features.windows();
        this.windowCount = windows.count();
        this.states = windows.states();
        this.classic = new PositionalEvaluator(rules);
        this.startPieces = features.startPieces();
        float[] p = weights.params();
        int base = weights.scalarBase();
        patterns = new int[base];
        for (int i = 0; i < base; i++) patterns[i] = Math.round(p[i] * FIX);
        for (int i = 0; i < scalars.length; i++) scalars[i] = Math.round(p[base + i] * FIX);
        usedTerms = java.util.stream.IntStream.range(0, Features.SCALARS)
                .filter(t -> scalars[t * P] != 0 || scalars[t * P + 1] != 0).toArray();
    }

    public LearnedWeights weights() { return weights; }

    @Override
    public int evaluate(Position p) {
        return forSideToMove(p, white(p, null));
    }

    @Override
    public Evaluator.Incremental incremental(int plies) {
        return new WindowAccumulator(this, windows, plies);
    }

    /** {@link #evaluate} from the window states held in {@code states} from index {@code at}. */
    int evaluate(Position p, int[] states, int at) {
        int open = 0, end = 0;
        for (int w = 0; w < windowCount; w++) {
            int i = (w * this.states + states[at + w]) * P;
            open += patterns[i];
            end += patterns[i + 1];
        }
        return forSideToMove(p, white(p, open, end, null));
    }

    private static int forSideToMove(Position p, int whiteScore) {
        return p.sideToMove() == Position.WHITE ? whiteScore : -whiteScore;
    }

    /** White's score; puts classic's and the correction's terms (opening, endgame pairs mixed) in {@code terms} if given. */
    private int white(Position p, int[] terms) {
        long kLo = p.kingsLo(), kHi = p.kingsHi();
        long wLo = p.whiteLo() & ~kLo, wHi = p.whiteHi() & ~kHi, bLo = p.blackLo() & ~kLo, bHi = p.blackHi() & ~kHi;
        int open = 0, end = 0;
        for (int w = 0; w < windowCount; w++) {
            int at = (w * states + windows.index(w, wLo, wHi, bLo, bHi)) * P;
            open += patterns[at];
            end += patterns[at + 1];
        }
        return white(p, open, end, terms);
    }

    /** White's score from the patterns' opening and endgame sums. */
    private int white(Position p, int open, int end, int[] terms) {
        int phase = features.phase(p);
        if (terms != null) terms[1] = mix(open, end, phase);
        for (int t : usedTerms) {
            int v = features.scalar(p, t);
            open += v * scalars[t * P];
            end += v * scalars[t * P + 1];
            if (terms != null) terms[2 + t] = mix(v * scalars[t * P], v * scalars[t * P + 1], phase);
        }
        int correction = mix(open, end, phase);
        int scale = classic.drawScale(p);
        if (scale != PositionalEvaluator.SCALE_ONE) correction = correction * scale / PositionalEvaluator.SCALE_ONE;
        int base = overClassic ? classic.whiteScore(p, scale) : 0;
        if (terms != null) terms[0] = base;
        return Math.max(-MAX_SCORE, Math.min(MAX_SCORE, base + correction));
    }

    private int mix(int open, int end, int phase) {
        return (int) (((long) open * phase + (long) end * (startPieces - phase)) / ((long) startPieces * FIX));
    }

    @Override
    public List<Term> explain(Position p) {
        int[] terms = new int[2 + Features.SCALARS];
        int total = white(p, terms);
        List<Term> out = new ArrayList<>();
        if (overClassic) out.add(new Term("classic", terms[0], 0));
        out.add(new Term("patterns", terms[1], 0));
        int raw = terms[0] + terms[1];
        for (int t = 0; t < Features.SCALARS; t++) {
            out.add(new Term(Features.SCALAR_NAMES[t], terms[2 + t], 0));
            raw += terms[2 + t];
        }
        out.add(new Term("draw scaling and rounding", total - raw, 0));
        return out;
    }
}
