package org.damka.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Random;

import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** The incrementally kept Zobrist hash always equals the hash computed from scratch. */
class ZobristTest {

    @Test
    void incrementalHashEqualsRecomputedHashInRandomGames() {
        Random random = new Random(3);
        for (Rules rules : Variants.all()) {
            MoveGenerator generator = MoveGenerator.create(rules);
            MoveList list = new MoveList();
            int checked = 0;
            for (int game = 0; game < 40; game++) {
                Position p = Fen.parse(rules, rules.startFen());
                assertEquals(p.computeHash(rules.geometry()), p.hash(), rules.name() + " start");
                for (int ply = 0; ply < 200; ply++) {
                    int n = generator.generate(p, list);
                    if (n == 0) break;
                    int i = random.nextInt(n);
                    Position before = new Position(p);
                    list.play(p, i);
                    checked++;
                    String where = rules.name() + " after " + Fen.format(rules, before) + " move " + i;
                    assertEquals(p.computeHash(rules.geometry()), p.hash(), where);
                    // A position read back from its string has the same hash (set-up path).
                    assertEquals(p.hash(), Fen.parse(rules, Fen.format(rules, p)).hash(), where);
                    assertNotEquals(before.hash(), p.hash(), where);
                }
            }
            System.err.println("ZobristTest " + rules.name() + ": " + checked + " moves checked");
        }
    }

    @Test
    void sideToMoveAndKingsChangeTheHash() {
        Rules r = Variants.RUSSIAN;
        long white = Fen.parse(r, "W:Wc3:Bf6").hash();
        assertNotEquals(white, Fen.parse(r, "B:Wc3:Bf6").hash());
        assertNotEquals(white, Fen.parse(r, "W:WKc3:Bf6").hash());
        assertNotEquals(white, Fen.parse(r, "W:Wf6:Bc3").hash());
        Position p = Fen.parse(r, "W:Wc3:Bf6");
        p.setSideToMove(Position.BLACK);
        assertEquals(Fen.parse(r, "B:Wc3:Bf6").hash(), p.hash());
        assertEquals(p.computeHash(r.geometry()), p.hash());
    }
}
