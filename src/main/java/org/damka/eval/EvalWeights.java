package org.damka.eval;

import org.damka.rules.Rules;

/**
 * Every number of the positional evaluation of one variant family, in one place, ready to be
 * tuned. Units: a man is 100. Tables indexed by "rows advanced" start at the side's own back row
 * (index 0); tables indexed by "ring" start at the board's edge (ring 0 = an edge cell, ring k =
 * k steps from the nearest edge along the lines pieces move on). A value that depends on the
 * game phase has a middle-game and an endgame form, mixed by the share of men still on the board.
 *
 * @param man            value of a man
 * @param king           value of a king (a flying king is worth far more than a short one)
 * @param advanceMid     men: bonus by rows advanced, middle game
 * @param advanceEnd     men: bonus by rows advanced, endgame
 * @param centreMan      men: bonus by ring
 * @param centreKing     kings: bonus by ring
 * @param backRank       per man still on its own back row, times the share of enemy men left
 *                       (it stops enemy men from crowning)
 * @param runaway        a man whose whole forward cone is empty (nothing can stop it by force of
 *                       men): base bonus
 * @param runawayPerRow  ... plus this much for each row it has already advanced
 * @param kingMainLine   per king on the board's longest line(s) (the long diagonal on 8x8)
 * @param manMobility    per free forward step of a man
 * @param kingMobility   per empty cell a king can reach in one move
 * @param lockedMan      per man with no free forward step (negative)
 * @param kingsOnlyBonus endgame: per king of the side with more kings when the other side has
 *                       only kings (drives the conversion)
 * @param drawishScale   how much of the score is kept (out of 16) in a material balance that is
 *                       a known draw or a draw rule makes hard to win
 * @param tradeDown      percent of the material lead added when the board is empty (less with
 *                       more pieces): the side ahead trades down toward a won ending
 * @param chase          kings-only endings: per king step the stronger side's kings stand closer
 *                       to the weaker side's kings (drives the lone king out of its corner)
 */
