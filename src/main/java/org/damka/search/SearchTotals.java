package org.damka.search;

/**
 * What a whole search did, sent once before its best move when it searched past its last
 * {@link SearchInfo} (a node or time limit, or a stop, inside an iteration): the nodes of every
 * thread, and the time from its start.
 */
public record SearchTotals(long nodes, long nps, long timeMs, int hashFull, long tbHits) { }
