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
            return new EvalWeights(100, 165,
                    new int[] {0, 2, 4, 6, 8, 10, 14, 0},
                    new int[] {0, 4, 8, 12, 18, 26, 36, 0},
                    new int[] {0},
                    new int[] {-14, -2, 6, 10},
                    25, 30, 8, 0, 2, 3, -4, 10, 4, 30, 6);
        }
        if (rules.geometry().twoWords()) {
            // The 80-cell hexagon: 11 rows, flying kings from the start. A piece on the edge
            // cannot be jumped across the edge, and with four flying kings about that safety
            // decides: an edge bonus for men and kings took the score against material only
            // from 49% to 63-71% (5000 nodes a move, three opening sets), while a centre bonus
            // of one point lost 166 Elo. Mobility, locked-men, runaway, main-line and trade-down
            // terms each lost strength here, so they are off.
            return new EvalWeights(100, 300,
                    new int[] {0, 1, 2, 3, 4, 5, 6, 8, 10, 14, 0},
                    new int[] {0, 3, 6, 9, 12, 16, 20, 26, 34, 44, 0},
                    new int[] {15, 0},
                    new int[] {30, 0},
                    8, 0, 0, 0, 0, 0, 0, 10, 2, 0, 0);
        }
        if (rows >= 10) {
            // 10x10 international: slow build-up, kings about three men. No centre bonus for men
            // and a stronger back rank: 76% -> 83% against material only in self-play.
            return new EvalWeights(100, 300,
                    new int[] {0, 1, 2, 3, 4, 5, 6, 8, 10, 0},
                    new int[] {0, 3, 6, 9, 12, 16, 22, 30, 40, 0},
                    new int[] {0},
                    new int[] {-6, 0, 3, 5, 6},
                    20, 60, 12, 15, 2, 1, -4, 10, 2, 30, 0);
        }
        // 8x8 with flying kings (russian, brazilian): a king is worth nearly three men, the long
        // diagonal is the key line of king endgames. No centre bonus for men and a back rank
        // worth a third of a man: against material only (self-play, 5000 nodes a move, 400
        // games) brazilian 73% -> 81%, russian 75% -> 79%.
        return new EvalWeights(100, 280,
                new int[] {0, 2, 4, 6, 8, 11, 15, 0},
                new int[] {0, 4, 8, 13, 19, 27, 38, 0},
                new int[] {0},
                new int[] {-6, 0, 4, 6},
                35, 60, 12, 25, 2, 1, -4, 10, 2, 30, 0);
    }
}
