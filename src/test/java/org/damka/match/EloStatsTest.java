package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Elo, error bar, LOS and SPRT arithmetic against numbers worked out by hand (each step is in
 * the comments, done with a pocket calculator to 6+ digits) and against published values.
 */
class EloStatsTest {

    @Test
    void logisticEloOfKnownScores() {
        // Published anchor points of the logistic curve: 50% = 0 Elo; 75% = 400 log10(3) = 190.85;
        // 10/11 (a 10:1 odds ratio) = +400 Elo by definition of the 400-point scale.
        assertEquals(0.0, EloStats.eloFromScore(0.5), 1e-12);
        assertEquals(190.848501, EloStats.eloFromScore(0.75), 1e-6);
        assertEquals(400.0, EloStats.eloFromScore(10.0 / 11.0), 1e-9);
        assertEquals(-400.0, EloStats.eloFromScore(1.0 / 11.0), 1e-9);
        assertEquals(10.0 / 11.0, EloStats.scoreFromElo(400), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, EloStats.eloFromScore(1.0));
        assertEquals(Double.NEGATIVE_INFINITY, EloStats.eloFromScore(0.0));
    }

    /** An even score is 0 Elo; the summary printed "-0.0" (the floating point of -400 log10(1)). */
    @Test
    void anEvenScoreIsPrintedAsZero() {
        assertEquals("+0.0", MatchReport.signed(EloStats.elo(1, 0, 1)));
        assertEquals("-0.1", MatchReport.signed(-0.1));
        assertEquals("+88.7", MatchReport.signed(EloStats.elo(10, 5, 5)));
    }

    @Test
    void eloAndErrorBarOfTenFiveFive() {
        // W=10 D=5 L=5, N=20: s = (10 + 2.5) / 20 = 0.625.
        // Elo = -400 log10(1/0.625 - 1) = -400 log10(0.6) = -400 * (-0.2218487) = 88.73950.
        assertEquals(0.625, EloStats.score(10, 5, 5), 1e-12);
        assertEquals(88.739500, EloStats.elo(10, 5, 5), 1e-5);
        // Per-game variance: (10 * 0.375^2 + 5 * 0.125^2 + 5 * 0.625^2) / 20
        //   = (1.40625 + 0.078125 + 1.953125) / 20 = 3.4375 / 20 = 0.171875.
        // se = sqrt(0.171875 / 20) = sqrt(0.00859375) = 0.0927025; margin = 1.959964 * se = 0.1816935.
        // s + margin = 0.8066935: -400 log10(1/0.8066935 - 1) = -400 log10(0.2396282) = 248.1848
        // s - margin = 0.4433065: -400 log10(1/0.4433065 - 1) = -400 log10(1.2557756) = -39.5648
        // error = (248.1848 + 39.5648) / 2 = 143.8748.
        assertEquals(143.8748, EloStats.eloError95(10, 5, 5), 1e-3);
    }

    @Test
    void errorBarOfAllDrawsIsZeroAndOfNoGamesUndefined() {
        // Ten draws: variance 0, so the interval has width 0.
        assertEquals(0.0, EloStats.eloError95(0, 10, 0), 1e-12);
        assertTrue(Double.isNaN(EloStats.eloError95(0, 0, 0)));
        assertTrue(Double.isNaN(EloStats.elo(0, 0, 0)));
    }

    /** A clean sweep: Elo +inf or -inf, and an interval with no end on that side (it read "± -"). */
    @Test
    void aCleanSweepHasAnInfiniteErrorBar() {
        assertEquals(Double.POSITIVE_INFINITY, EloStats.elo(3, 0, 0));
        assertEquals(Double.POSITIVE_INFINITY, EloStats.eloError95(3, 0, 0));
        assertEquals(Double.NEGATIVE_INFINITY, EloStats.elo(0, 0, 2));
        assertEquals(Double.POSITIVE_INFINITY, EloStats.eloError95(0, 0, 2));
    }

    @Test
    void errorBarShrinksLikeOneOverRootN() {
        // Same proportions, four times the games: the score interval halves; near s = 0.5 the
        // Elo curve is almost linear, so the Elo error nearly halves too.
        double e1 = EloStats.eloError95(30, 40, 30);
        double e4 = EloStats.eloError95(120, 160, 120);
        assertEquals(0.5, e4 / e1, 0.01);
    }

    @Test
    void losByHand() {
        // W=10 L=5: (10-5) / sqrt(2 * 15) = 5 / 5.4772256 = 0.9128709; erf(0.9128709) = 0.8032944;
        // LOS = (1 + 0.8032944) / 2 = 0.9016472.
        assertEquals(0.9016472, EloStats.los(10, 5), 1e-6);
        assertEquals(0.5, EloStats.los(7, 7), 1e-12);
        assertEquals(0.5, EloStats.los(0, 0), 1e-12);
        assertEquals(1 - EloStats.los(10, 5), EloStats.los(5, 10), 1e-7);
    }

