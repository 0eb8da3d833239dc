package org.damka.tactics;

import java.util.List;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.MoveList;

/** Dev utility: how many of the stored combinations the engine solves at each node budget. */
public final class TacticsBudget {
    public static void main(String[] args) throws Exception {
        List<TacticsTest.Tactic> all = TacticsTest.tactics();
        long[] budgets = {2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000};
        for (String variant : new String[] {"russian", "brazilian", "international", "english", "hexagonal"}) {
            StringBuilder sb = new StringBuilder(variant + ":");
            for (long b : budgets) {
                int solved = 0, total = 0;
                for (TacticsTest.Tactic t : all) {
                    if (!t.rules().name().equals(variant)) continue;
                    total++;
                    Position p = Fen.parse(t.rules(), t.fen());
                    MoveList moves = new MoveList();
                    if (TacticsTest.index(t, p, moves, TacticsTest.solve(t, b)) == TacticsTest.index(t, p, moves, t.key())) solved++;
                }
                sb.append(" ").append(b).append("=").append(solved).append("/").append(total);
            }
            System.out.println(sb);
        }
    }
}
