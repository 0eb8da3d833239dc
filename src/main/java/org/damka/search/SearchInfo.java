package org.damka.search;

import java.util.List;

import org.damka.movegen.Move;

/**
 * One report of the search after an iteration. {@code mateIn} is non-zero for a won or lost
 * position: moves (not plies) to the end, negative when the side to move loses. {@code pv} is a
 * line of legal moves from the searched position. {@code tbHits}: positions the endgame tables
 * answered. {@code timeMs} counts from the search's start ({@code go}, also for a ponder search
 * that was hit), so {@code nps} is the nodes over it. {@code unfinished}: the iteration at this
 * depth was cut short after its first move had beaten the last finished depth's, so the score is
 * a lower bound of the depth's value and the depth is not complete.
 */
public record SearchInfo(int depth, int selDepth, int scoreCp, int mateIn, long nodes, long nps, long timeMs,
                         int hashFull, int multiPv, List<Move> pv, long tbHits, boolean unfinished) { }