    @Test
    void erfAgainstTable() {
        // Abramowitz and Stegun, table 7.1: erf(0.5) = 0.5204998778, erf(1) = 0.8427007929,
        // erf(2) = 0.9953222650.
        assertEquals(0.5204998778, EloStats.erf(0.5), 2e-7);
        assertEquals(0.8427007929, EloStats.erf(1.0), 2e-7);
        assertEquals(0.9953222650, EloStats.erf(2.0), 2e-7);
        assertEquals(-0.8427007929, EloStats.erf(-1.0), 2e-7);
        assertEquals(0.0, EloStats.erf(0.0), 1e-9);
    }

    @Test
    void sprtBoundsMatchWald() {
        // alpha = beta = 0.05: ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = +2.944439 (the
        // [-2.94, 2.94] printed by fishtest for its default test).
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        assertEquals(-2.944439, sprt.lowerBound(), 1e-6);
        assertEquals(2.944439, sprt.upperBound(), 1e-6);
        // alpha 0.05, beta 0.1: ln(0.1 / 0.95) = -2.251292, ln(0.9 / 0.05) = ln 18 = 2.890372.
        Sprt other = new Sprt(0, 5, 0.05, 0.1);
        assertEquals(-2.251292, other.lowerBound(), 1e-6);
        assertEquals(2.890372, other.upperBound(), 1e-6);
    }

    @Test
    void sprtTrinomialByHand() {
        // elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 1 / (1 + 0.9440609) = 0.5143872.
        // W=10 D=5 L=5: mean 0.625, variance 0.171875 (see above), n = 20.
        // LLR = 20 * (0.5143872 - 0.5) * (2 * 0.625 - 0.5 - 0.5143872) / (2 * 0.171875)
        //     = 20 * 0.0143872 * 0.2356128 / 0.34375 = 0.1972250.
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        assertEquals(0.197225, sprt.llrTrinomial(10, 5, 5), 1e-5);
        // The mirror result gives the mirror evidence only when (s0 + s1) / 2 = 0.5, which is not
        // the case here; instead check the sign: a losing record speaks for H0.
        assertTrue(sprt.llrTrinomial(5, 5, 10) < 0);
        assertEquals(0.0, sprt.llrTrinomial(0, 0, 0));
        assertEquals(0.0, sprt.llrTrinomial(0, 9, 0));
    }

    @Test
    void sprtPentanomialByHand() {
        // Pairs scoring 0, 1/2, 1, 3/2, 2 points: 1, 2, 5, 4, 3 (n = 15). Per-game values
        // 0, 0.25, 0.5, 0.75, 1.
        // mean = (0 + 0.5 + 2.5 + 3 + 3) / 15 = 9 / 15 = 0.6.
        // variance = (1 * 0.36 + 2 * 0.1225 + 5 * 0.01 + 4 * 0.0225 + 3 * 0.16) / 15
        //          = (0.36 + 0.245 + 0.05 + 0.09 + 0.48) / 15 = 1.225 / 15 = 0.0816667.
        // LLR (elo0 0, elo1 10) = 15 * 0.0143872 * (1.2 - 1.0143872) / (2 * 0.0816667)
        //     = 15 * 0.0143872 * 0.1856128 / 0.1633333 = 0.2452450.
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        assertEquals(0.245245, sprt.llrPentanomial(new int[] {1, 2, 5, 4, 3}), 1e-5);
    }

    @Test
    void sprtDecisions() {
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        assertEquals(Sprt.Decision.CONTINUE, sprt.decide(0.0));
        assertEquals(Sprt.Decision.ACCEPT_H1, sprt.decide(2.95));
        assertEquals(Sprt.Decision.ACCEPT_H0, sprt.decide(-2.95));
        // A long, clearly winning record must end the test for H1 (score 0.6 is about +70 Elo).
        assertEquals(Sprt.Decision.ACCEPT_H1, sprt.decide(sprt.llrTrinomial(300, 600, 100)));
        // ... and a long, even record for H0.
        assertEquals(Sprt.Decision.ACCEPT_H0, sprt.decide(sprt.llrTrinomial(1000, 2000, 1000)));
    }

    @Test
    void sprtParsing() {
        Sprt sprt = Sprt.parse("elo0=0 elo1=5 alpha=0.05 beta=0.1");
        assertEquals(new Sprt(0, 5, 0.05, 0.1), sprt);
        assertEquals(new Sprt(-1.5, 3, 0.05, 0.05), Sprt.parse("elo0=-1.5,elo1=3"));
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("elo0=5 elo1=0"));
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("elo0=0"));
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("elo0=0 elo1=5 gamma=1"));
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("elo0=0 elo1=x"));
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("elo0=0 elo1=5 alpha=0.7"));
    }
}