public record EvalWeights(
        int man,
        int king,
        int[] advanceMid,
        int[] advanceEnd,
        int[] centreMan,
        int[] centreKing,
        int backRank,
        int runaway,
        int runawayPerRow,
        int kingMainLine,
        int manMobility,
        int kingMobility,
        int lockedMan,
        int kingsOnlyBonus,
        int drawishScale,
        int tradeDown,
        int chase) {

    /**
     * The weights for a variant, chosen by what the rules say (board size, king type), never by
     * the variant's name.
     */
    public static EvalWeights forRules(Rules rules) {
        int rows = rules.geometry().rows();
        if (!rules.flyingKings()) {
            // Short kings (8x8, english): kings are worth about 1.65 men and want the centre. A
            // centre bonus for men lost strength in self-play (at 5000 nodes a move against
            // material only: 68.5% with it, 77% without), so men have none.
            return builder().man(100).king(165)
                    .advance(new int[] {0, 2, 4, 6, 8, 10, 14, 0}, new int[] {0, 4, 8, 12, 18, 26, 36, 0})
                    .centre(new int[] {0}, new int[] {-14, -2, 6, 10})
                    .backRank(25).runaway(30, 8).kingMainLine(0).mobility(2, 3).lockedMan(-4)
                    .kingsOnlyBonus(10).drawishScale(4).tradeDown(30).chase(6).build();
        }
        if (rules.geometry().twoWords()) {
            // The 80-cell hexagon: 11 rows, flying kings from the start. A piece on the edge
            // cannot be jumped across the edge, and with four flying kings about that safety
            // decides: an edge bonus for men and kings took the score against material only
            // from 49% to 63-71% (5000 nodes a move, three opening sets), while a centre bonus
            // of one point lost 166 Elo. Mobility, locked-men, runaway, main-line and trade-down
            // terms each lost strength here, so they are off.
            return builder().man(100).king(300)
                    .advance(new int[] {0, 1, 2, 3, 4, 5, 6, 8, 10, 14, 0}, new int[] {0, 3, 6, 9, 12, 16, 20, 26, 34, 44, 0})
                    .centre(new int[] {15, 0}, new int[] {30, 0})
                    .backRank(8).kingsOnlyBonus(10).drawishScale(2).build();
        }
        if (rows >= 10) {
            // 10x10 international: slow build-up, kings about three men. No centre bonus for men
            // and a stronger back rank: 76% -> 83% against material only in self-play.
            return builder().man(100).king(300)
                    .advance(new int[] {0, 1, 2, 3, 4, 5, 6, 8, 10, 0}, new int[] {0, 3, 6, 9, 12, 16, 22, 30, 40, 0})
                    .centre(new int[] {0}, new int[] {-6, 0, 3, 5, 6})
                    .backRank(20).runaway(60, 12).kingMainLine(15).mobility(2, 1).lockedMan(-4)
                    .kingsOnlyBonus(10).drawishScale(2).tradeDown(30).build();
        }
        // 8x8 with flying kings (russian, brazilian): a king is worth nearly three men, the long
        // diagonal is the key line of king endgames. No centre bonus for men and a back rank
        // worth a third of a man: against material only (self-play, 5000 nodes a move, 400
        // games) brazilian 73% -> 81%, russian 75% -> 79%.
        return builder().man(100).king(280)
                .advance(new int[] {0, 2, 4, 6, 8, 11, 15, 0}, new int[] {0, 4, 8, 13, 19, 27, 38, 0})
                .centre(new int[] {0}, new int[] {-6, 0, 4, 6})
                .backRank(35).runaway(60, 12).kingMainLine(25).mobility(2, 1).lockedMan(-4)
                .kingsOnlyBonus(10).drawishScale(2).tradeDown(30).build();
    }

    /** Weights by name; a term not given is 0 (off). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these weights (to change a few of them, as a tuner does). */
    public Builder toBuilder() {
        return builder().man(man).king(king).advance(advanceMid.clone(), advanceEnd.clone())
                .centre(centreMan.clone(), centreKing.clone()).backRank(backRank).runaway(runaway, runawayPerRow)
                .kingMainLine(kingMainLine).mobility(manMobility, kingMobility).lockedMan(lockedMan)
                .kingsOnlyBonus(kingsOnlyBonus).drawishScale(drawishScale).tradeDown(tradeDown).chase(chase);
    }

    /** Names each term of {@link EvalWeights}; see the record's description for their meaning. */
    public static final class Builder {
        private int man, king, backRank, runaway, runawayPerRow, kingMainLine, manMobility, kingMobility;
        private int lockedMan, kingsOnlyBonus, drawishScale, tradeDown, chase;
        private int[] advanceMid = {0}, advanceEnd = {0}, centreMan = {0}, centreKing = {0};

        private Builder() { }

        public Builder man(int v) { man = v; return this; }
        public Builder king(int v) { king = v; return this; }
        /** Men: bonus by rows advanced, in the middle game and in the endgame. */
        public Builder advance(int[] mid, int[] end) { advanceMid = mid; advanceEnd = end; return this; }
        public Builder advanceMid(int[] v) { advanceMid = v; return this; }
        public Builder advanceEnd(int[] v) { advanceEnd = v; return this; }
        /** Bonus by ring (0 = edge) for men and for kings. */
        public Builder centre(int[] men, int[] kings) { centreMan = men; centreKing = kings; return this; }
        public Builder centreMan(int[] v) { centreMan = v; return this; }
        public Builder centreKing(int[] v) { centreKing = v; return this; }
        public Builder backRank(int v) { backRank = v; return this; }
        /** A man nothing can stop: a base bonus plus this much per row advanced. */
        public Builder runaway(int base, int perRow) { runaway = base; runawayPerRow = perRow; return this; }
        public Builder runaway(int v) { runaway = v; return this; }
        public Builder runawayPerRow(int v) { runawayPerRow = v; return this; }
        public Builder kingMainLine(int v) { kingMainLine = v; return this; }
        /** Per free step of a man, per reachable cell of a king. */
        public Builder mobility(int men, int kings) { manMobility = men; kingMobility = kings; return this; }
        public Builder manMobility(int v) { manMobility = v; return this; }
        public Builder kingMobility(int v) { kingMobility = v; return this; }
        public Builder lockedMan(int v) { lockedMan = v; return this; }
        public Builder kingsOnlyBonus(int v) { kingsOnlyBonus = v; return this; }
        public Builder drawishScale(int v) { drawishScale = v; return this; }
        public Builder tradeDown(int v) { tradeDown = v; return this; }
        public Builder chase(int v) { chase = v; return this; }

        public EvalWeights build() {
            return new EvalWeights(man, king, advanceMid, advanceEnd, centreMan, centreKing, backRank, runaway,
                    runawayPerRow, kingMainLine, manMobility, kingMobility, lockedMan, kingsOnlyBonus, drawishScale,
                    tradeDown, chase);
        }
    }
}
