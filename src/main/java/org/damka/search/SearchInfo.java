package org.damka.search;

import java.util.List;

/**
 * One report of the search after an iteration. {@code mateIn} is non-zero for a won or lost
 * position: moves (not plies) to the end, negative when the side to move loses. {@code tbHits}: positions
 * the endgame tables answered.
 */
public record SearchInfo(int depth, int selDepth, int scoreCp, int mateIn, long nodes, long nps, long timeMs,
                         int hashFull, int multiPv, List<String> pv, long tbHits) { }
