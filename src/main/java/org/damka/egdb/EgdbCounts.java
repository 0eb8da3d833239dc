package org.damka.egdb;

/**
 * Positions per value in a slice's values (side to move's view), and the longest win and loss in
 * plies. Marked non-positions are left out.
 */
public record EgdbCounts(long wins, long draws, long losses, int longestWin, int longestLoss) {
    public long positions() { return wins + draws + losses; }

    /** Over every index (both sides to move). */
    static EgdbCounts of(byte[] values) {
        return of(values, 0, 1);
    }

    /** Over the indices first, first + step, ... (step 2 from 0: White to move, see SliceIndex). */
    static EgdbCounts of(byte[] values, int first, int step) {
        long w = 0, d = 0, l = 0;
        int longestWin = 0, longestLoss = 0;
        for (int i = first; i < values.length; i += step) {
            int v = values[i] & 0xff;
            if (v == EgdbValue.NO_POSITION) continue;
            if (EgdbValue.isWin(v)) {
                w++;
                longestWin = Math.max(longestWin, EgdbValue.distance(v));
            } else if (EgdbValue.isLoss(v)) {
                l++;
                longestLoss = Math.max(longestLoss, EgdbValue.distance(v));
            } else {
                d++;
            }
        }
        return new EgdbCounts(w, d, l, longestWin, longestLoss);
    }
}
