package org.damka.bench;

import java.util.Random;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * The positions the benchmarks run on, per variant and kind, found by seeded random play so they
 * are the same on every run without being written out by hand:
 * <ul>
 *   <li>{@code opening}: the start position;</li>
 *   <li>{@code kings}: a middle game where both sides have kings;</li>
 *   <li>{@code captures}: a position whose side to move has a capture of two or more pieces.</li>
 * </ul>
 */
final class BenchPositions {
    private BenchPositions() { }

    static Rules rules(String variant) {
        Rules r = Variants.byName(variant);
        if (r == null) throw new IllegalArgumentException("unknown variant " + variant);
        return r;
    }

    /** A few positions of the kind (so that a benchmark can cycle through them). */
    static Position[] positions(String variant, String kind, int count) {
        Rules rules = rules(variant);
        Position[] out = new Position[count];
        Random random = new Random(20261129L + variant.hashCode() * 31L + kind.hashCode());
        for (int k = 0; k < count; k++) out[k] = find(rules, kind, random);
        return out;
    }

    private static Position find(Rules rules, String kind, Random random) {
        Position start = Fen.parse(rules, rules.startFen());
        if (kind.equals("opening")) return start;
        MoveGenerator generator = MoveGenerator.create(rules);
        MoveList moves = new MoveList();
        for (int game = 0; game < 10_000; game++) {
            Position p = new Position(start);
            for (int ply = 0; ply < 300; ply++) {
                int n = generator.generate(p, moves);
                if (n == 0) break;
                if (ply > 10 && matches(kind, p, moves)) return p;
                moves.play(p, random.nextInt(n));
            }
        }
        throw new IllegalStateException("no " + kind + " position found for " + rules.name());
    }

    private static boolean matches(String kind, Position p, MoveList moves) {
        switch (kind) {
            case "kings":
                return p.kingCount(0) > 0 && p.kingCount(1) > 0 && p.count(0) + p.count(1) >= 10
                        && !moves.isCapture(0);
            case "captures":
                return moves.size() > 0 && moves.captureCount(0) >= 2;
            default:
                throw new IllegalArgumentException("unknown kind " + kind);
        }
    }
}
