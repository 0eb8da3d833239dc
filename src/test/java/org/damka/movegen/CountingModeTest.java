package org.damka.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * perft's last ply counts captures without listing them ({@link MoveGenerator#countMoves}): men's
 * single jumps by bitboards, the rest by the walker; it must still merge a capture's duplicate
 * paths, apply the majority rule and the promotion rules of a capture. Each position is
 * checked against the reference generator and against the walker's own list.
 */
class CountingModeTest {
    /** Checks the position and returns its number of moves. */
    private static int check(Rules rules, String fen) {
        Position p = Fen.parse(rules, fen);
        MoveGenerator generator = MoveGenerator.create(rules);
        MoveList list = new MoveList();
        var reference = Canonical.referenceMoves(rules, p);
        assertEquals(reference, Canonical.engineMoves(rules, generator, p, list), fen);
        assertEquals(reference.size(), generator.generate(p, list), fen + ": generate");
        assertEquals(reference.size(), generator.countMoves(p), fen + ": countMoves");
        return reference.size();
    }

    @Test
    void aMansLoopAroundFourPiecesIsOneMove() {
        // 32x28x29x39x38 back to 32, clockwise or anticlockwise: one move (from, to and the
        // captured set are the same), the fewest captures with which a man's paths can repeat.
        assertEquals(1, check(Variants.INTERNATIONAL, "W:W32:B28,29,38,39"));
    }

    @Test
    void aLongerCaptureFoundLaterDiscardsTheCountedShortOnes() {
        // 32x23 (one piece) is walked first; 38x29x20 (two) then makes it illegal.
        assertEquals(1, check(Variants.INTERNATIONAL, "W:W32,38:B24,28,33"));
    }

    @Test
    void aManPassingThePromotionRowGoesOnAndOutranksSingleJumps() {
        // 12x3x14 passes row 1 as a man (international); with it, 40x29 is not legal. Without
        // black 9 both single jumps are.
        assertEquals(1, check(Variants.INTERNATIONAL, "W:W12,40:B8,9,34"));
        assertEquals(2, check(Variants.INTERNATIONAL, "W:W12,40:B8,34"));
    }

    @Test
    void aManCrowningInACaptureGoesOnAsAKingBesideFreeSingleJumps() {
        // Russian: b6xd8 crowns and flies on over e7 to f6, g5 or h4; b2xd4 is legal beside them.
        assertEquals(4, check(Variants.RUSSIAN, "W:Wb6,b2:Bc7,e7,c3"));
        // Over f6, which a man on d8 could not take: b6xd8xg5 and b6xd8xh4.
        assertEquals(3, check(Variants.RUSSIAN, "W:Wb6,b2:Bc7,f6,c3"));
    }

    @Test
    void aManCrowningInACaptureStopsThere() {
        // English: 10x1 and 10x3 crown and end the move, though a king on 3 could take 8.
        assertEquals(2, check(Variants.ENGLISH, "W:W10:B6,7,8"));
    }

    @Test
    void kingCapturesWithDuplicatePathsAreMerged() {
        // Flying kings: the same set taken in another order ends on the same square.
        check(Variants.RUSSIAN, "W:WKa1:Bb4,b6,d6,d4");
        check(Variants.INTERNATIONAL, "W:WK46:B37,28,19,39,30");
    }
}
