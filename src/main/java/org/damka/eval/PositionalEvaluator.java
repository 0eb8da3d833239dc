package org.damka.eval;

import java.util.ArrayList;
import java.util.List;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.draw.DrawJudge;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * The full evaluation of every variant: material, advancement (mixed between middle game and
 * endgame by the men left), centre and edge, back-rank guard, runaway men, kings on the longest
 * line, mobility, locked men, and endgame knowledge that scales the score toward a draw in
 * balances that cannot be won (flying kings: no more than one king up and no men) or that a
 * draw rule of the variant limits to a few moves. Weights come from {@link EvalWeights}; the
 * board knowledge from {@link BoardTables}, so one piece of code serves every board.
 *
 * <p>Stateless after construction: one instance may serve several search threads. The hot path
 * ({@link #evaluate}) allocates nothing; {@link #explain} runs the same code, recording terms.
 */
public final class PositionalEvaluator implements Evaluator {
    /** Term indices (the order of {@link #explain}). */
    static final int MATERIAL = 0, ADVANCE = 1, CENTRE = 2, BACK_RANK = 3, RUNAWAY = 4, MAIN_LINE = 5,
            MOBILITY = 6, LOCKED = 7, ENDGAME = 8, TERMS = 9;
    private static final String[] NAMES = {"material", "advancement", "centre", "back rank", "runaway men",
            "kings on main line", "mobility", "locked men", "endgame"};
    /** The whole score in {@link #drawScale}'s units. */
    public static final int SCALE_ONE = 16;
    /** Keeps static scores well inside the search's win range. */
    private static final int MAX_SCORE = 20_000;

    private final EvalWeights w;
    private final BoardTables t;
    private final int layout;
    private final boolean flying;
    private final int maxPhase;
    private final int startPieces;
    private final int[] fwd = new int[4];   // forward shifts: White d0, d1; Black d2, d3
    /**
     * A man's terms on a cell, packed per (side * layout + bit) so a man costs one array's
     * bounds check and cache line: advancement (middle game, endgame), centre, runaway bonus.
     */
    private final int[] manAt;
    private static final int MAN_MID = 0, MAN_END = 1, MAN_CENTRE = 2, MAN_RUNAWAY = 3, MAN_TERMS = 4;
    /** The forward cone a runaway man needs empty, per (side * layout + bit): low word, high word. */
    private final long[] coneAt;
    private final int[] centreKingAt;
    private final int[] shortLimits;        // indices of endgame limits with few moves
    private final DrawJudge draws;

    public PositionalEvaluator(Rules rules) {
        this(rules, EvalWeights.forRules(rules));
    }

    public PositionalEvaluator(Rules rules, EvalWeights weights) {
        this.w = weights;
        this.t = new BoardTables(rules.geometry());
        this.layout = t.layout;
        this.flying = rules.flyingKings();
        Position start = Fen.parse(rules, rules.startFen());
        this.maxPhase = Math.max(1, start.count(0) + start.count(1) - start.kingCount(0) - start.kingCount(1));
        this.startPieces = start.count(0) + start.count(1);
        for (int d = 0; d < 4; d++) fwd[d] = t.shift[d];
        manAt = new int[2 * layout * MAN_TERMS];
        coneAt = new long[2 * layout * 2];
        // A man's bonuses stay below most of what crowning gains, so promoting always pays.
        int cap = Math.max(0, (w.king() - w.man()) * 3 / 4);
        centreKingAt = new int[layout];
        Geometry g = rules.geometry();
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            for (int side = 0; side < 2; side++) {
                int a = t.advanced[side * layout + bit];
                int mid = Math.min(cap, at(w.advanceMid(), a)), end = Math.min(cap, at(w.advanceEnd(), a));
                int m = (side * layout + bit) * MAN_TERMS;
                manAt[m + MAN_MID] = mid;
                manAt[m + MAN_END] = end;
                manAt[m + MAN_CENTRE] = at(w.centreMan(), t.ring[bit]);
                manAt[m + MAN_RUNAWAY] = Math.max(0, Math.min(w.runaway() + w.runawayPerRow() * a, cap - Math.max(mid, end)));
                coneAt[2 * (side * layout + bit)] = t.coneLo[side * layout + bit];
                coneAt[2 * (side * layout + bit) + 1] = t.coneHi[side * layout + bit];
            }
            centreKingAt[bit] = at(w.centreKing(), t.ring[bit]);
        }
        draws = new DrawJudge(rules);
        int n = 0;
        int[] idx = new int[draws.endgames()];
        for (int i = 0; i < idx.length; i++) if (draws.endgame(i).moves() <= 5) idx[n++] = i;
        shortLimits = java.util.Arrays.copyOf(idx, n);
    }

    private static int at(int[] table, int i) {
        return table.length == 0 ? 0 : table[Math.min(i, table.length - 1)];
    }

    public EvalWeights weights() { return w; }

    @Override
    public int evaluate(Position p) {
        int score = score(p, null, null);
        return p.sideToMove() == Position.WHITE ? score : -score;
    }

    @Override
    public List<Term> explain(Position p) {
        int[] white = new int[TERMS], black = new int[TERMS];
        int total = score(p, white, black);
        List<Term> out = new ArrayList<>();
        int raw = 0;
        for (int k = 0; k < TERMS; k++) {
            out.add(new Term(NAMES[k], white[k], black[k]));
            raw += white[k] - black[k];
        }
        // The endgame scale, shown as the amount it takes away.
        out.add(new Term("draw scaling", total - raw, 0));
        return out;
    }

    /**
     * White's score when the draw scale ({@link #drawScale}) is already known: the learned
     * evaluation needs the scale for its own correction too and computes it once.
     */
    public int whiteScore(Position p, int scale) {
        return score(p, null, null, scale);
    }

    /** White's score; records terms per side when the arrays are given. */
    private int score(Position p, int[] whiteTerms, int[] blackTerms) {
        return score(p, whiteTerms, blackTerms, drawScale(p));
    }

    private int score(Position p, int[] whiteTerms, int[] blackTerms, int scale) {
        long occLo = p.whiteLo() | p.blackLo(), occHi = p.whiteHi() | p.blackHi();
        long emptyLo = t.boardLo & ~occLo, emptyHi = t.boardHi & ~occHi;
        int wMen = p.count(0) - p.kingCount(0), bMen = p.count(1) - p.kingCount(1);
        int phase = Math.min(maxPhase, wMen + bMen);
        int white = side(p, 0, phase, bMen, emptyLo, emptyHi, occLo, occHi, whiteTerms);
        int black = side(p, 1, phase, wMen, emptyLo, emptyHi, occLo, occHi, blackTerms);
        int endgame = endgame(p, whiteTerms, blackTerms);
        int score = white - black + endgame;
        if (scale != SCALE_ONE) score = score * scale / SCALE_ONE;
        return Math.max(-MAX_SCORE, Math.min(MAX_SCORE, score));
    }

    private int side(Position p, int side, int phase, int enemyMen, long emptyLo, long emptyHi,
                     long occLo, long occHi, int[] terms) {
        long ownLo = p.piecesLo(side), ownHi = p.piecesHi(side);
        long kLo = ownLo & p.kingsLo(), kHi = ownHi & p.kingsHi();
        long mLo = ownLo & ~kLo, mHi = ownHi & ~kHi;
        int men = Long.bitCount(mLo) + Long.bitCount(mHi);
        int kings = Long.bitCount(kLo) + Long.bitCount(kHi);
        int material = men * w.man() + kings * w.king();

        // Per-man tables: advancement (two phases), centre, runaway.
        int mid = 0, end = 0, centre = 0, runaway = 0;
        int base = side * layout;
        for (int word = 0; word < 2; word++) {
            for (long x = word == 0 ? mLo : mHi; x != 0; x &= x - 1) {
                int cell = base + Long.numberOfTrailingZeros(x) + 64 * word;
                int m = cell * MAN_TERMS;
                mid += manAt[m + MAN_MID];
                end += manAt[m + MAN_END];
                centre += manAt[m + MAN_CENTRE];
                if ((coneAt[2 * cell] & occLo) == 0 && (coneAt[2 * cell + 1] & occHi) == 0) {
                    runaway += manAt[m + MAN_RUNAWAY];
                }
            }
        }
        int advance = (mid * phase + end * (maxPhase - phase)) / maxPhase;
        for (long x = kLo; x != 0; x &= x - 1) centre += centreKingAt[Long.numberOfTrailingZeros(x)];
        for (long x = kHi; x != 0; x &= x - 1) centre += centreKingAt[Long.numberOfTrailingZeros(x) + 64];

        int backMen = Long.bitCount(mLo & t.backRowLo[side]) + Long.bitCount(mHi & t.backRowHi[side]);
        int backRank = backMen * w.backRank() * Math.min(enemyMen, maxPhase / 2) / Math.max(1, maxPhase / 2);

        int mainLine = (Long.bitCount(kLo & t.mainLineLo) + Long.bitCount(kHi & t.mainLineHi)) * w.kingMainLine();

        // Mobility: forward steps of men into empty cells; cells reachable by kings.
        int s1 = fwd[side == 0 ? Geometry.UP_LEFT : Geometry.DOWN_LEFT];
        int s2 = fwd[side == 0 ? Geometry.UP_RIGHT : Geometry.DOWN_RIGHT];
        long a1Lo = BoardTables.shiftLo(mLo, mHi, s1) & emptyLo, a1Hi = BoardTables.shiftHi(mLo, mHi, s1) & emptyHi;
        long a2Lo = BoardTables.shiftLo(mLo, mHi, s2) & emptyLo, a2Hi = BoardTables.shiftHi(mLo, mHi, s2) & emptyHi;
        int manSteps = Long.bitCount(a1Lo) + Long.bitCount(a1Hi) + Long.bitCount(a2Lo) + Long.bitCount(a2Hi);
        // A man can move if a target shifted back lands on it.
        long movLo = BoardTables.shiftLo(a1Lo, a1Hi, -s1) | BoardTables.shiftLo(a2Lo, a2Hi, -s2);
        long movHi = BoardTables.shiftHi(a1Lo, a1Hi, -s1) | BoardTables.shiftHi(a2Lo, a2Hi, -s2);
        int locked = Long.bitCount(mLo & ~movLo) + Long.bitCount(mHi & ~movHi);
        int kingSteps = 0;
        if ((kLo | kHi) != 0) {
            for (int d = 0; d < Geometry.DIRECTIONS; d++) {
                int s = fwd[d];
                long rLo = kLo, rHi = kHi;
                do {
                    long nLo = BoardTables.shiftLo(rLo, rHi, s) & emptyLo;
                    long nHi = BoardTables.shiftHi(rLo, rHi, s) & emptyHi;
                    kingSteps += Long.bitCount(nLo) + Long.bitCount(nHi);
                    rLo = nLo;
                    rHi = nHi;
                } while (flying && (rLo | rHi) != 0);
            }
        }
        int mobility = manSteps * w.manMobility() + kingSteps * w.kingMobility();
        int lockedScore = locked * w.lockedMan();

        if (terms != null) {
            terms[MATERIAL] = material;
            terms[ADVANCE] = advance;
            terms[CENTRE] = centre;
            terms[BACK_RANK] = backRank;
            terms[RUNAWAY] = runaway;
            terms[MAIN_LINE] = mainLine;
            terms[MOBILITY] = mobility;
            terms[LOCKED] = lockedScore;
        }
        return material + advance + centre + backRank + runaway + mainLine + mobility + lockedScore;
    }

    /**
     * Converting a lead (White's view): the side ahead in material gains a share of its lead that
     * grows as pieces come off (so it trades down); against kings only, the side with more kings
     * gains per king and for each step its kings stand closer to the enemy kings.
     */
    private int endgame(Position p, int[] whiteTerms, int[] blackTerms) {
        int wk = p.kingCount(0), bk = p.kingCount(1);
        int wc = p.count(0), bc = p.count(1);
        int white = 0, black = 0;
        int lead = (wc - wk - bc + bk) * w.man() + (wk - bk) * w.king();
        int pieces = wc + bc;
        if (lead != 0 && pieces < startPieces) {
            int share = lead * w.tradeDown() / 100 * (startPieces - pieces) / startPieces;
            if (share > 0) white += share; else black -= share;
        }
        if (bc == bk && bk > 0 && wk > bk) white += wk * w.kingsOnlyBonus() + chase(p, 0);
        if (wc == wk && wk > 0 && bk > wk) black += bk * w.kingsOnlyBonus() + chase(p, 1);
        if (whiteTerms != null) {
            whiteTerms[ENDGAME] = white;
            blackTerms[ENDGAME] = black;
        }
        return white - black;
    }

    /** Per king of the side, closeness to the nearest enemy king, times the chase weight. */
    private int chase(Position p, int side) {
        if (w.chase() == 0) return 0;
        int total = 0;
        long eLo = p.piecesLo(side ^ 1), eHi = p.piecesHi(side ^ 1);
        for (int word = 0; word < 2; word++) {
            for (long x = word == 0 ? p.piecesLo(side) : p.piecesHi(side); x != 0; x &= x - 1) {
                int a = Long.numberOfTrailingZeros(x) + 64 * word;
                int nearest = 99;
                for (long y = eLo; y != 0; y &= y - 1) nearest = Math.min(nearest, t.dist[a * layout + Long.numberOfTrailingZeros(y)]);
                for (long y = eHi; y != 0; y &= y - 1) nearest = Math.min(nearest, t.dist[a * layout + Long.numberOfTrailingZeros(y) + 64]);
                total += Math.max(0, t.rows - nearest);
            }
        }
        return total * w.chase();
    }

    /**
     * The endgame knowledge as a factor, out of {@link #SCALE_ONE}: less in balances that are
     * (nearly) always drawn. Other evaluations scale their scores with it too.
     */
    public int drawScale(Position p) {
        return scale(p, p.count(0) - p.kingCount(0), p.count(1) - p.kingCount(1));
    }

    /** How much of the score to keep, out of 16: less in balances that are (nearly) always drawn. */
    private int scale(Position p, int wMen, int bMen) {
        int total = p.count(0) + p.count(1);
        if (total > 16) return SCALE_ONE;
        int wk = p.kingCount(0), bk = p.kingCount(1);
        for (int strong = 0; strong < 2; strong++) {
            int strongMen = strong == 0 ? wMen : bMen, weakMen = strong == 0 ? bMen : wMen;
            int strongKings = strong == 0 ? wk : bk, weakKings = strong == 0 ? bk : wk;
            if (strongKings + strongMen <= weakKings + weakMen) continue;
            // Flying kings: without men, one extra king cannot catch a king.
            if (flying && weakMen == 0 && weakKings >= 1 && strongMen == 0 && strongKings <= weakKings + 1) {
                return w.drawishScale();
            }
            // A draw rule that leaves only a few moves to win this balance.
            for (int i : shortLimits) {
                if (draws.holds(i, p, strong)) return w.drawishScale();
            }
        }
        return SCALE_ONE;
    }
}
