package org.damka.engine;

import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.Perft;

/**
 * A per-move perft ("divide") that can be stopped: the tree is walked down to subtrees of
 * {@link #CHUNK_DEPTH} plies, each counted by {@link Perft}, and the stop flag is checked between
 * subtrees, so a stop is honoured within one small subtree however deep the perft. Positions and
 * move lists are preallocated per ply.
 */
final class PerftJob {
    /** Subtrees this deep are counted in one go (a few thousand to a few hundred thousand nodes). */
    private static final int CHUNK_DEPTH = 3;

    private final MoveGenerator generator;
    private final Perft perft;
    private final MoveList[] lists;
    private final Position[] stack;
    private volatile boolean stopped;

    PerftJob(MoveGenerator generator, int depth) {
        this.generator = generator;
        this.perft = new Perft(generator);
        this.lists = new MoveList[depth + 1];
        this.stack = new Position[depth + 1];
        for (int i = 0; i <= depth; i++) {
            lists[i] = new MoveList();
            stack[i] = new Position();
        }
    }

    void stop() {
        stopped = true;
    }

    /** Runs the divide of root at depth, reporting each root move; stops early on {@link #stop}. */
    void run(Position root, int depth, Engine.PerftListener listener) {
        MoveList rootMoves = lists[0];
        generator.generate(root, rootMoves);
        long total = 0;
        int done = 0;
        for (int i = 0; i < rootMoves.size() && !stopped; i++) {
            Position child = stack[1];
            child.copyFrom(root);
            rootMoves.play(child, i);
            long count = count(1, depth - 1);
            if (stopped) break;
            listener.move(rootMoves.move(i), count);
            total += count;
            done++;
        }
        listener.finished(total, done, rootMoves.size(), !stopped);
    }

    private long count(int ply, int depth) {
        Position p = stack[ply];
        if (depth <= CHUNK_DEPTH) return stopped ? 0 : perft.count(p, depth);
        MoveList list = lists[ply];
        int n = generator.generate(p, list);
        Position child = stack[ply + 1];
        long nodes = 0;
        for (int i = 0; i < n && !stopped; i++) {
            child.copyFrom(p);
            list.play(child, i);
            nodes += count(ply + 1, depth - 1);
        }
        return nodes;
    }
}
