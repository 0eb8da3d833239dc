package org.damka.match;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

import org.damka.engine.Engine;

/**
 * How long the engines may think: a clock ({@code base+inc} in seconds, e.g. {@code 10+0.1}), a
 * fixed time per move, a fixed depth or a fixed node count. Exactly one kind is set; the others
 * are 0.
 */
public record TimeControl(long baseMs, long incMs, long moveTimeMs, int depth, long nodes) {

    public static TimeControl clock(long baseMs, long incMs) {
        if (baseMs <= 0 || incMs < 0) throw new IllegalArgumentException("time control needs base > 0 and inc >= 0");
        return new TimeControl(baseMs, incMs, 0, 0, 0);
    }

    public static TimeControl moveTime(long ms) {
        if (ms <= 0) throw new IllegalArgumentException("move time must be positive, got " + ms);
        return new TimeControl(0, 0, ms, 0, 0);
    }

    /**
     * A fixed depth, at most damka's deepest search: a deeper one was refused by every damka
     * engine of the match, whose games then waited out their timeouts and were scored as hangs.
     */
    public static TimeControl depth(int depth) {
        if (depth <= 0 || depth > Engine.MAX_SEARCH_DEPTH) {
            throw new IllegalArgumentException("depth must be 1.." + Engine.MAX_SEARCH_DEPTH + ", got " + depth);
        }
        return new TimeControl(0, 0, 0, depth, 0);
    }

    /** A fixed node count, at most damka's (as {@link #depth}). */
    public static TimeControl nodes(long nodes) {
        if (nodes <= 0 || nodes > Engine.MAX_SEARCH_NODES) {
            throw new IllegalArgumentException("nodes must be 1.." + Engine.MAX_SEARCH_NODES + ", got " + nodes);
        }
        return new TimeControl(0, 0, 0, 0, nodes);
    }

    /**
     * A duration in milliseconds: a number with a unit ({@code 500ms}, {@code 60s}, {@code 1.5s}),
     * or a bare number in {@code bareUnitMs} (1 for milliseconds, 1000 for seconds).
     */
    public static long parseMillis(String text, long bareUnitMs) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = bareUnitMs;
        if (t.endsWith("ms")) {
            unit = 1;
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            unit = 1000;
            t = t.substring(0, t.length() - 1);
        }
        try {
            BigDecimal ms = new BigDecimal(t.trim()).multiply(BigDecimal.valueOf(unit));
            if (ms.signum() < 0) throw new IllegalArgumentException("'" + text + "' is negative");
            // Absurd exponents are settled from the double: rounding 1e-999999999 exactly is slow.
            double approx = ms.doubleValue();
            if (approx < 0.25) return 0;
            if (approx > 1e19) throw new ArithmeticException("out of range"); // beyond a long
            return ms.setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (e.g. "
                    + (bareUnitMs == 1 ? "500, 500ms or 0.5s" : "60, 60s or 500ms") + ")");
        }
    }

    /** Reads {@code <base>+<inc>} or {@code <base>} in seconds (decimals allowed). */
    public static TimeControl parseClock(String text) {
        String t = text.trim();
        int plus = t.indexOf('+');
        try {
            double base = Double.parseDouble(plus < 0 ? t : t.substring(0, plus));
            double inc = plus < 0 ? 0 : Double.parseDouble(t.substring(plus + 1));
            if (!(base > 0) || !(inc >= 0) || base > 1e6 || inc > 1e6) {
                throw new IllegalArgumentException("time control '" + text + "' needs base > 0 and inc >= 0 seconds");
            }
            return clock(Math.round(base * 1000), Math.round(inc * 1000));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("time control '" + text + "' is not <base>+<inc> in seconds (e.g. 10+0.1)");
        }
    }

    public boolean hasClock() {
        return baseMs > 0;
    }

    @Override
    public String toString() {
        if (hasClock()) return String.format(Locale.ROOT, "tc %s+%s", seconds(baseMs), seconds(incMs));
        if (moveTimeMs > 0) return "movetime " + moveTimeMs + " ms";
        if (depth > 0) return "depth " + depth;
        return "nodes " + nodes;
    }

    private static String seconds(long ms) {
        return ms % 1000 == 0 ? Long.toString(ms / 1000) : new java.math.BigDecimal(ms).movePointLeft(3).stripTrailingZeros().toPlainString();
    }
}
