package org.damka.protocol.hub;

import java.util.Locale;

/**
 * Scores as Hub engines print them: in men (100 = one man) with two decimals; a won or lost
 * position is +-(100 - plies/100), so a win in 3 moves (5 plies) is 99.95 and a loss in 2 moves
 * (4 plies) is -99.96, as Scan does and pydraughts decodes.
 */
public final class HubScore {
    private HubScore() { }

    /** scoreCp in hundredths of a man; mateIn moves to the end (negative when losing), 0 if none. */
    public static String format(int scoreCp, int mateIn) {
        if (mateIn != 0) {
            int plies = mateIn > 0 ? 2 * mateIn - 1 : -2 * mateIn;
            plies = Math.min(plies, 9999);
            int value = 10_000 - plies;
            return String.format(Locale.ROOT, "%s%d.%02d", mateIn > 0 ? "" : "-", value / 100, value % 100);
        }
        int clamped = Math.max(-9000, Math.min(9000, scoreCp)); // keep evaluations out of the win range
        return String.format(Locale.ROOT, "%.2f", clamped / 100.0);
    }
}
