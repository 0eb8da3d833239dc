package org.damka.train;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.eval.PositionalEvaluator;
import org.damka.eval.learned.Features;
import org.damka.eval.learned.LearnedWeights;
import org.damka.movegen.MoveGenerator;
import org.damka.rules.Rules;
import org.damka.selfplay.SelfPlayFile;

/**
 * Fits the learned evaluation (the classic evaluation plus a learned correction, or with
 * {@link LearnedWeights.Base#NONE} the learned terms alone) to self-play results by logistic regression: the win probability of White is {@code sigmoid(eval / K)},
 * where the scale K is first fitted to the classic evaluation of the positions (so eval stays in
 * the units of the search, and the loss at the start is classic's: the baseline to beat), then
 * the parameters minimise the cross-entropy with the target plus an L2 penalty, by Adam on
 * mini-batches. The target is the game result, or with {@code searchShare} s > 0 the blend
 * {@code (1 - s) result + s sigmoid(score / K)} with the deeper search score the self-play
 * recorded: with s = 1 the evaluation learns to predict that search, in its units.
 * The train and validation losses are against the target; each epoch also shows the validation
 * loss against the results alone, the figure the baselines are given in. Every
 * position is also learnt turned half a turn with the colours swapped (the same game for the
 * other side). Positions with a capture pending are dropped and duplicates merged (their
 * results averaged). A fixed
 * share of the games, chosen by a hash of the game's id and the seed (not its file: the shards of
 * one run train what the whole file would), is held out for
 * validation, with every position they hold (a position is the first game's that has it): a
 * split by positions would put the neighbours of a validation position, one ply away and with
 * the same result, in the train set, and the validation loss would reward learning games by
 * heart. Work is split over threads in fixed chunks summed in a fixed order, so the same
 * data and seed give the same weights whatever the thread count.
 */
public final class Trainer {
    /** How to train: built by name, {@code Config.builder(rules).epochs(…).seed(…).build()}. */
    public record Config(Rules rules, int epochs, int batch, double learningRate, double l2, double validationShare,
                         double searchShare, long seed, int threads) {

        /** The settings of {@code damka train}'s defaults (README, "Train the evaluation"). */
        public static Builder builder(Rules rules) {
            return new Builder(rules);
        }

        public static final class Builder {
            private final Rules rules;
            private int epochs = 16;
            private int batch = 4096;
            private double learningRate = 2.0;
            private double l2 = 1e-10;
            private double validationShare = 0.1;
            private double searchShare = 1;
            private long seed = 1;
            private int threads = 2;

            private Builder(Rules rules) {
                this.rules = rules;
            }

            public Builder epochs(int epochs) { this.epochs = epochs; return this; }

            /** Positions per step of the optimiser. */
            public Builder batch(int batch) { this.batch = batch; return this; }

            public Builder learningRate(double rate) { this.learningRate = rate; return this; }

            /** The L2 penalty on the pattern weights. */
            public Builder l2(double l2) { this.l2 = l2; return this; }

            /** The share of games held out for validation. */
            public Builder validationShare(double share) { this.validationShare = share; return this; }

            /** How much of the target is the search's score (the rest the game's result). */
            public Builder searchShare(double share) { this.searchShare = share; return this; }

            /** Splits the games into train and validation, and shuffles the batches. */
            public Builder seed(long seed) { this.seed = seed; return this; }

            public Builder threads(int threads) { this.threads = threads; return this; }

            public Config build() {
                return new Config(rules, epochs, batch, learningRate, l2, validationShare, searchShare, seed, threads);
            }
        }
    }

    private final Config c;
    private final Features features;
    private final PositionalEvaluator classic;
    private final int windows, windowStates;
    private final PrintStream log;

    // The data, one entry per distinct quiet position.
    private int n;
    private int[] states;      // n * windows
    private int[] scalars;     // n * SCALARS
    private float[] opening;   // opening share of the phase, 0..1
    private float[] scale;     // draw scaling, 0..1
    private float[] classicScore; // the classic evaluation (White)
    private float[] result;    // White's score, averaged over duplicates
    private float[] target;    // what is fitted: the result, blended with the search score
    private float[] weight;    // how many times the position was seen
    private int[] scores;      // search score (White), averaged
    private int[] train, validation;
    private double k;
    /** Whether the parameters are a correction to the classic evaluation ({@link LearnedWeights.Base#CLASSIC}) or the whole score. */
    private boolean overClassic;
    /** Per epoch (0 = before training): {train loss, validation loss, validation loss against the results}. */
    private final List<double[]> losses = new ArrayList<>();

