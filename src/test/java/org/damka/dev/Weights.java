package org.damka.dev;

import java.util.Map;

import org.damka.eval.EvalWeights;

/**
 * Dev helper for tuning: a copy of a variant's weights with some values replaced. Scalars by
 * component name ({@code man}, {@code king}, {@code backRank}, ...); tables scaled by a
 * percentage with {@code advanceMid%}, {@code advanceEnd%}, {@code centreMan%}, {@code centreKing%},
 * or replaced whole by name with values joined by '/' ({@code centreMan=-4/2/5/6}).
 */
public final class Weights {
    private Weights() { }

    public static EvalWeights override(EvalWeights w, Map<String, String> changes) {
        int man = w.man(), king = w.king(), backRank = w.backRank(), runaway = w.runaway(), runawayPerRow = w.runawayPerRow();
        int kingMainLine = w.kingMainLine(), manMobility = w.manMobility(), kingMobility = w.kingMobility();
        int lockedMan = w.lockedMan(), kingsOnly = w.kingsOnlyBonus(), drawish = w.drawishScale();
        int tradeDown = w.tradeDown(), chase = w.chase();
        int[] advMid = w.advanceMid().clone(), advEnd = w.advanceEnd().clone();
        int[] centreMan = w.centreMan().clone(), centreKing = w.centreKing().clone();
        for (Map.Entry<String, String> e : changes.entrySet()) {
            String raw = e.getValue();
            int v = raw.contains("/") ? 0 : Integer.parseInt(raw);
            switch (e.getKey().toLowerCase(java.util.Locale.ROOT)) {
                case "man" -> man = v;
                case "king" -> king = v;
                case "backrank" -> backRank = v;
                case "runaway" -> runaway = v;
                case "runawayperrow" -> runawayPerRow = v;
                case "kingmainline" -> kingMainLine = v;
                case "manmobility" -> manMobility = v;
                case "kingmobility" -> kingMobility = v;
                case "lockedman" -> lockedMan = v;
                case "kingsonly" -> kingsOnly = v;
                case "drawish" -> drawish = v;
                case "tradedown" -> tradeDown = v;
                case "chase" -> chase = v;
                case "advancemid%" -> scale(advMid, v);
                case "advanceend%" -> scale(advEnd, v);
                case "centreman%" -> scale(centreMan, v);
                case "centreking%" -> scale(centreKing, v);
                case "advancemid" -> advMid = table(raw);
                case "advanceend" -> advEnd = table(raw);
                case "centreman" -> centreMan = table(raw);
                case "centreking" -> centreKing = table(raw);
                default -> throw new IllegalArgumentException("unknown weight " + e.getKey());
            }
        }
        return new EvalWeights(man, king, advMid, advEnd, centreMan, centreKing, backRank, runaway, runawayPerRow,
                kingMainLine, manMobility, kingMobility, lockedMan, kingsOnly, drawish, tradeDown, chase);
    }

    /** A table written as values joined by '/', e.g. {@code -4/2/5/6}. */
    private static int[] table(String text) {
        String[] parts = text.split("/");
        int[] t = new int[parts.length];
        for (int i = 0; i < t.length; i++) t[i] = Integer.parseInt(parts[i].trim());
        return t;
    }

    private static void scale(int[] t, int percent) {
        for (int i = 0; i < t.length; i++) t[i] = t[i] * percent / 100;
    }
}
