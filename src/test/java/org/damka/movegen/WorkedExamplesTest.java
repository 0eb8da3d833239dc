package org.damka.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * The worked examples of docs/rules.md (hexagonal figures) and the capture rules that separate the
 * variants: promotion during a capture, the majority rule with kings, the Turkish strike and the
 * flying king's landing rule. Each expected move list was worked out by hand from docs/rules.md; each
 * position is also compared with the independent reference generator.
 */
class WorkedExamplesTest {

    /** Position, its legal moves and their printed texts. */
    private record Moves(Rules rules, Position position, MoveList list, List<String> texts, MoveNotation notation) {
        int index(String text) {
            return notation.parse(position, list, text);
        }

        boolean promotes(String text) {
            return list.promotes(index(text));
        }

        int captured(String text) {
            return list.captureCount(index(text));
        }

        /** Names of the pieces a move takes, sorted. */
        Set<String> capturedNames(String text) {
            int i = index(text);
            Geometry g = rules.geometry();
            Set<String> names = new TreeSet<>();
            for (int b = 0; b < g.layoutBits(); b++) {
                long w = b < 64 ? list.capturedLo(i) : list.capturedHi(i);
                if (((w >>> (b & 63)) & 1) != 0) names.add(g.cellName(g.cell(b)));
            }
            return names;
        }
    }

    private static Moves moves(Rules rules, String fen) {
        Position p = Fen.parse(rules, fen);
        MoveGenerator generator = MoveGenerator.create(rules);
        MoveList list = new MoveList();
        generator.generate(p, list);
        MoveNotation notation = new MoveNotation(rules);
        List<String> texts = notation.formatAll(p, list);
        // Every printed text must name its own move again, and the reference must agree.
        for (int i = 0; i < list.size(); i++) assertEquals(i, notation.parse(p, list, texts.get(i)), texts.get(i));
        assertEquals(Canonical.referenceMoves(rules, p), Canonical.engineMoves(rules, generator, p, new MoveList()),
                rules.name() + " " + fen + ": engine vs reference");
        return new Moves(rules, p, list, texts, notation);
    }

    private static void assertMoves(Moves m, String... expected) {
        assertEquals(new TreeSet<>(List.of(expected)), new TreeSet<>(m.texts()), m.rules().name());
        assertEquals(expected.length, m.texts().size(), "duplicate moves in " + m.texts());
    }

    // ---- hexagonal figures (docs/rules.md, "The hexagonal variant") --------------------------------

    @Test
    void hexagonalManCapturesAndChangesLine() {
        // White man i3 with Black men on h3 and f4 captures i3:g3:e4.
        Moves m = moves(Variants.HEXAGONAL, "W:Wi3:Bh3,f4");
        assertMoves(m, "i3:g3:e4");
        assertEquals(Set.of("h3", "f4"), m.capturedNames("i3:g3:e4"));
        assertFalse(m.promotes("i3:g3:e4"));
    }

    @Test
    void hexagonalManSteps() {
        // White man g8 alone moves to f8 or f9 (toward the longer row f the neighbours of index 8
        // are 8 and 9).
        assertMoves(moves(Variants.HEXAGONAL, "W:Wg8"), "g8-f8", "g8-f9");
        // Input forms of hexagonal cells: F8, f.8, "F 8".
        Moves m = moves(Variants.HEXAGONAL, "W:Wg8");
        assertEquals(m.index("g8-f8"), m.index("G8-F8"));
        assertEquals(m.index("g8-f8"), m.index("g.8-f.8"));
        assertEquals(m.index("g8-f9"), m.index("G 8-F 9"));
    }

    @Test
    void hexagonalKingLines() {
        // A lone White king on g2 reaches k2, e1, b3 and the rest of its four lines (worked out from
        // the axial coordinates of docs/rules.md: up-left f2 e1; up-right f3 e3 d3 c3 b3 a3; down-left h1;
        // down-right h2 i2 j2 k2). The two neighbours in its own row (g1, g3) are never used.
        Moves m = moves(Variants.HEXAGONAL, "W:WKg2");
        assertTrue(m.texts().containsAll(List.of("g2-k2", "g2-e1", "g2-b3")), m.texts().toString());
        assertMoves(m, "g2-f2", "g2-e1", "g2-f3", "g2-e3", "g2-d3", "g2-c3", "g2-b3", "g2-a3", "g2-h1",
                "g2-h2", "g2-i2", "g2-j2", "g2-k2");
    }

    @Test
    void hexagonalKingCapturesThree() {
        // A White king on k4 with Black pieces on h4, e5, f8 captures all three: k4:g4:c5:h8 or k4:g4:c5:g8.
        Moves m = moves(Variants.HEXAGONAL, "W:WKk4:Bh4,e5,f8");
        assertMoves(m, "k4:g4:c5:h8", "k4:g4:c5:g8");
        assertEquals(Set.of("h4", "e5", "f8"), m.capturedNames("k4:g4:c5:h8"));
        assertEquals(Set.of("h4", "e5", "f8"), m.capturedNames("k4:g4:c5:g8"));
        assertTrue(m.index("k4:g4:c5:h8") != m.index("k4:g4:c5:g8"));
        // Other spellings of the same paths.
        assertEquals(m.index("k4:g4:c5:h8"), m.index("K4:G4:C5:H8"));
        assertEquals(m.index("k4:g4:c5:g8"), m.index("k.4 x g.4 x c.5 x g.8"));
        assertEquals(m.index("k4:g4:c5:g8"), m.index("k4:g8")); // from:to alone: only one move has these ends
    }