    /** The losses so far: per epoch (0 = the start) the train and the validation loss (against the target) and the validation loss against the results. */
    public List<double[]> losses() { return List.copyOf(losses); }

    public Trainer(Config config, PrintStream log) {
        this.c = config;
        this.features = new Features(config.rules());
        this.classic = new PositionalEvaluator(config.rules());
        this.windows = features.windows().count();
        this.windowStates = features.windows().states();
        this.log = log;
    }

    /** Reads the self-play files; returns the number of distinct quiet positions. */
    public int load(List<Path> files) throws IOException {
        Rules rules = c.rules();
        Map<String, double[]> merged = new LinkedHashMap<>(); // fen -> {results, scores, count, held out (1) or not (0), its first game}
        long[] read = new long[1];
        // Whether a game is held out depends on the seed and its id alone, not on its file: the
        // shards of one run (or files given in another order) train the same weights. Games of two
        // runs with the same id are held out together, which costs nothing: they are other games.
        long splitSeed = c.seed() * 1_000_003L;
        for (Path file : files) {
            SelfPlayFile.read(file, rules, s -> {
                read[0]++;
                long h = new SplittableRandom(splitSeed * 0x9E3779B97F4A7C15L + s.game()).nextLong();
                boolean heldOut = (h >>> 11) * 0x1.0p-53 < c.validationShare();
                add(merged, s.fen(), s.result(), s.score(), heldOut, s.game());
                // The same game seen from the other side: colours swapped, board turned.
                add(merged, Fen.format(rules, mirror(Fen.parse(rules, s.fen()))), 1 - s.result(), -s.score(), heldOut, s.game());
            }, lines -> log.println("train: " + SelfPlayFile.unfinishedEnd(file, lines)));
        }
        MoveGenerator gen = MoveGenerator.create(rules);
        // In a fixed order, not the files': self-play and rescore on several threads write the
        // games in the order they finish, and the same games must train the same weights.
        List<String> keys = new ArrayList<>(merged.keySet());
        java.util.Collections.sort(keys);
        n = 0;
        states = new int[keys.size() * windows];
        scalars = new int[keys.size() * Features.SCALARS];
        opening = new float[keys.size()];
        scale = new float[keys.size()];
        classicScore = new float[keys.size()];
        result = new float[keys.size()];
        weight = new float[keys.size()];
        scores = new int[keys.size()];
        List<Integer> tr = new ArrayList<>(), va = new ArrayList<>();
        for (String fen : keys) {
            Position p;
            try {
                p = Fen.parse(rules, fen);
            } catch (RuntimeException e) {
                throw new IOException("bad position in the data: " + fen + " (" + e.getMessage() + ")");
            }
            if (gen.hasCapture(p)) continue;
            double[] m = merged.get(fen);
            for (int w = 0; w < windows; w++) states[n * windows + w] = features.windows().index(w, p);
            for (int t = 0; t < Features.SCALARS; t++) scalars[n * Features.SCALARS + t] = features.scalar(p, t);
            opening[n] = (float) features.phase(p) / features.startPieces();
            scale[n] = (float) classic.drawScale(p) / PositionalEvaluator.SCALE_ONE;
            classicScore[n] = p.sideToMove() == Position.WHITE ? classic.evaluate(p) : -classic.evaluate(p);
            result[n] = (float) (m[0] / m[2]);
            scores[n] = (int) Math.round(m[1] / m[2]);
            weight[n] = (float) m[2];
            if (m[3] != 0) va.add(n); else tr.add(n);
            n++;
        }
        train = tr.stream().mapToInt(Integer::intValue).toArray();
        validation = va.stream().mapToInt(Integer::intValue).toArray();
        log.printf(Locale.ROOT, "train: %d positions read, %d distinct quiet ones with their mirrors: %d to train, %d to validate%n",
                read[0], n, train.length, validation.length);
        if (train.length == 0 || validation.length == 0) throw new IOException("too little data to train and validate (" + n + " positions)");
        return n;
    }

