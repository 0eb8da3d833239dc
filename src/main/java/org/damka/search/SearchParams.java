package org.damka.search;

/**
 * The switches and numbers of the search's selective parts, so that a self-play harness can
 * compare two configurations. {@link #DEFAULT} is what the engine plays with. Measured with
 * {@code org.damka.dev.SelfPlay} (russian, 200 games, 20000 nodes a move, seed 11): the threat
 * extension on vs off -26 +- 37 Elo (left off). The reductions' match results are in
 * bench/RESULTS.md, "Selectivity".
 *
 * @param aspiration          search iterations from depth 4 on with a window around the last score
 * @param aspirationDelta     the first half-width of that window
 * @param lmr                 late move reductions
 * @param threatExtension     at the horizon, a quiet position in which the opponent would have a
 *                            capture is searched one ply more instead of being evaluated
 * @param killers             quiet moves that caused cut-offs at the same ply are tried early
 * @param history             other quiet moves are ordered by how often they caused cut-offs
 */
public record SearchParams(boolean aspiration, int aspirationDelta, Reductions lmr,
                           boolean threatExtension, boolean killers, boolean history) {

    /**
     * Late move reductions as Scan 2.0 makes them: a quiet move (neither a capture nor a
     * promotion) that comes after the first moves of a node is searched shallower with a null
     * window, and again at full depth if it beats alpha. Moves that offer an exchange and killers
     * are reduced too: the re-search catches the ones that work. A reduced move keeps at least
     * one ply before the horizon, so at depth 2 nothing is reduced.
     *
     * @param on          reductions are made
     * @param minDepth    ... at nodes with at least this depth left
     * @param fullMoves   ... after this many moves searched at full depth at a non-PV node
     * @param pvFullMoves ... after this many at a PV node, where the reduction is one ply
     * @param deepMoves   from this move on a non-PV node reduces two plies instead of one
     */
    public record Reductions(boolean on, int minDepth, int fullMoves, int pvFullMoves, int deepMoves) {
        public static final Reductions SCAN = new Reductions(true, 2, 1, 3, 4);

        /** The plies by which the quiet move at index move of a node with depth left is reduced. */
        int plies(int depth, int move, boolean pvNode) {
            if (!on || depth < minDepth || move < (pvNode ? pvFullMoves : fullMoves)) return 0;
            return !pvNode && move >= deepMoves ? 2 : 1;
        }

        public Reductions withOn(boolean enabled) {
            return new Reductions(enabled, minDepth, fullMoves, pvFullMoves, deepMoves);
        }
    }

    public static final SearchParams DEFAULT = new SearchParams(true, 30, Reductions.SCAN, false, true, true);

    public SearchParams withLmr(boolean on) {
        return new SearchParams(aspiration, aspirationDelta, lmr.withOn(on), threatExtension, killers, history);
    }

    public SearchParams withThreatExtension(boolean on) {
        return new SearchParams(aspiration, aspirationDelta, lmr, on, killers, history);
    }

    public SearchParams withAspiration(boolean on) {
        return new SearchParams(on, aspirationDelta, lmr, threatExtension, killers, history);
    }

    public SearchParams withOrdering(boolean killersOn, boolean historyOn) {
        return new SearchParams(aspiration, aspirationDelta, lmr, threatExtension, killersOn, historyOn);
    }
}
