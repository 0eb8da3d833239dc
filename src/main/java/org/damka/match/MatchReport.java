package org.damka.match;

import java.util.List;
import java.util.Locale;

/**
 * The texts a match prints: the one-line progress after each game, the summary table at the
 * end, and the same numbers as JSON. Elo figures are from the first engine's point of view.
 */
public final class MatchReport {
    private MatchReport() { }

    /** E.g. {@code Games 12/20: +5 =4 -3  score 58.3%  Elo +58.4 ± 120.3  LOS 73.5%  LLR 0.31 [-2.94, 2.94]}. */
    public static String progress(MatchScore s, Sprt sprt, String[] names, int total) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Games %d/%d %s vs %s: +%d =%d -%d  score %s  Elo %s ± %s  LOS %s",
                s.games(), total, names[0], names[1], s.wins(), s.draws(), s.losses(), percent(s.score()),
                signed(s.elo()), number(s.eloError()), percent(s.los())));
        if (sprt != null) {
            b.append(String.format(Locale.ROOT, "  LLR %.2f [%.2f, %.2f]", s.llr(sprt), sprt.lowerBound(), sprt.upperBound()));
        }
        return b.toString();
    }

    /** The final table. */
    public static String summary(Match.Result r, Match.Config c) {
        MatchScore s = r.score();
        String[] n = r.names();
        StringBuilder b = new StringBuilder();
        int width = Math.max(8, Math.max(n[0].length(), n[1].length()));
        b.append(String.format(Locale.ROOT, "Match %s vs %s, %s, %s%n", n[0], n[1], c.rules().name(), limits(c)));
        b.append(String.format(Locale.ROOT, "%-" + width + "s %6s %6s %6s %6s %7s%n", "Engine", "Games", "Wins", "Draws", "Losses", "Score"));
        b.append(String.format(Locale.ROOT, "%-" + width + "s %6d %6d %6d %6d %7s%n", n[0], s.games(), s.wins(), s.draws(), s.losses(),
                percent(s.score())));
        b.append(String.format(Locale.ROOT, "%-" + width + "s %6d %6d %6d %6d %7s%n", n[1], s.games(), s.losses(), s.draws(), s.wins(),
                percent(1 - s.score())));
        b.append(String.format(Locale.ROOT, "Elo difference %s ± %s (95%%), LOS %s%n", signed(s.elo()), number(s.eloError()), percent(s.los())));
        int[] p = s.pairs();
        b.append(String.format(Locale.ROOT, "Pairs by points 0, 1/2, 1, 3/2, 2: [%d, %d, %d, %d, %d]%n", p[0], p[1], p[2], p[3], p[4]));
        b.append(String.format(Locale.ROOT, "White won %d, Black won %d, drawn %d%n", s.whiteWins(), s.blackWins(), s.draws()));
        StringBuilder ends = new StringBuilder();
        for (Termination t : Termination.values()) {
            if (s.ends(t) > 0) ends.append(ends.length() == 0 ? "" : ", ").append(t.label()).append(' ').append(s.ends(t));
        }
        b.append("Game ends: ").append(ends.length() == 0 ? "none" : ends).append(String.format(Locale.ROOT, "%n"));
        if (c.sprt() != null) {
            Sprt t = c.sprt();
            double llr = s.llr(t);
            b.append(String.format(Locale.ROOT, "SPRT elo0=%s elo1=%s alpha=%s beta=%s: LLR %.2f [%.2f, %.2f] %s%n",
                    plain(t.elo0()), plain(t.elo1()), plain(t.alpha()), plain(t.beta()), llr, t.lowerBound(), t.upperBound(),
                    decision(s.sprtDecision(t))));
        }
        if (r.stopReason() != null) b.append("Stopped: ").append(r.stopReason()).append(String.format(Locale.ROOT, "%n"));
        return b.toString();
    }

    /** The result as a JSON object. */
    public static String json(Match.Result r, Match.Config c) {
        MatchScore s = r.score();
        StringBuilder b = new StringBuilder("{\n");
        b.append("  \"variant\": ").append(str(c.rules().name())).append(",\n");
        b.append("  \"engines\": [").append(str(r.names()[0])).append(", ").append(str(r.names()[1])).append("],\n");
        b.append("  \"limits\": [").append(str(String.valueOf(c.limitOf(0)))).append(", ")
                .append(str(String.valueOf(c.limitOf(1)))).append("],\n");
        b.append("  \"gamesPlanned\": ").append(c.games()).append(",\n");
        b.append("  \"games\": ").append(s.games()).append(",\n");
        b.append("  \"wins\": ").append(s.wins()).append(",\n");
        b.append("  \"draws\": ").append(s.draws()).append(",\n");
        b.append("  \"losses\": ").append(s.losses()).append(",\n");
        b.append("  \"score\": ").append(num(s.score())).append(",\n");
        b.append("  \"elo\": ").append(num(s.elo())).append(",\n");
        b.append("  \"eloError95\": ").append(num(s.eloError())).append(",\n");
        b.append("  \"los\": ").append(num(s.los())).append(",\n");
        int[] p = s.pairs();
        b.append(String.format(Locale.ROOT, "  \"pentanomial\": [%d, %d, %d, %d, %d],%n", p[0], p[1], p[2], p[3], p[4]));
        b.append("  \"whiteWins\": ").append(s.whiteWins()).append(",\n");
        b.append("  \"blackWins\": ").append(s.blackWins()).append(",\n");
        b.append("  \"terminations\": {");
        Termination[] all = Termination.values();
        for (int i = 0; i < all.length; i++) {
            b.append(i == 0 ? "" : ", ").append(str(all[i].label())).append(": ").append(s.ends(all[i]));
        }
        b.append("},\n");
        if (c.sprt() != null) {
            Sprt t = c.sprt();
            double llr = s.llr(t);
            b.append("  \"sprt\": {\"elo0\": ").append(num(t.elo0())).append(", \"elo1\": ").append(num(t.elo1()))
                    .append(", \"alpha\": ").append(num(t.alpha())).append(", \"beta\": ").append(num(t.beta()))
                    .append(", \"llr\": ").append(num(llr)).append(", \"lower\": ").append(num(t.lowerBound()))
                    .append(", \"upper\": ").append(num(t.upperBound())).append(", \"decision\": ")
                    .append(str(decision(s.sprtDecision(t)))).append("},\n");
        } else {
            b.append("  \"sprt\": null,\n");
        }
        b.append("  \"stopReason\": ").append(r.stopReason() == null ? "null" : str(r.stopReason())).append(",\n");
        b.append("  \"results\": [");
        List<GameRecord> games = r.games();
        for (int i = 0; i < games.size(); i++) {
            GameRecord g = games.get(i);
            b.append(i == 0 ? "\n" : ",\n");
            b.append("    {\"round\": ").append(g.round()).append(", \"opening\": ").append(g.opening())
                    .append(", \"white\": ").append(str(g.white())).append(", \"black\": ").append(str(g.black()))
                    .append(", \"result\": ").append(str(g.result().outcome().score()))
                    .append(", \"termination\": ").append(str(g.termination().label()))
                    .append(", \"reason\": ").append(str(g.result().reason()))
                    .append(", \"plies\": ").append(g.moves().size()).append('}');
        }
        b.append(games.isEmpty() ? "]\n" : "\n  ]\n");
        b.append("}\n");
        return b.toString();
    }

    private static String limits(Match.Config c) {
        String a = String.valueOf(c.limitOf(0)), b = String.valueOf(c.limitOf(1));
        return a.equals(b) ? a : a + " vs " + b;
    }

    static String decision(Sprt.Decision d) {
        return switch (d) {
            case ACCEPT_H1 -> "H1 accepted";
            case ACCEPT_H0 -> "H0 accepted";
            case CONTINUE -> "no decision";
        };
    }

    static String percent(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    static String signed(double v) {
        if (Double.isNaN(v)) return "-";
        if (Double.isInfinite(v)) return v > 0 ? "+inf" : "-inf";
        if (Math.abs(v) < 0.05) return "+0.0"; // an even score is -0.0 Elo in floating point
        return String.format(Locale.ROOT, "%+.1f", v);
    }

    static String number(double v) {
        if (Double.isNaN(v)) return "-";
        if (Double.isInfinite(v)) return "inf";
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e9 ? Long.toString((long) v) : Double.toString(v);
    }

    static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return "null";
        return plain(v);
    }

    static String str(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }
}