    /**
     * Adds one sighting of a position. It is held out as the first game holding it (the lowest
     * id; games of one id are held out alike) is: the same whatever the order of the games and
     * the files, and each position held out with the validation share's odds however many games
     * it is in.
     */
    private static void add(Map<String, double[]> merged, String fen, double result, int score, boolean heldOut, int game) {
        double[] m = merged.computeIfAbsent(fen, x -> new double[] {0, 0, 0, 0, Double.MAX_VALUE});
        if (game < m[4]) {
            m[4] = game;
            m[3] = heldOut ? 1 : 0;
        }
        m[0] += result;
        m[1] += score;
        m[2]++;
    }

    /** The position turned half a turn with colours and side to move swapped. */
    private Position mirror(Position p) {
        org.damka.rules.Geometry g = c.rules().geometry();
        Position m = new Position();
        for (int cell = 0; cell < g.cells(); cell++) {
            int bit = g.bit(cell);
            int side = p.sideAt(bit);
            if (side >= 0) m.put(side ^ 1, p.isKing(bit), g.bit(g.cells() - 1 - cell));
        }
        m.setSideToMove(p.sideToMove() ^ 1);
        return m;
    }

    /** A score per position (White's view). */
    private interface Score {
        double of(int i);
    }

    /** The scale K that best maps a score to the results on the train set (golden-section search on the log loss). */
    private double fitScale(Score score) {
        double lo = 10, hi = 2000;
        for (int it = 0; it < 60; it++) {
            double a = hi - (hi - lo) / 1.618, b = lo + (hi - lo) / 1.618;
            if (scoreLoss(score, a, train) < scoreLoss(score, b, train)) hi = b; else lo = a;
        }
        return (lo + hi) / 2;
    }

    /** Mean log loss against the results of sigmoid(score / k) over a set of positions. */
    private double scoreLoss(Score score, double k, int[] set) {
        return scoreLoss(score, k, set, result);
    }

    /** Mean log loss against {@code target} of sigmoid(score / k) over a set of positions. */
    private double scoreLoss(Score score, double k, int[] set, float[] target) {
        double sum = 0, total = 0;
        for (int i : set) {
            sum += weight[i] * crossEntropy(target[i], score.of(i) / k);
            total += weight[i];
        }
        return sum / total;
    }

