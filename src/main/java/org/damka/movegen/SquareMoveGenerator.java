package org.damka.movegen;

import org.damka.board.Position;
import org.damka.rules.Rules;

/**
 * Bitboard generation for square boards that fit one {@code long} with ghost squares (8x8 and
 * 10x10): each diagonal step is one shift, up-left {@code >>> (N/2+1)}, up-right {@code >>> N/2},
 * down-left {@code << N/2}, down-right {@code << (N/2+1)}; ghost and off-board bits are masked out.
 */
final class SquareMoveGenerator extends MoveGenerator {
    private final int sUp1, sUp2;       // up-right = >>> sUp1 (N/2), up-left = >>> sUp2 (N/2+1)
    private final long board;
    private final long[] promotion = new long[2];
    private final boolean flying;
    private final boolean menBackward;
    /** Where a man's capture stops at once, and where it turns into a king's (per side). */
    private final long[] stopsCapture = new long[2], becomesKing = new long[2];

    SquareMoveGenerator(Rules rules) {
        super(rules, true);
        this.sUp1 = -geometry.shift(org.damka.rules.Geometry.UP_RIGHT);
        this.sUp2 = -geometry.shift(org.damka.rules.Geometry.UP_LEFT);
        this.board = geometry.boardLo();
        this.promotion[0] = geometry.promotionLo(0);
        this.promotion[1] = geometry.promotionLo(1);
        this.flying = rules.flyingKings();
        this.menBackward = rules.menCaptureBackward();
        for (int side = 0; side < 2; side++) {
            switch (rules.promotionInCapture()) {
                case END_MOVE -> stopsCapture[side] = promotion[side];
                case CONTINUE_AS_KING -> becomesKing[side] = promotion[side];
                case PASS_AS_MAN -> { }
            }
        }
    }

    @Override
    protected boolean kingsCanCapture(Position p) {
        int side = p.sideToMove();
        long own = p.piecesLo(side), enemy = p.piecesLo(side ^ 1);
        long empty = board & ~(own | enemy);
        long kings = own & p.kingsLo();
        int a = sUp1, b = sUp2;
        if (kings == 0) return false;
        if (!flying) {
            return ((((kings >>> a) & enemy) >>> a) & empty) != 0
                    || ((((kings >>> b) & enemy) >>> b) & empty) != 0
                    || ((((kings << a) & enemy) << a) & empty) != 0
                    || ((((kings << b) & enemy) << b) & empty) != 0;
        }
        // Flying kings: slide every ray over empty squares; the first piece each ray meets is in
        // reach, and it can be taken if it is an enemy with an empty square behind it.
        long ray, reach;
        ray = kings; reach = 0; do { ray >>>= a; reach |= ray; ray &= empty; } while (ray != 0);
        if ((((reach & enemy) >>> a) & empty) != 0) return true;
        ray = kings; reach = 0; do { ray >>>= b; reach |= ray; ray &= empty; } while (ray != 0);
        if ((((reach & enemy) >>> b) & empty) != 0) return true;
        ray = kings; reach = 0; do { ray <<= a; reach |= ray; ray &= empty; } while (ray != 0);
        if ((((reach & enemy) << a) & empty) != 0) return true;
        ray = kings; reach = 0; do { ray <<= b; reach |= ray; ray &= empty; } while (ray != 0);
        return (((reach & enemy) << b) & empty) != 0;
    }

    /** The shared walk's man step, with shifted masks instead of table look-ups. */
    @Override
    protected void manCapture(int sq, long capLo, long capHi, int count) {
        long m = 1L << sq;
        long enemy = enemyLo & ~capLo, empty = emptyLo;
        int dirs = manCaptureDirections[side];
        int a = sUp1, b = sUp2;
        boolean continued = false;
        if ((dirs & 1) != 0 && ((m >>> b) & enemy) != 0 && ((m >>> (2 * b)) & empty) != 0) {
            continued = true;
            afterJump(sq - 2 * b, capLo | (m >>> b), 0, count + 1);
        }
        if ((dirs & 2) != 0 && ((m >>> a) & enemy) != 0 && ((m >>> (2 * a)) & empty) != 0) {
            continued = true;
            afterJump(sq - 2 * a, capLo | (m >>> a), 0, count + 1);
        }
        if ((dirs & 4) != 0 && ((m << a) & enemy) != 0 && ((m << (2 * a)) & empty) != 0) {
            continued = true;
            afterJump(sq + 2 * a, capLo | (m << a), 0, count + 1);
        }
        if ((dirs & 8) != 0 && ((m << b) & enemy) != 0 && ((m << (2 * b)) & empty) != 0) {
            continued = true;
            afterJump(sq + 2 * b, capLo | (m << b), 0, count + 1);
        }
        if (!continued) endManCapture(sq, capLo, 0, count);
    }

