package org.damka.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/**
 * Move notation (docs/rules.md, "Notation"): quiet moves {@code from-to}, captures as the full
 * landing path joined by {@code x} (numeric boards) or {@code :}; input takes either separator,
 * any letter case, and {@code from:to} alone when only one legal move has those ends.
 */
class MoveNotationTest {

    @Test
    void formatsOfEachBoard() {
        assertTrue(texts(Variants.INTERNATIONAL, Variants.INTERNATIONAL.startFen()).contains("32-28"));
        assertTrue(texts(Variants.ENGLISH, Variants.ENGLISH.startFen()).contains("11-15"));
        assertTrue(texts(Variants.RUSSIAN, Variants.RUSSIAN.startFen()).contains("c3-d4"));
        assertTrue(texts(Variants.HEXAGONAL, Variants.HEXAGONAL.startFen()).contains("h1-g1"));
        assertEquals(List.of("32x23x12"), texts(Variants.INTERNATIONAL, "W:W32:B28,18"));
        assertEquals(List.of("c3:e5:g3"), texts(Variants.BRAZILIAN, "W:Wc3:Bd4,f4"));
    }

    private static List<String> texts(Rules rules, String fen) {
        Position p = Fen.parse(rules, fen);
        MoveList list = legal(rules, p);
        return new MoveNotation(rules).formatAll(p, list);
    }

    /**
     * On random positions of every variant, every printed move parses back to itself, also with
     * the other separators and in upper case, and from:to alone when its ends are unique.
     */
    @Test
    void roundTripsOnRandomPositions() {
        Random random = new Random(11);
        for (Rules rules : Variants.all()) {
            MoveGenerator generator = MoveGenerator.create(rules);
            MoveNotation notation = new MoveNotation(rules);
            MoveList list = new MoveList();
            Geometry g = rules.geometry();
            int moves = 0, captures = 0;
            for (int k = 0; k < 300; k++) {
                Position p = RandomPositions.placement(rules, random);
                Position before = new Position(p);
                int n = generator.generate(p, list);
                if (n > 200) continue; // keep the run short; huge king captures are covered by the differential test
                for (int i = 0; i < n; i++) {
                    String text = notation.format(p, list, i);
                    String fen = Fen.format(rules, p);
                    assertEquals(i, notation.parse(p, list, text), fen + " " + text);
                    assertEquals(i, notation.parse(p, list, text.toUpperCase(Locale.ROOT)), fen + " " + text);
                    String[] squares = text.split("[-x:]");
                    assertEquals(g.cellName(g.cell(list.from(i))), squares[0]);
                    assertEquals(g.cellName(g.cell(list.to(i))), squares[squares.length - 1]);
                    if (list.isCapture(i)) {
                        captures++;
                        assertEquals(list.captureCount(i) + 1, squares.length, fen + " " + text + ": one landing per capture");
                        assertEquals(i, notation.parse(p, list, String.join("-", squares)), fen + " " + text);
                        assertEquals(i, notation.parse(p, list, String.join(g.captureSeparator() == 'x' ? ":" : "x", squares)));
                    } else {
                        assertEquals(2, squares.length);
                        assertEquals(i, notation.parse(p, list, squares[0] + ":" + squares[1]));
                    }
                    int sameEnds = 0;
                    for (int j = 0; j < n; j++) if (list.from(j) == list.from(i) && list.to(j) == list.to(i)) sameEnds++;
                    if (sameEnds == 1) {
                        assertEquals(i, notation.parse(p, list, squares[0] + ":" + squares[squares.length - 1]), fen + " " + text);
                    }
                    moves++;
                }
                assertEquals(before, p, "formatting changed the position");
            }
            assertTrue(captures > 100, rules.name() + ": too few captures in the sample (" + captures + ")");
            System.err.println("MoveNotationTest " + rules.name() + ": " + moves + " moves (" + captures + " captures) round-tripped");
        }
    }