    private static double crossEntropy(double target, double x) {
        // -(t log s(x) + (1 - t) log(1 - s(x))), written to stay finite for large |x|.
        return Math.max(x, 0) - x * target + Math.log1p(Math.exp(-Math.abs(x)));
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** The learned evaluation of position i (White), as {@link org.damka.eval.learned.LearnedEvaluator} computes it. */
    private double eval(double[] p, int i, int scalarBase) {
        double a = opening[i], sum = 0;
        for (int w = 0; w < windows; w++) {
            int at = (w * windowStates + states[i * windows + w]) * 2;
            sum += a * p[at] + (1 - a) * p[at + 1];
        }
        for (int t = 0; t < Features.SCALARS; t++) {
            int v = scalars[i * Features.SCALARS + t];
            sum += v * (a * p[scalarBase + 2 * t] + (1 - a) * p[scalarBase + 2 * t + 1]);
        }
        return (overClassic ? classicScore[i] : 0) + sum * scale[i];
    }

    /** Mean losses: train and validation against the target, validation against the results. */
    private double[] losses(double[] p, int scalarBase) {
        Score learned = i -> eval(p, i, scalarBase);
        return new double[] {scoreLoss(learned, k, train, target), scoreLoss(learned, k, validation, target), scoreLoss(learned, k, validation)};
    }

    /** Trains from {@code start} and returns the fitted weights. */
    public LearnedWeights train(LearnedWeights start) throws InterruptedException {
        overClassic = start.base() == LearnedWeights.Base.CLASSIC;
        k = fitScale(i -> classicScore[i]);
        double searchK = fitScale(i -> scores[i]);
        log.printf(Locale.ROOT, "train: baselines on the validation set: classic evaluation %.5f (K %.1f), self-play search score %.5f (K %.1f)%n",
                scoreLoss(i -> classicScore[i], k, validation), k, scoreLoss(i -> scores[i], searchK, validation), searchK);
        target = new float[n];
        for (int i = 0; i < n; i++) target[i] = (float) ((1 - c.searchShare()) * result[i] + c.searchShare() * sigmoid(scores[i] / k));
        int size = start.params().length, scalarBase = start.scalarBase();
        double[] p = new double[size];
        for (int i = 0; i < size; i++) p[i] = start.params()[i];
        double[] m = new double[size], v = new double[size];
        int threads = Math.max(1, c.threads());
        // Gradients per fixed chunk of a batch (summed in chunk order, so threads do not change results).
        int chunks = 2;
        double[][] grad = new double[chunks][size];
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        SplittableRandom random = new SplittableRandom(c.seed());
        int[] order = train.clone();
        losses.add(losses(p, scalarBase));
        log.printf(Locale.ROOT, "epoch 0 train %.5f validation %.5f (against the results %.5f)%n", losses.get(0)[0], losses.get(0)[1], losses.get(0)[2]);
        double b1 = 0.9, b2 = 0.999, eps = 1e-8;
        long step = 0;
        try {
            for (int epoch = 1; epoch <= c.epochs(); epoch++) {
                long t0 = System.nanoTime();
                for (int i = order.length - 1; i > 0; i--) {
                    int j = random.nextInt(i + 1);
                    int x = order[i]; order[i] = order[j]; order[j] = x;
                }
                for (int from = 0; from < order.length; from += c.batch()) {
                    int to = Math.min(order.length, from + c.batch());
                    List<Future<?>> jobs = new ArrayList<>();
                    for (int ch = 0; ch < chunks; ch++) {
                        int lo = from + (to - from) * ch / chunks, hi = from + (to - from) * (ch + 1) / chunks;
                        double[] g = grad[ch];
                        jobs.add(pool.submit(() -> gradient(p, order, lo, hi, g, scalarBase)));
                    }
                    for (Future<?> f : jobs) {
                        try {
                            f.get();
                        } catch (java.util.concurrent.ExecutionException e) {
                            throw new IllegalStateException(e.getCause());
                        }
                    }
                    step++;
                    double count = to - from;
                    double c1 = 1 - Math.pow(b1, step), c2 = 1 - Math.pow(b2, step);
                    for (int i = 0; i < size; i++) {
                        double g = 0;
                        for (int ch = 0; ch < chunks; ch++) {
                            g += grad[ch][i];
                            grad[ch][i] = 0;
                        }
                        if (g == 0 && m[i] == 0) continue; // a parameter no position of the batch touched
                        g = g / count + c.l2() * p[i];
                        m[i] = b1 * m[i] + (1 - b1) * g;
                        v[i] = b2 * v[i] + (1 - b2) * g * g;
                        p[i] -= c.learningRate() * (m[i] / c1) / (Math.sqrt(v[i] / c2) + eps);
                    }
                }
                losses.add(losses(p, scalarBase));
                log.printf(Locale.ROOT, "epoch %d train %.5f validation %.5f (against the results %.5f) (%.1f s)%n", epoch, losses.get(epoch)[0],
                        losses.get(epoch)[1], losses.get(epoch)[2], (System.nanoTime() - t0) / 1e9);
            }
        } finally {
            pool.shutdownNow();
        }
        float[] out = new float[size];
        for (int i = 0; i < size; i++) out[i] = (float) p[i];
        return new LearnedWeights(start.variant(), start.base(), start.windows(), start.states(), out);
    }

    /** Adds the loss gradient of order[lo..hi) to g (weighted by how often a position was seen). */
    private void gradient(double[] p, int[] order, int lo, int hi, double[] g, int scalarBase) {
        for (int j = lo; j < hi; j++) {
            int i = order[j];
            double e = eval(p, i, scalarBase);
            double d = weight[i] * (sigmoid(e / k) - target[i]) / k * scale[i];
            double a = opening[i];
            for (int w = 0; w < windows; w++) {
                int at = (w * windowStates + states[i * windows + w]) * 2;
                g[at] += d * a;
                g[at + 1] += d * (1 - a);
            }
            for (int t = 0; t < Features.SCALARS; t++) {
                int v = scalars[i * Features.SCALARS + t];
                g[scalarBase + 2 * t] += d * v * a;
                g[scalarBase + 2 * t + 1] += d * v * (1 - a);
            }
        }
    }
}