    /**
     * The men's moves by bitboards: the men that jump in each direction, their landing squares,
     * and which of those could jump on in a direction other than back over the victim. That test
     * reads the board before the jump, which is exact: the jump changes only its origin (behind
     * the victim), its landing and its victim (still on the board, not to be taken twice).
     */
    @Override
    protected long menToWalk(Position p) {
        int side = p.sideToMove();
        return menToWalk(side, p.piecesLo(side), p.piecesLo(side ^ 1));
    }

    /** {@link #menToWalk(Position)} of a side with these men (and no king) against these pieces. */
    private long menToWalk(int side, long men, long enemy) {
        long empty = board & ~(men | enemy);
        int a = sUp1, b = sUp2;
        // Squares from which a man could jump, per direction (the bits of manCapture's dirs).
        long upLeft = 0, upRight = 0, downLeft = 0, downRight = 0;
        if (side == Position.WHITE || menBackward) {
            upLeft = (enemy & (empty << b)) << b;
            upRight = (enemy & (empty << a)) << a;
        }
        if (side == Position.BLACK || menBackward) {
            downLeft = (enemy & (empty >>> a)) >>> a;
            downRight = (enemy & (empty >>> b)) >>> b;
        }
        long j0 = men & upLeft, j1 = men & upRight, j2 = men & downLeft, j3 = men & downRight;
        if ((j0 | j1 | j2 | j3) == 0) {
            countedByBitboards = side == Position.WHITE
                    ? Long.bitCount((men >>> a) & empty) + Long.bitCount((men >>> b) & empty)
                    : Long.bitCount((men << a) & empty) + Long.bitCount((men << b) & empty);
            return 0;
        }
        // A landing goes on if it can jump again, or becomes a king that might; not where the capture stops.
        long goesOn = becomesKing[side], stop = stopsCapture[side];
        long walk = ((((j0 >>> (2 * b)) & (goesOn | upLeft | upRight | downLeft)) & ~stop) << (2 * b))
                | ((((j1 >>> (2 * a)) & (goesOn | upLeft | upRight | downRight)) & ~stop) << (2 * a))
                | ((((j2 << (2 * a)) & (goesOn | upLeft | downLeft | downRight)) & ~stop) >>> (2 * a))
                | ((((j3 << (2 * b)) & (goesOn | upRight | downLeft | downRight)) & ~stop) >>> (2 * b));
        long rest = ~walk;
        countedByBitboards = Long.bitCount(j0 & rest) + Long.bitCount(j1 & rest)
                + Long.bitCount(j2 & rest) + Long.bitCount(j3 & rest);
        return walk;
    }

