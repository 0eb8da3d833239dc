package org.damka.match;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * The running tally of a match from the first engine's point of view: wins, draws, losses; the
 * pentanomial counts of finished opening pairs (games 2k-1 and 2k share an opening with colours
 * swapped); how games ended; results by colour. Not thread-safe: the match updates it under its
 * own lock and hands out {@link #copy()}s.
 */
public final class MatchScore {
    private int wins, draws, losses;
    private int whiteWins, blackWins;
    private final int[] pairs = new int[5];
    private final Map<Integer, Double> halfPairs = new HashMap<>();
    private final EnumMap<Termination, Integer> ends = new EnumMap<>(Termination.class);

    public void add(GameRecord g) {
        double s = g.firstEngineScore();
        if (s == 1) wins++;
        else if (s == 0) losses++;
        else draws++;
        switch (g.result().outcome()) {
            case WHITE_WINS -> whiteWins++;
            case BLACK_WINS -> blackWins++;
            default -> { }
        }
        ends.merge(g.termination(), 1, Integer::sum);
        int pair = (g.round() - 1) / 2;
        Double other = halfPairs.remove(pair);
        if (other == null) halfPairs.put(pair, s);
        else pairs[(int) Math.round(2 * (s + other))]++;
    }

    public MatchScore copy() {
        MatchScore c = new MatchScore();
        c.wins = wins;
        c.draws = draws;
        c.losses = losses;
        c.whiteWins = whiteWins;
        c.blackWins = blackWins;
        System.arraycopy(pairs, 0, c.pairs, 0, 5);
        c.halfPairs.putAll(halfPairs);
        c.ends.putAll(ends);
        return c;
    }

    public int games() { return wins + draws + losses; }
    public int wins() { return wins; }
    public int draws() { return draws; }
    public int losses() { return losses; }
    public int whiteWins() { return whiteWins; }
    public int blackWins() { return blackWins; }
    /** Finished pairs by the first engine's points in the pair: index k = k/2 points. */
    public int[] pairs() { return pairs.clone(); }
    public int ends(Termination t) { return ends.getOrDefault(t, 0); }

    public double score() { return EloStats.score(wins, draws, losses); }
    public double elo() { return EloStats.elo(wins, draws, losses); }
    public double eloError() { return EloStats.eloError95(wins, draws, losses); }
    public double los() { return EloStats.los(wins, losses); }

    /** The SPRT statistic over finished pairs. */
    public double llr(Sprt sprt) {
        return sprt.llrPentanomial(pairs);
    }

    /**
     * Decisions wait for {@value #MIN_SPRT_PAIRS} finished pairs: the LLR's normal
     * approximation rests on the sample variance, which a handful of pairs cannot estimate
     * (two pairs scoring 3/2 and 2 give a variance of 1/64 and an LLR above 5 for elo1=100).
     */
    public static final int MIN_SPRT_PAIRS = 10;

    public Sprt.Decision sprtDecision(Sprt sprt) {
        int n = 0;
        for (int p : pairs) n += p;
        return n < MIN_SPRT_PAIRS ? Sprt.Decision.CONTINUE : sprt.decide(llr(sprt));
    }
}
