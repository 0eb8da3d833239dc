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
        EvalWeights.Builder b = w.toBuilder();
        for (Map.Entry<String, String> e : changes.entrySet()) {
            String raw = e.getValue();
            int v = raw.contains("/") ? 0 : Integer.parseInt(raw);
            switch (e.getKey().toLowerCase(java.util.Locale.ROOT)) {
                case "man" -> b.man(v);
                case "king" -> b.king(v);
                case "backrank" -> b.backRank(v);
                case "runaway" -> b.runaway(v);
                case "runawayperrow" -> b.runawayPerRow(v);
                case "kingmainline" -> b.kingMainLine(v);
                case "manmobility" -> b.manMobility(v);
                case "kingmobility" -> b.kingMobility(v);
                case "lockedman" -> b.lockedMan(v);
                case "kingsonly" -> b.kingsOnlyBonus(v);
                case "drawish" -> b.drawishScale(v);
                case "tradedown" -> b.tradeDown(v);
                case "chase" -> b.chase(v);
                case "advancemid%" -> b.advanceMid(scaled(w.advanceMid(), v));
                case "advanceend%" -> b.advanceEnd(scaled(w.advanceEnd(), v));
                case "centreman%" -> b.centreMan(scaled(w.centreMan(), v));
                case "centreking%" -> b.centreKing(scaled(w.centreKing(), v));
                case "advancemid" -> b.advanceMid(table(raw));
                case "advanceend" -> b.advanceEnd(table(raw));
                case "centreman" -> b.centreMan(table(raw));
                case "centreking" -> b.centreKing(table(raw));
                default -> throw new IllegalArgumentException("unknown weight " + e.getKey());
            }
        }
        return b.build();
    }

    /** A table written as values joined by '/', e.g. {@code -4/2/5/6}. */
    private static int[] table(String text) {
        String[] parts = text.split("/");
        int[] t = new int[parts.length];
        for (int i = 0; i < t.length; i++) t[i] = Integer.parseInt(parts[i].trim());
        return t;
    }

    private static int[] scaled(int[] table, int percent) {
        int[] t = table.clone();
        for (int i = 0; i < t.length; i++) t[i] = t[i] * percent / 100;
        return t;
    }
}
