package org.damka.movegen;

import org.damka.board.Position;

/**
 * Counts leaf positions at a fixed depth (no draw rules), the standard check of a move
 * generator. The last ply is counted without playing its moves (bulk counting).
 */
public final class Perft {
    private static final int MAX_DEPTH = 64;

    private final MoveGenerator generator;
    private final MoveList[] lists = new MoveList[MAX_DEPTH];
    private final Position[] stack = new Position[MAX_DEPTH + 1];

    public Perft(MoveGenerator generator) {
        this.generator = generator;
        for (int i = 0; i < MAX_DEPTH; i++) lists[i] = new MoveList();
        for (int i = 0; i <= MAX_DEPTH; i++) stack[i] = new Position();
    }

    /** perft(depth) from a position; depth 0 is 1. */
    public long count(Position root, int depth) {
        if (depth < 0 || depth > MAX_DEPTH) throw new IllegalArgumentException("depth out of range: " + depth);
        stack[0].copyFrom(root);
        return depth == 0 ? 1 : count(0, depth);
    }

    private long count(int ply, int depth) {
        Position p = stack[ply];
        if (depth == 1) return generator.countMoves(p);
        MoveList list = lists[ply];
        Position child = stack[ply + 1];
        // The last two plies in the generator, not by a recursive call per child: the recursion is
        // not inlined, and a call per position one ply above the leaves cost about a tenth of
        // perft's time; the generator also counts many children without playing them.
        if (depth == 2) return generator.countChildMoves(p, list, child);
        int n = generator.generate(p, list);
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            child.copyFrom(p);
            list.play(child, i);
            nodes += count(ply + 1, depth - 1);
        }
        return nodes;
    }

    /** perft(depth - 1) of the position after each root move, in list order ("divide"). */
    public long[] divide(Position root, MoveList rootMoves, int depth) {
        generator.generate(root, rootMoves);
        long[] counts = new long[rootMoves.size()];
        Position child = new Position();
        for (int i = 0; i < rootMoves.size(); i++) {
            child.copyFrom(root);
            rootMoves.play(child, i);
            counts[i] = count(child, depth - 1);
        }
        return counts;
    }
}
