package org.damka.movegen;

import java.util.Random;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/** Test helper: random placements of men and kings, for the differential and round-trip tests. */
public final class RandomPositions {
    private RandomPositions() { }

    /**
     * A random position: 1..max pieces a side (max = what a side starts with), men never on
     * their own promotion row, random side to move. The chance that a piece is a king is itself
     * random per position, so sparse all-king endings and crowded men-only middlegames both occur.
     */
    public static Position placement(Rules rules, Random random) {
        Geometry g = rules.geometry();
        int max = Fen.maxPiecesPerSide(rules);
        Position p = new Position();
        double kingChance = random.nextDouble();
        for (int side = 0; side < 2; side++) {
            int count = 1 + random.nextInt(max);
            for (int k = 0; k < count; k++) {
                boolean king = random.nextDouble() < kingChance;
                int bit;
                do {
                    bit = g.bit(random.nextInt(g.cells()));
                } while (!p.isEmpty(bit) || (!king && onPromotionRow(g, side, bit)));
                p.put(side, king, bit);
            }
        }
        p.setSideToMove(random.nextInt(2));
        return p;
    }

    static boolean onPromotionRow(Geometry g, int side, int bit) {
        long row = bit < 64 ? g.promotionLo(side) : g.promotionHi(side);
        return ((row >>> (bit & 63)) & 1) != 0;
    }
}