    @Test
    void ambiguousShortFormListsTheCandidates() {
        // International king on 13 reaches 6 taking 24, 34 and 11 or 24, 40 and 11 (paths 13x30x39x6
        // and 13x35x44x6): two moves with the same ends, confirmed by the reference generator.
        Rules rules = Variants.INTERNATIONAL;
        Position p = Fen.parse(rules, "W:WK13:B11,24,34,40");
        MoveList list = legal(rules, p);
        MoveNotation notation = new MoveNotation(rules);
        long sameEnds = Canonical.referenceMoves(rules, p).stream().filter(m -> m.startsWith("13>6[")).count();
        assertEquals(2, sameEnds, "the reference generator should see two moves from 13 to 6");
        for (String shortForm : new String[] {"13x6", "13-6", "13:6"}) {
            FenException e = assertThrows(FenException.class, () -> notation.parse(p, list, shortForm));
            assertTrue(e.getMessage().contains("ambiguous"), e.getMessage());
            assertTrue(e.getMessage().contains("13x30x39x6") && e.getMessage().contains("13x35x44x6"),
                    "should list both candidates: " + e.getMessage());
        }
        int a = notation.parse(p, list, "13x30x39x6"), b = notation.parse(p, list, "13x35x44x6");
        assertTrue(a != b);
        assertEquals("13x30x39x6", notation.format(p, list, a));
        assertEquals("13x35x44x6", notation.format(p, list, b));
    }

    /**
     * Printed russian notation writes dashes and the multiplication sign (c3\u2013d4, c3\u2014d4,
     * d4\u00d7f6), and numeric programs number the squares (22-18 is c3-d4: 1 at the top left of
     * White's view, the numbering of the FEN tags of a real russian file, FenTest). Both were refused
     * ("needs at least two squares", "unknown square '22'").
     */
    @Test
    void printedDashesAndNumberedSquaresOnAlgebraicBoards() {
        Rules rules = Variants.RUSSIAN;
        Position p = Fen.parse(rules, "W:Wc3,d4:Be5,a7");
        MoveList list = legal(rules, p);
        MoveNotation notation = new MoveNotation(rules);
        int capture = notation.parse(p, list, "d4:f6");
        assertEquals(capture, notation.parse(p, list, "d4\u00d7f6"));
        assertEquals(capture, notation.parse(p, list, "18x11")); // d4 = 18, f6 = 11
        assertEquals(capture, notation.parse(p, list, "18:11"));
        Position start = Fen.parse(rules, rules.startFen());
        MoveList first = legal(rules, start);
        int c3d4 = notation.parse(start, first, "c3-d4");
        for (String text : new String[] {"c3\u2013d4", "c3\u2014d4", "c3\u2212d4", "22-18", "C3-18"}) {
            assertEquals(c3d4, notation.parse(start, first, text), text);
        }
        assertEquals("c3-d4", notation.format(start, first, c3d4)); // written with letters
        FenException e = assertThrows(FenException.class, () -> notation.parse(start, first, "22-33"));
        assertTrue(e.getMessage().contains("unknown square '33'"), e.getMessage());
    }

    /** docs/rules.md: a full path is that move, even when it is also the short form of another (a loop back past it). */
    @Test
    void aFullPathWinsOverTheShortFormOfAnother() {
        Rules rules = Variants.ENGLISH;
        Position p = Fen.parse(rules, "W:WK18:B6,7,14,15,22");
        MoveList list = legal(rules, p);
        MoveNotation notation = new MoveNotation(rules);
        assertEquals(List.of("18x9x2x11x18x25", "18x25"), notation.formatAll(p, list).stream().sorted(java.util.Comparator.reverseOrder()).toList());
        assertEquals("18x25", notation.format(p, list, notation.parse(p, list, "18x25")));
        assertEquals("18x9x2x11x18x25", notation.format(p, list, notation.parse(p, list, "18x9x2x11x18x25")));
    }

    @Test
    void badMoves() {
        Rules rules = Variants.INTERNATIONAL;
        Position p = Fen.parse(rules, rules.startFen());
        MoveList list = legal(rules, p);
        MoveNotation notation = new MoveNotation(rules);
        String[][] cases = {
                {"32-26", "illegal", "32-28"},   // listing the legal moves
                {"32-99", "unknown square '99'"},
                {"3a-28", "unknown square '3a'"},
                {"32", "two squares"},
                {"", "empty"},
                {"32x28x23", "illegal"},
                {"19-23", "illegal"},            // a black man
        };
        for (String[] c : cases) {
            FenException e = assertThrows(FenException.class, () -> notation.parse(p, list, c[0]), c[0]);
            for (int k = 1; k < c.length; k++) assertTrue(e.getMessage().contains(c[k]), c[0] + ": " + e.getMessage());
        }
        assertThrows(FenException.class, () -> notation.parse(p, list, null));
    }

    private static MoveList legal(Rules rules, Position p) {
        MoveList list = new MoveList();
        MoveGenerator.create(rules).generate(p, list);
        return list;
    }
}
