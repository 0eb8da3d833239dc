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
 * {@code pieces} pieces that the tables call won for White (at least 9 plies from the end) or
 * drawn (with at least one man): start positions for conversion matches (docs/egdb.md).
 * {@code java -cp ... org.damka.dev.EgdbPositions <dir> <variant> <pieces> won|drawn <count> <seed>}
 */
public final class EgdbPositions {
    private EgdbPositions() { }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[1]);
        int pieces = Integer.parseInt(args[2]);
        boolean won = args[3].equals("won");
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
            boolean wanted = won ? EgdbValue.isWin(v) && EgdbValue.distance(v) >= 9 : v == EgdbValue.DRAW && m.men() > 0;
            if (!wanted) continue;
            System.out.println(Fen.format(rules, p));
            found++;
        }
    }
}
