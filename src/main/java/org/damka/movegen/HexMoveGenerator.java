package org.damka.movegen;

import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * Bitboard generation for boards laid out over two {@code long}s (the 80-cell hexagonal board,
 * 120 layout bits). A step in direction d is a 128-bit shift by the geometry's signed amount
 * (-1, +11, -11, +1), done on the low and high words separately; ghost bits are masked out.
 */
final class HexMoveGenerator extends MoveGenerator {
    private final int[] shift = new int[Geometry.DIRECTIONS];
    private final long boardLo, boardHi;
    private final int[] next;
    private final int layout;
    private final boolean flying;
    private final int[] manDirections = new int[2];
    private final int[] forward = new int[2];

    HexMoveGenerator(Rules rules) {
        super(rules, false);
        for (int d = 0; d < Geometry.DIRECTIONS; d++) shift[d] = geometry.shift(d);
        boardLo = geometry.boardLo();
        boardHi = geometry.boardHi();
        next = geometry.nextTable();
        layout = geometry.layoutBits();
        flying = rules.flyingKings();
        forward[Position.WHITE] = (1 << Geometry.UP_LEFT) | (1 << Geometry.UP_RIGHT);
        forward[Position.BLACK] = (1 << Geometry.DOWN_LEFT) | (1 << Geometry.DOWN_RIGHT);
        manDirections[Position.WHITE] = rules.menCaptureBackward() ? ALL_DIRECTIONS : forward[Position.WHITE];
        manDirections[Position.BLACK] = rules.menCaptureBackward() ? ALL_DIRECTIONS : forward[Position.BLACK];
    }

    /** Low word of a 128-bit set shifted by s (positive: toward higher bits). */
    private static long lo(long lo, long hi, int s) {
        return s > 0 ? lo << s : (lo >>> -s) | (hi << (64 + s));
    }

    /** High word of a 128-bit set shifted by s. */
    private static long hi(long lo, long hi, int s) {
        return s > 0 ? (hi << s) | (lo >>> (64 - s)) : hi >>> -s;
    }

    @Override
    protected boolean kingsCanCapture(Position p) {
        int side = p.sideToMove();
        long ownLo = p.piecesLo(side), ownHi = p.piecesHi(side);
        long enLo = p.piecesLo(side ^ 1), enHi = p.piecesHi(side ^ 1);
        long emLo = boardLo & ~(ownLo | enLo), emHi = boardHi & ~(ownHi | enHi);
        long kLo = ownLo & p.kingsLo(), kHi = ownHi & p.kingsHi();
        if ((kLo | kHi) == 0) return false;
        for (int d = 0; d < Geometry.DIRECTIONS; d++) {
            int s = shift[d];
            long rLo = kLo, rHi = kHi, reachLo = 0, reachHi = 0;
            do {
                long nLo = lo(rLo, rHi, s), nHi = hi(rLo, rHi, s);
                reachLo |= nLo;
                reachHi |= nHi;
                rLo = nLo & emLo;
                rHi = nHi & emHi;
            } while (flying && (rLo | rHi) != 0);
            long tLo = reachLo & enLo, tHi = reachHi & enHi;
            if ((lo(tLo, tHi, s) & emLo) != 0 || (hi(tLo, tHi, s) & emHi) != 0) return true;
        }
        return false;
    }

    @Override
    protected long jumpingMenLo(Position p) {
        return jumpingMen(p, false);
    }

    @Override
    protected long jumpingMenHi(Position p) {
        return jumpingMen(p, true);
    }

