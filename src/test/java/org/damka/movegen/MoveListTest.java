package org.damka.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** The move list holds every move, however many: flying-king captures can exceed its initial capacity. */
class MoveListTest {
    @Test
    void growsBeyondItsInitialCapacity() {
        // Found by the differential test: a Black king on a1 has 1,920 distinct capture moves here
        // (the reference generator's count), and the fixed 1,024-entry list overflowed.
        Rules rules = Variants.HEXAGONAL;
        Position p = Fen.parse(rules, "B:Wb2,c7,d5,d6,e1,e2,e4,e5,e8,h1,h2,h4,i5,i6,i7,j3,k2:BKa1,e3");
        MoveGenerator generator = MoveGenerator.create(rules);
        MoveList list = new MoveList();
        int n = generator.generate(p, list);
        assertTrue(n > MoveList.CAPACITY, "expected more moves than the initial capacity, got " + n);
        assertEquals(Canonical.referenceMoves(rules, p), Canonical.engineMoves(rules, generator, p, list));
        assertEquals(n, list.size());
        assertEquals(n, generator.countMoves(p));
        // addFrom grows too.
        MoveList copy = new MoveList();
        for (int i = 0; i < n; i++) copy.addFrom(list, i);
        for (int i = 0; i < n; i++) assertTrue(copy.sameMove(i, list, i));
    }
}
