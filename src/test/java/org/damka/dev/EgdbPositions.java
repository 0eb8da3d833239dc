package org.damka.dev;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbValue;
import org.damka.egdb.Material;
import org.damka.egdb.SliceIndex;
import org.damka.movegen.MoveGenerator;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * Prints random quiet positions (no capture for either side, White to move) with exactly
 * {@code pieces} pieces that the tables call won for White (at least 9 plies from the end; with
 * {@code sure-won}, also within the plies no draw rule can cut, see surePlies) or drawn (with at least one man): start positions for conversion matches (docs/egdb.md).
 * {@code java -cp ... org.damka.dev.EgdbPositions <dir> <variant> <pieces> won|sure-won|drawn <count> <seed>}
 */
public final class EgdbPositions {
    private EgdbPositions() { }

    /**
     * Plies within which no draw rule can end a game started from balance m: the reversible-move
     * limit, and every endgame or stasis limit whose configuration play from m could reach (a
     * counter that starts later still leaves at least its whole limit).
     */
    static int surePlies(Rules rules, Material m) {
        Rules.DrawRules d = rules.draws();
        int plies = d.reversibleMoves() > 0 ? 2 * d.reversibleMoves() : Integer.MAX_VALUE;
        for (Material b : Egdb.balances(rules, m.pieces())) {
            if (!m.leadsTo(b)) continue;
            for (Rules.EndgameLimit e : d.endgames()) {
                if (couldHold(e, b.whiteMen() + b.whiteKings(), b.blackMen() + b.blackKings())
                        || couldHold(e, b.blackMen() + b.blackKings(), b.whiteMen() + b.whiteKings())) {
                    plies = Math.min(plies, 2 * e.moves());
                }
            }
            for (Rules.StasisLimit s : d.stasis()) {
                if (b.pieces() >= s.minPieces() && b.pieces() <= s.maxPieces()) plies = Math.min(plies, 2 * s.moves());
            }
        }
        return plies;
    }

    /** True if an endgame limit could hold with these piece counts (men may still promote). */
    private static boolean couldHold(Rules.EndgameLimit e, int strong, int weak) {
        return strong >= e.minPieces() && strong <= e.maxPieces() && strong >= e.minKings() && weak == e.weakKings();
    }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[1]);
        int pieces = Integer.parseInt(args[2]);
        // won: the tables say won (draw rules ignored); sure-won: won in few enough plies that no
        // draw rule can end the game first (surePlies); drawn: drawn, with at least one man.
        boolean won = args[3].startsWith("won") || args[3].equals("sure-won");
        boolean sure = args[3].equals("sure-won");
        int count = Integer.parseInt(args[4]);
        SplittableRandom random = new SplittableRandom(Long.parseLong(args[5]));
        Egdb egdb = Egdb.load(Path.of(args[0]), rules, pieces, System.err::println);
        MoveGenerator generator = MoveGenerator.create(rules);
        List<Material> balances = new ArrayList<>();
        for (Material m : Egdb.balances(rules, pieces)) if (m.pieces() == pieces) balances.add(m);
        Position p = new Position();
        for (int found = 0, tries = 0; found < count && tries < 10_000_000; tries++) {
            Material m = balances.get(random.nextInt(balances.size()));
            SliceIndex index = egdb.index(m);
            if (!index.decode(random.nextLong(index.size() / 2) * 2, p) || generator.hasCapture(p)) continue;
            Position other = new Position(p);
            other.setSideToMove(Position.BLACK);
            if (generator.hasCapture(other)) continue;
            int v = egdb.probe(p);
            boolean wanted = won ? EgdbValue.isWin(v) && EgdbValue.distance(v) >= 9 && (!sure || EgdbValue.distance(v) <= surePlies(rules, m))
                    : v == EgdbValue.DRAW && m.men() > 0;
            if (!wanted) continue;
            System.out.println(Fen.format(rules, p));
            found++;
        }
    }
}