    @Test
    void hexagonalManPromotedMidCaptureGoesOnAsKing() {
        // c4 x b3 lands on a2 (White's crown row): a king at once, it takes b2 flying down-left.
        Moves m = moves(Variants.HEXAGONAL, "W:Wc4:Bb3,b2");
        assertMoves(m, "c4:a2:c2", "c4:a2:d2", "c4:a2:e2", "c4:a2:f2", "c4:a2:g1");
        for (String t : m.texts()) assertTrue(m.promotes(t), t);
    }

    // ---- promotion during a capture: russian, brazilian/international, english -----------------

    @Test
    void promotionDuringCapture() {
        // The same position in three variants (english numbers: c3 = 22, d2 = 26, f2 = 27, e1 = 31).
        // russian: the man becomes a king on e1 and goes on flying: takes f2, lands g3 or h4.
        Moves russian = moves(Variants.RUSSIAN, "B:Wd2,f2:Bc3");
        assertMoves(russian, "c3:e1:g3", "c3:e1:h4");
        assertTrue(russian.promotes("c3:e1:g3") && russian.promotes("c3:e1:h4"));
        // brazilian: it passes e1 as a man, takes f2 as a man and ends on g3, not crowned.
        Moves brazilian = moves(Variants.BRAZILIAN, "B:Wd2,f2:Bc3");
        assertMoves(brazilian, "c3:e1:g3");
        assertFalse(brazilian.promotes("c3:e1:g3"));
        // english: reaching the crown row crowns the man and ends the move.
        Moves english = moves(Variants.ENGLISH, "B:W26,27:B22");
        assertMoves(english, "22x31");
        assertTrue(english.promotes("22x31"));
        assertEquals(1, english.captured("22x31"));
        // international 4.15: passing the crown row does not promote; 4.5: ending on it does.
        Moves passes = moves(Variants.INTERNATIONAL, "W:W15:B9,10");
        assertMoves(passes, "15x4x13");
        assertFalse(passes.promotes("15x4x13"));
        Moves ends = moves(Variants.INTERNATIONAL, "W:W15:B8,19,20");
        assertMoves(ends, "15x24x13x2");
        assertTrue(ends.promotes("15x24x13x2"));
    }

    // ---- majority rule with kings (FMJD 4.13, 4.14) --------------------------------------------

    @Test
    void majorityCountsPiecesNotKings() {
        // 4.13: three men must be taken rather than two kings.
        Moves m = moves(Variants.INTERNATIONAL, "W:W48:B24,K31,34,K42,43");
        assertMoves(m, "48x39x30x19");
        assertEquals(Set.of("24", "34", "43"), m.capturedNames("48x39x30x19"));
        // 4.13: a king capture of four (one of them a king) beats every smaller one.
        Moves k = moves(Variants.INTERNATIONAL, "W:WK48:B7,8,31,34,K42,44");
        assertMoves(k, "48x30x2x11x50");
        assertEquals(4, k.captured("48x30x2x11x50"));
        // 4.14: two pieces with a king weigh the same as two men: both captures are legal.
        Moves w = moves(Variants.INTERNATIONAL, "W:W26:B12,K21,31,32");
        assertMoves(w, "26x17x8", "26x37x28");
        assertEquals(Set.of("12", "21"), w.capturedNames("26x17x8"));
        assertEquals(Set.of("31", "32"), w.capturedNames("26x37x28"));
        // Brazilian applies the majority rule too (4 pieces); russian does not (free choice among
        // captures of 4, 2 and 3 pieces).
        assertMoves(moves(Variants.BRAZILIAN, "W:WKa3:Bc5,g3,g5,g7"), "a3:f8:h6:f4:h2");
        assertMoves(moves(Variants.RUSSIAN, "W:WKa3:Bc5,g3,g5,g7"), "a3:f8:h6:f4:h2", "a3:d6:h2",
                "a3:e7:h4:e1", "a3:e7:h4:f2");
    }

    // ---- Turkish strike (FMJD 4.8) -------------------------------------------------------------

    @Test
    void turkishStrike() {
        // Captured pieces stay until the move is over: the king cannot take 10 after 9 and 12...
        Moves m = moves(Variants.INTERNATIONAL, "W:WK41,49:B9,10,12,19,38");
        assertMoves(m, "41x14x3x21x43");
        assertEquals(Set.of("9", "12", "19", "38"), m.capturedNames("41x14x3x21x43"));
        // ... and the black king is blocked by its own victims.
        Moves b = moves(Variants.INTERNATIONAL, "B:W27,28,38,39,42:BK25");
        assertMoves(b, "25x48x31x22x33");
        assertEquals(4, b.captured("25x48x31x22x33"));
    }

    // ---- flying king landing rule (FMJD 4.6) ---------------------------------------------------

    @Test
    void flyingKingMustLandWhereItCanGoOn() {
        // russian (no majority rule, so only the landing rule is at work): a1 takes c3 and must land
        // on e5, the one square from which it can take again (f4); it then lands freely on g3 or h2.
        assertMoves(moves(Variants.RUSSIAN, "W:WKa1:Bc3,f4"), "a1:e5:g3", "a1:e5:h2");
        // Without f4 every square behind c3 is allowed.
        assertMoves(moves(Variants.RUSSIAN, "W:WKa1:Bc3"), "a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8");
        // international 4.6: after 33 and 20... the last landing is free.
        assertMoves(moves(Variants.INTERNATIONAL, "W:WK47:B9,12,33"), "47x20x3x17", "47x20x3x21", "47x20x3x26");
    }
}
