package org.damka.tactics;

import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;

/**
 * A deliberately plain minimax used to verify tactic claims independently of the engine's search:
 * negamax with alpha-beta only (which returns the exact minimax value), no table, no ordering
 * heuristics, no pruning, no evaluation beyond material (man 100, flying king 300, short king
 * 150). Depth counts plies; below it, capture sequences are still followed to their end (a
 * position where the side to move must capture is never scored). No legal move is a loss where
 * the variant says so (a draw in hexagonal). Draw rules are ignored (lines here are short).
 * Moves come from the engine's generator, which the perft tests check against the independent
 * reference generator.
 */
public final class MaterialMinimax {
    public static final int WIN = 100_000;
    private static final int MAX_PLY = 96;

    private final Rules rules;
    private final MoveGenerator generator;
    private final MoveList[] lists = new MoveList[MAX_PLY + 1];
    private final Position[] stack = new Position[MAX_PLY + 1];
    private final int king;
    private long nodes;

    public MaterialMinimax(Rules rules) {
        this.rules = rules;
        this.generator = MoveGenerator.create(rules);
        this.king = rules.flyingKings() ? 300 : 150;
        for (int i = 0; i <= MAX_PLY; i++) {
            lists[i] = new MoveList();
            stack[i] = new Position();
        }
    }

    public long nodes() { return nodes; }

    /** Material of the side to move minus the opponent's. */
    public int material(Position p) {
        int s = p.sideToMove();
        int mine = (p.count(s) - p.kingCount(s)) * 100 + p.kingCount(s) * king;
        int theirs = (p.count(s ^ 1) - p.kingCount(s ^ 1)) * 100 + p.kingCount(s ^ 1) * king;
        return mine - theirs;
    }

    /** The minimax value of a position, side to move's view, at this depth. */
    public int value(Position p, int depth) {
        stack[0].copyFrom(p);
        return negamax(0, depth, -WIN - 1, WIN + 1);
    }

    /**
     * Exact values of every root move (the value of the position after the move, from the root
     * side's view), in the order of {@code moves} as generated for {@code p}.
     */
    public int[] rootValues(Position p, MoveList moves, int depth) {
        generator.generate(p, moves);
        int[] out = new int[moves.size()];
        for (int i = 0; i < moves.size(); i++) {
            stack[1].copyFrom(p);
            moves.play(stack[1], i);
            out[i] = -negamax(1, depth - 1, -WIN - 1, WIN + 1);
        }
        return out;
    }

    private int negamax(int ply, int depth, int alpha, int beta) {
        nodes++;
        Position p = stack[ply];
        MoveList moves = lists[ply];
        int n = generator.generate(p, moves);
        if (n == 0) return rules.noMoveLoses() ? -(WIN - ply) : 0;
        if ((depth <= 0 && !moves.isCapture(0)) || ply >= MAX_PLY) return material(p);
        int best = -WIN - 1;
        for (int i = 0; i < n; i++) {
            Position child = stack[ply + 1];
            child.copyFrom(p);
            moves.play(child, i);
            int v = -negamax(ply + 1, depth - 1, -beta, -Math.max(alpha, best));
            if (v > best) {
                best = v;
                if (best >= beta) break;
            }
        }
        return best;
    }
}
