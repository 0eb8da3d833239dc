package org.damka.egdb;

/**
 * The value of a position in a table, as one unsigned byte: 0 is a draw; otherwise the game ends
 * after {@code value - 1} plies of best play (the winner hurries, the loser delays), won for the
 * side to move when that distance is odd, lost when it is even (0: the side to move has no move
 * or no piece). Distances count every ply to the end of the game, across captures and
 * promotions into other slices; draw rules are not applied (docs/egdb.md).
 */
public final class EgdbValue {
    private EgdbValue() { }

    public static final int DRAW = 0;
    /** Marks an index that is no position (two pieces on one cell). */
    static final int NO_POSITION = 255;
    /** The longest distance a byte holds. */
    static final int MAX_DISTANCE = 253;
    /** What a probe returns when no loaded table holds the position. */
    public static final int UNKNOWN = -1;

    public static int ofDistance(int plies) {
        if (plies < 0 || plies > MAX_DISTANCE) throw new IllegalStateException("distance " + plies + " does not fit");
        return plies + 1;
    }

    public static boolean isWin(int v) { return v > 0 && v != NO_POSITION && ((v - 1) & 1) == 1; }

    public static boolean isLoss(int v) { return v > 0 && v != NO_POSITION && ((v - 1) & 1) == 0; }

    public static boolean isDraw(int v) { return v == DRAW; }

    /** Plies to the end of the game (for a win or a loss). */
    public static int distance(int v) { return v - 1; }

    /** The value as words: "win in 7 plies", "win in 1 ply", "loss in 0 plies", "draw", "unknown". */
    public static String describe(int v) {
        if (v == UNKNOWN) return "unknown";
        if (v == DRAW) return "draw";
        if (v == NO_POSITION) return "no position";
        return (isWin(v) ? "win in " : "loss in ") + distance(v) + (distance(v) == 1 ? " ply" : " plies");
    }
}
