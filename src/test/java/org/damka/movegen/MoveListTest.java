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

    @Test
    void mergesDuplicatesRightAfterAnotherLongCaptureList() {
        // Found by the differential test: the index that merges duplicates in long capture lists
        // (over 48 moves) was kept from one walk (50 moves) to the next on the same list, and the
        // second position listed 59 moves where 58 are distinct.
        Rules rules = Variants.HEXAGONAL;
        MoveGenerator generator = MoveGenerator.create(rules);
        MoveList list = new MoveList();
        generator.generate(Fen.parse(rules,
                "W:WKd3,Kf1,Kf10,g1:BKa1,Ka2,Kb2,Kd5,Ke3,Ke4,Ke8,Kf2,Kg2,Kg3,Kh6,Ki1,Kj3,Kj4,c3,g5"), list);
        Position p = Fen.parse(rules, "W:WKa2,Ke5,Ke9,Kf2,g5:BKc7,Kg4,a1,d3,d6,e1,e2,e3,e4,e6,e8,g8,h2,h3,i3,i7");
        int n = generator.generate(p, list);
        assertEquals(58, n);
        assertEquals(Canonical.referenceMoves(rules, p), Canonical.engineMoves(rules, generator, p, list));
    }
}
