package org.damka.search;

import java.util.List;

import org.damka.movegen.Move;

/**
 * One report of the search after an iteration. {@code mateIn} is non-zero for a won or lost
 * position: moves (not plies) to the end, negative when the side to move loses. {@code pv} is a
 * line of legal moves from the searched position. {@code tbHits}: positions the endgame tables
 * answered.
 */
public record SearchInfo(int depth, int selDepth, int scoreCp, int mateIn, long nodes, long nps, long timeMs,
                         int hashFull, int multiPv, List<Move> pv, long tbHits) { }
