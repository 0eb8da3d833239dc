package org.damka.match;

/**
 * Sequential probability ratio test between H0: the Elo difference is {@code elo0} and
 * H1: it is {@code elo1} (logistic Elo), with error rates alpha (accepting H1 when H0 holds) and
 * beta (accepting H0 when H1 holds).
 *
 * <p>The log-likelihood ratio is the generalized SPRT of M. Van den Bergh ("A practical
 * introduction to the GSPRT", the test behind fishtest), in its normal approximation: with the
 * sample mean x̄ and the sample variance σ² (divided by n) of n independent observations of a
 * score in [0, 1], and s0, s1 the expected scores of elo0, elo1,
 * <pre>  LLR = n (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)</pre>
 * which is the log of the ratio of two normal likelihoods with means s1 and s0 and the common
 * variance σ². The observations are single games (trinomial model: 0, 1/2, 1) or, since each
 * opening is played twice with colours swapped, pairs of games (pentanomial model: the pair's
 * score 0, 1/2, 1, 3/2, 2 divided by two), which accounts for the correlation within a pair.
 * Wald's bounds: accept H0 when {@code LLR <= ln(beta / (1 - alpha))}, accept H1 when
 * {@code LLR >= ln((1 - beta) / alpha)}.
 */
public record Sprt(double elo0, double elo1, double alpha, double beta) {

    public enum Decision { CONTINUE, ACCEPT_H0, ACCEPT_H1 }

    public Sprt {
        if (!(elo1 > elo0)) throw new IllegalArgumentException("SPRT needs elo1 > elo0, got elo0=" + elo0 + " elo1=" + elo1);
        if (!(alpha > 0 && alpha < 0.5)) throw new IllegalArgumentException("SPRT alpha must be in (0, 0.5), got " + alpha);
        if (!(beta > 0 && beta < 0.5)) throw new IllegalArgumentException("SPRT beta must be in (0, 0.5), got " + beta);
    }

    /** Reads {@code elo0=<a> elo1=<b> alpha=<x> beta=<y>} (alpha and beta default to 0.05). */
    public static Sprt parse(String text) {
        Double e0 = null, e1 = null;
        double a = 0.05, b = 0.05;
        for (String part : text.trim().split("[\\s,]+")) {
            if (part.isEmpty()) continue;
            int eq = part.indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("SPRT parameter '" + part + "' is not key=value");
            String key = part.substring(0, eq).trim().toLowerCase(java.util.Locale.ROOT);
            double value;
            try {
                value = Double.parseDouble(part.substring(eq + 1).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("SPRT parameter '" + part + "' has no number");
            }
            switch (key) {
                case "elo0" -> e0 = value;
                case "elo1" -> e1 = value;
                case "alpha" -> a = value;
                case "beta" -> b = value;
                default -> throw new IllegalArgumentException("unknown SPRT parameter '" + key + "' (elo0, elo1, alpha, beta)");
            }
        }
        if (e0 == null || e1 == null) throw new IllegalArgumentException("SPRT needs elo0=<a> and elo1=<b>");
        return new Sprt(e0, e1, a, b);
    }

    public double lowerBound() {
        return Math.log(beta / (1 - alpha));
    }

    public double upperBound() {
        return Math.log((1 - beta) / alpha);
    }

    /** LLR of single games: wins, draws and losses. */
    public double llrTrinomial(int wins, int draws, int losses) {
        return llr(new double[] {losses, draws, wins}, new double[] {0, 0.5, 1});
    }

    /**
     * LLR of game pairs: {@code pairs[k]} is the number of pairs in which the first engine
     * scored k/2 points (k = 0..4).
     */
    public double llrPentanomial(int[] pairs) {
        if (pairs.length != 5) throw new IllegalArgumentException("pentanomial needs 5 counts");
        double[] counts = new double[5];
        for (int k = 0; k < 5; k++) counts[k] = pairs[k];
        return llr(counts, new double[] {0, 0.25, 0.5, 0.75, 1});
    }

    public Decision decide(double llr) {
        if (llr >= upperBound()) return Decision.ACCEPT_H1;
        if (llr <= lowerBound()) return Decision.ACCEPT_H0;
        return Decision.CONTINUE;
    }

    /** The normal-approximation LLR; 0 while it is undefined (no data or zero variance). */
    private double llr(double[] counts, double[] values) {
        double n = 0, sum = 0;
        for (int k = 0; k < counts.length; k++) {
            n += counts[k];
            sum += counts[k] * values[k];
        }
        if (n == 0) return 0;
        double mean = sum / n;
        double variance = 0;
        for (int k = 0; k < counts.length; k++) variance += counts[k] * (values[k] - mean) * (values[k] - mean);
        variance /= n;
        if (variance <= 0) return 0;
        double s0 = EloStats.scoreFromElo(elo0), s1 = EloStats.scoreFromElo(elo1);
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
    }
}
