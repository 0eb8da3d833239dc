package org.damka.match;

import java.util.List;
import java.util.Locale;

/**
 * Ends long games early from the engines' own scores ({@code --adjudicate}).
 * <ul>
 *   <li>{@code draw=<plies>,<cp>}: the last {@code plies} moves (of both engines) all came with a
 *       score within ±cp: a draw.</li>
 *   <li>{@code win=<cp>,<plies>}: the last {@code plies} moves all came with scores saying the
 *       same side is ahead by at least cp (the leader's engine +cp or more, its opponent's -cp
 *       or less, both counted from White's side): that side wins.</li>
 * </ul>
 * A move without a score breaks both runs. Either part may be left out (held as 0 plies: off);
 * a part given needs at least 1 ply, and a win a lead of at least 1 cp.
 */
public record Adjudication(int drawPlies, int drawCp, int winCp, int winPlies) {
    public static final Adjudication NONE = new Adjudication(0, 0, 0, 0);

    public static Adjudication parse(String text) {
        int dp = 0, dc = 0, wc = 0, wp = 0;
        for (String part : text.trim().split("\\s+")) {
            if (part.isEmpty()) continue;
            String lower = part.toLowerCase(Locale.ROOT);
            int[] v;
            if (lower.startsWith("draw=")) {
                v = pair(part, part.substring(5));
                dp = v[0];
                dc = v[1];
            } else if (lower.startsWith("win=")) {
                v = pair(part, part.substring(4));
                wc = v[0];
                wp = v[1];
            } else {
                throw new IllegalArgumentException("adjudication '" + part + "': expected draw=<plies>,<cp> or win=<cp>,<plies>");
            }
        }
        if (dp < 0 || dc < 0 || wc < 0 || wp < 0) throw new IllegalArgumentException("adjudication values must not be negative");
        // 0 plies is how a rule left out is held: given, it would never fire, and a lead of 0 cp
        // would give a level game to White.
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("draw=") && dp == 0) throw new IllegalArgumentException("adjudication draw=<plies>,<cp> needs at least 1 ply");
        if (lower.contains("win=") && (wp == 0 || wc == 0)) {
            throw new IllegalArgumentException("adjudication win=<cp>,<plies> needs a lead of at least 1 cp for at least 1 ply");
        }
        return new Adjudication(dp, dc, wc, wp);
    }

    private static int[] pair(String part, String values) {
        String[] v = values.split(",");
        try {
            if (v.length == 2) return new int[] {Integer.parseInt(v[0].trim()), Integer.parseInt(v[1].trim())};
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new IllegalArgumentException("adjudication '" + part + "' needs two whole numbers separated by a comma");
    }

    /**
     * The adjudicated outcome after the moves so far, or null to play on.
     *
     * @param whiteScores per ply, the mover's score turned to White's view, null if none
     * @return "draw", "white" or "black", or null
     */
    public String decide(List<Integer> whiteScores) {
        int n = whiteScores.size();
        if (winPlies > 0 && n >= winPlies) {
            boolean white = true, black = true;
            for (int i = n - winPlies; i < n; i++) {
                Integer s = whiteScores.get(i);
                white &= s != null && s >= winCp;
                black &= s != null && s <= -winCp;
            }
            if (white) return "white";
            if (black) return "black";
        }
        if (drawPlies > 0 && n >= drawPlies) {
            boolean draw = true;
            for (int i = n - drawPlies; i < n; i++) {
                Integer s = whiteScores.get(i);
                draw &= s != null && Math.abs(s) <= drawCp;
            }
            if (draw) return "draw";
        }
        return null;
    }
}
