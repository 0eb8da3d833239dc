package org.damka.search;

/**
 * The switches and numbers of the search's selective parts, so that a self-play harness can
 * compare two configurations. {@link #DEFAULT} is what the engine plays with; each non-default
 * choice was kept or dropped by measurement (see the commit history and the helper report).
 *
 * @param aspiration          search iterations from depth 4 on with a window around the last score
 * @param aspirationDelta     the first half-width of that window
 * @param lmr                 late quiet moves at non-PV nodes are searched one ply shallower first
 * @param lmrMinDepth         ... from this depth on
 * @param lmrFullMoves        ... after this many moves searched at full depth
 * @param threatExtension     at the horizon, a quiet position in which the opponent would have a
 *                            capture is searched one ply more instead of being evaluated
 * @param killers             quiet moves that caused cut-offs at the same ply are tried early
 * @param history             other quiet moves are ordered by how often they caused cut-offs
 */
public record SearchParams(boolean aspiration, int aspirationDelta, boolean lmr, int lmrMinDepth, int lmrFullMoves,
                           boolean threatExtension, boolean killers, boolean history) {

    public static final SearchParams DEFAULT = new SearchParams(true, 30, true, 3, 3, false, true, true);

    public SearchParams withLmr(boolean on) {
        return new SearchParams(aspiration, aspirationDelta, on, lmrMinDepth, lmrFullMoves, threatExtension, killers, history);
    }

    public SearchParams withThreatExtension(boolean on) {
        return new SearchParams(aspiration, aspirationDelta, lmr, lmrMinDepth, lmrFullMoves, on, killers, history);
    }

    public SearchParams withAspiration(boolean on) {
        return new SearchParams(on, aspirationDelta, lmr, lmrMinDepth, lmrFullMoves, threatExtension, killers, history);
    }

    public SearchParams withOrdering(boolean killersOn, boolean historyOn) {
        return new SearchParams(aspiration, aspirationDelta, lmr, lmrMinDepth, lmrFullMoves, threatExtension, killersOn, historyOn);
    }
}