    /**
     * perft(2) with the children counted from the bitboards of the move: when no king is on the
     * board, each child is its parent with one man moved (and the pieces it took removed), and its
     * moves are {@link #menToWalk}'s count of the opponent's men against that position. A child is
     * built and walked only when one of its jumps may go on. Quiet moves are read from the
     * bitboards too; captures are listed by the walker.
     */
    @Override
    public long countChildMoves(Position p, MoveList list, Position child) {
        if (!menCountShortcut || p.kingsLo() != 0) return super.countChildMoves(p, list, child);
        long total = 0;
        if (jumpingMenLo(p) != 0) {
            int n = generate(p, list);
            for (int i = 0; i < n; i++) {
                total += countAfter(p, child, list.from(i), list.to(i), list.capturedLo(i), list.promotes(i));
            }
            return total;
        }
        int side = p.sideToMove();
        long own = p.piecesLo(side), enemy = p.piecesLo(side ^ 1);
        long empty = board & ~(own | enemy);
        long promo = promotion[side];
        boolean white = side == Position.WHITE;
        for (int k = 0; k < 2; k++) {
            int s = k == 0 ? sUp1 : sUp2;
            for (long t = (white ? own >>> s : own << s) & empty; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t);
                int from = white ? to + s : to - s;
                total += countAfter(p, child, from, to, 0, ((promo >>> to) & 1) != 0);
            }
        }
        return total;
    }

    /**
     * The moves of p's child after a man's move (given as {@link Position#play} takes it, low word):
     * a {@link #menToWalk} count, with the child built in {@code child} only when a jump may go on.
     * (A man that comes back to its square, from == to, leaves its side's set as it was.)
     */
    private int countAfter(Position p, Position child, int from, int to, long captured, boolean promotes) {
        int side = p.sideToMove();
        long movedSide = p.piecesLo(side) ^ (1L << from) ^ (1L << to);
        long walk = menToWalk(side ^ 1, p.piecesLo(side ^ 1) & ~captured, movedSide);
        if (walk == 0) return countedByBitboards;
        int single = countedByBitboards;
        child.copyFrom(p);
        child.play(from, to, captured, 0, promotes);
        return countByWalk(child, walk, 0, single);
    }

    @Override
    protected long jumpingMenLo(Position p) {
        int side = p.sideToMove();
        long own = p.piecesLo(side), enemy = p.piecesLo(side ^ 1);
        long empty = board & ~(own | enemy);
        long men = own & ~p.kingsLo();
        int a = sUp1, b = sUp2;
        long found = 0;
        // A man on m captures up-left if m - b is an enemy and m - 2b is empty (and so on).
        if (side == Position.WHITE || menBackward) {
            found |= ((enemy & (empty << a)) << a) | ((enemy & (empty << b)) << b);
        }
        if (side == Position.BLACK || menBackward) {
            found |= ((enemy & (empty >>> a)) >>> a) | ((enemy & (empty >>> b)) >>> b);
        }
        return found & men;
    }

    @Override
    protected long jumpingMenHi(Position p) {
        return 0;
    }

    @Override
    protected void generateQuiet(Position p, MoveList list) {
        int side = p.sideToMove();
        long own = p.piecesLo(side);
        long empty = board & ~(own | p.piecesLo(side ^ 1));
        long kings = own & p.kingsLo();
        long men = own & ~kings;
        long promo = promotion[side];
        int a = sUp1, b = sUp2;
        if (side == Position.WHITE) {
            for (long t = (men >>> a) & empty; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t);
                list.add(to + a, to, 0, 0, 0, ((promo >>> to) & 1) != 0);
            }
            for (long t = (men >>> b) & empty; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t);
                list.add(to + b, to, 0, 0, 0, ((promo >>> to) & 1) != 0);
            }
        } else {
            for (long t = (men << a) & empty; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t);
                list.add(to - a, to, 0, 0, 0, ((promo >>> to) & 1) != 0);
            }
            for (long t = (men << b) & empty; t != 0; t &= t - 1) {
                int to = Long.numberOfTrailingZeros(t);
                list.add(to - b, to, 0, 0, 0, ((promo >>> to) & 1) != 0);
            }
        }
        for (; kings != 0; kings &= kings - 1) {
            int from = Long.numberOfTrailingZeros(kings);
            long k = 1L << from;
            for (long x = (k >>> a) & empty; x != 0; x = flying ? (x >>> a) & empty : 0) {
                list.add(from, Long.numberOfTrailingZeros(x), 0, 0, 0, false);
            }
            for (long x = (k >>> b) & empty; x != 0; x = flying ? (x >>> b) & empty : 0) {
                list.add(from, Long.numberOfTrailingZeros(x), 0, 0, 0, false);
            }
            for (long x = (k << a) & empty; x != 0; x = flying ? (x << a) & empty : 0) {
                list.add(from, Long.numberOfTrailingZeros(x), 0, 0, 0, false);
            }
            for (long x = (k << b) & empty; x != 0; x = flying ? (x << b) & empty : 0) {
                list.add(from, Long.numberOfTrailingZeros(x), 0, 0, 0, false);
            }
        }
    }

    @Override
    protected int countQuiet(Position p) {
        int side = p.sideToMove();
        long own = p.piecesLo(side);
        long empty = board & ~(own | p.piecesLo(side ^ 1));
        long kings = own & p.kingsLo();
        long men = own & ~kings;
        int a = sUp1, b = sUp2;
        int n = side == Position.WHITE
                ? Long.bitCount((men >>> a) & empty) + Long.bitCount((men >>> b) & empty)
                : Long.bitCount((men << a) & empty) + Long.bitCount((men << b) & empty);
        if (kings == 0) return n;
        // Rays of different kings in one direction never overlap, so counting them together is exact.
        long x;
        x = (kings >>> a) & empty; while (x != 0) { n += Long.bitCount(x); x = flying ? (x >>> a) & empty : 0; }
        x = (kings >>> b) & empty; while (x != 0) { n += Long.bitCount(x); x = flying ? (x >>> b) & empty : 0; }
        x = (kings << a) & empty; while (x != 0) { n += Long.bitCount(x); x = flying ? (x << a) & empty : 0; }
        x = (kings << b) & empty; while (x != 0) { n += Long.bitCount(x); x = flying ? (x << b) & empty : 0; }
        return n;
    }
}