    /** One word of the men next to an enemy with an empty cell behind it. */
    private long jumpingMen(Position p, boolean high) {
        int side = p.sideToMove();
        long ownLo = p.piecesLo(side), ownHi = p.piecesHi(side);
        long enLo = p.piecesLo(side ^ 1), enHi = p.piecesHi(side ^ 1);
        long emLo = boardLo & ~(ownLo | enLo), emHi = boardHi & ~(ownHi | enHi);
        long fLo = 0, fHi = 0;
        int dirs = manDirections[side];
        for (int d = 0; d < Geometry.DIRECTIONS; d++) {
            if ((dirs & (1 << d)) == 0) continue;
            int back = -shift[d];
            // Enemy pieces with an empty cell behind them, seen from the capturing side.
            long tLo = enLo & lo(emLo, emHi, back), tHi = enHi & hi(emLo, emHi, back);
            fLo |= lo(tLo, tHi, back);
            fHi |= hi(tLo, tHi, back);
        }
        return high ? fHi & ownHi & ~p.kingsHi() : fLo & ownLo & ~p.kingsLo();
    }

    @Override
    protected void generateQuiet(Position p, MoveList list) {
        int side = p.sideToMove();
        long ownLo = p.piecesLo(side), ownHi = p.piecesHi(side);
        long emLo = boardLo & ~(ownLo | p.piecesLo(side ^ 1)), emHi = boardHi & ~(ownHi | p.piecesHi(side ^ 1));
        long kLo = ownLo & p.kingsLo(), kHi = ownHi & p.kingsHi();
        long mLo = ownLo & ~kLo, mHi = ownHi & ~kHi;
        long prLo = geometry.promotionLo(side), prHi = geometry.promotionHi(side);
        int dirs = forward[side];
        for (int d = 0; d < Geometry.DIRECTIONS; d++) {
            if ((dirs & (1 << d)) == 0) continue;
            int s = shift[d];
            for (long t = lo(mLo, mHi, s) & emLo; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t);
                list.add(to - s, to, 0, 0, 0, ((prLo >>> to) & 1) != 0);
            }
            for (long t = hi(mLo, mHi, s) & emHi; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t) + 64;
                list.add(to - s, to, 0, 0, 0, ((prHi >>> to) & 1) != 0);
            }
        }
        addKingMoves(kLo, 0, emLo, emHi, list);
        addKingMoves(kHi, 64, emLo, emHi, list);
    }

    private void addKingMoves(long kings, int offset, long emLo, long emHi, MoveList list) {
        for (; kings != 0; kings &= kings - 1) {
            int from = Long.numberOfTrailingZeros(kings) + offset;
            for (int d = 0; d < Geometry.DIRECTIONS; d++) {
                int base = d * layout;
                for (int x = next[base + from]; x >= 0; x = flying ? next[base + x] : -1) {
                    if ((((x < 64 ? emLo : emHi) >>> x) & 1) == 0) break;
                    list.add(from, x, 0, 0, 0, false);
                }
            }
        }
    }

    @Override
    protected int countQuiet(Position p) {
        int side = p.sideToMove();
        long ownLo = p.piecesLo(side), ownHi = p.piecesHi(side);
        long emLo = boardLo & ~(ownLo | p.piecesLo(side ^ 1)), emHi = boardHi & ~(ownHi | p.piecesHi(side ^ 1));
        long kLo = ownLo & p.kingsLo(), kHi = ownHi & p.kingsHi();
        long mLo = ownLo & ~kLo, mHi = ownHi & ~kHi;
        int n = 0;
        int dirs = forward[side];
        for (int d = 0; d < Geometry.DIRECTIONS; d++) {
            int s = shift[d];
            if ((dirs & (1 << d)) != 0) {
                n += Long.bitCount(lo(mLo, mHi, s) & emLo) + Long.bitCount(hi(mLo, mHi, s) & emHi);
            }
            // Rays of different kings in one direction never overlap, so counting them together is exact.
            long rLo = kLo, rHi = kHi;
            while ((rLo | rHi) != 0) {
                long nLo = lo(rLo, rHi, s) & emLo, nHi = hi(rLo, rHi, s) & emHi;
                n += Long.bitCount(nLo) + Long.bitCount(nHi);
                if (!flying) break;
                rLo = nLo;
                rHi = nHi;
            }
        }
        return n;
    }
}
