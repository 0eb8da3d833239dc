package org.damka.match;

/**
 * The match statistics shown to the user, all from the first engine's point of view. Pure
 * arithmetic, no state.
 *
 * <ul>
 *   <li>Logistic Elo: an expected score s corresponds to a rating difference
 *       {@code -400 log10(1/s - 1)} (Elo's logistic model as used by FIDE-style rating lists and
 *       by cutechess-cli/fishtest).</li>
 *   <li>95% error bar (trinomial): the per-game score is a random variable with values 1, 1/2, 0;
 *       its sample variance over N games gives the standard error of the mean score; the interval
 *       {@code s ± 1.96 se} is converted to Elo at both ends and half the width is reported.</li>
 *   <li>LOS, the likelihood of superiority: {@code 1/2 (1 + erf((W - L) / sqrt(2 (W + L))))},
 *       the normal approximation in which draws carry no information (see the "Match Statistics"
 *       page of the Chess Programming Wiki).</li>
 * </ul>
 */
public final class EloStats {
    private EloStats() { }

    /** The two-sided 95% quantile of the standard normal distribution. */
    public static final double Z95 = 1.959963984540054;

    /** Elo difference for an expected score in (0, 1); infinite at 0 and 1. */
    public static double eloFromScore(double score) {
        if (score <= 0) return Double.NEGATIVE_INFINITY;
        if (score >= 1) return Double.POSITIVE_INFINITY;
        return -400.0 * Math.log10(1.0 / score - 1.0);
    }

    /** Expected score for an Elo difference. */
    public static double scoreFromElo(double elo) {
        return 1.0 / (1.0 + Math.pow(10.0, -elo / 400.0));
    }

    /** Mean score per game, or NaN with no games. */
    public static double score(int wins, int draws, int losses) {
        int n = wins + draws + losses;
        return n == 0 ? Double.NaN : (wins + 0.5 * draws) / n;
    }

    /** Elo difference of the mean score (infinite for a clean sweep, NaN with no games). */
    public static double elo(int wins, int draws, int losses) {
        double s = score(wins, draws, losses);
        return Double.isNaN(s) ? Double.NaN : eloFromScore(s);
    }

    /**
     * Half the width, in Elo, of the 95% confidence interval of the mean score; NaN with no
     * games, infinite when an end of the interval reaches a score of 0 or 1 (a clean sweep too:
     * its Elo is infinite, and its per-game variance of 0 made the width inf - inf, undefined).
     */
    public static double eloError95(int wins, int draws, int losses) {
        int n = wins + draws + losses;
        if (n == 0) return Double.NaN;
        double s = score(wins, draws, losses);
        if (s == 0 || s == 1) return Double.POSITIVE_INFINITY;
        double variance = (wins * sq(1 - s) + draws * sq(0.5 - s) + losses * sq(s)) / n;
        double margin = Z95 * Math.sqrt(variance / n);
        return (eloFromScore(s + margin) - eloFromScore(s - margin)) / 2;
    }

    /** Likelihood of superiority in [0, 1]; 0.5 when no game was decisive. */
    public static double los(int wins, int losses) {
        if (wins + losses == 0) return 0.5;
        return 0.5 * (1 + erf((wins - losses) / Math.sqrt(2.0 * (wins + losses))));
    }

    /**
     * The error function, by the rational approximation 7.1.26 of Abramowitz and Stegun
     * (absolute error below 1.5e-7, plenty for a percentage shown with one decimal).
     */
    public static double erf(double x) {
        double sign = Math.signum(x);
        double ax = Math.abs(x);
        double t = 1.0 / (1.0 + 0.3275911 * ax);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        return sign * (1.0 - poly * Math.exp(-ax * ax));
    }

    private static double sq(double x) {
        return x * x;
    }
}
