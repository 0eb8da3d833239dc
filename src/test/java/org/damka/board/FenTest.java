package org.damka.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;

import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** Position strings (docs/rules.md, "Notation"): reading, writing, round trips and clear errors. */
class FenTest {

    /** The start positions exactly as docs/rules.md writes them. */
    private static final Map<Rules, String> RULES_MD_START = Map.of(
            Variants.INTERNATIONAL, "W:W31-50:B1-20",
            Variants.ENGLISH, "B:W21-32:B1-12",
            Variants.RUSSIAN, "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            Variants.BRAZILIAN, "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            Variants.HEXAGONAL, "W:WKk2,Kk4,h1,h2,h3,h4,h5,h6,h7,h8,i1,i2,i3,i4,i5,i6,i7,j2,j3,j4,j5"
                    + ":BKa2,Ka4,b2,b3,b4,b5,c1,c2,c3,c4,c5,c6,c7,d1,d2,d3,d4,d5,d6,d7,d8");

    @Test
    void startPositionsAreTheOnesOfRulesMd() {
        for (Rules rules : Variants.all()) {
            String text = RULES_MD_START.get(rules);
            assertEquals(text, rules.startFen(), rules.name());
            Position p = Fen.parse(rules, text);
            assertEquals(text, Fen.format(rules, p), rules.name());
            assertEquals(rules.firstSide(), p.sideToMove(), rules.name());
            int men = rules == Variants.INTERNATIONAL ? 20 : rules == Variants.HEXAGONAL ? 21 : 12;
            assertEquals(men, p.count(Position.WHITE), rules.name());
            assertEquals(men, p.count(Position.BLACK), rules.name());
            assertEquals(men, Fen.maxPiecesPerSide(rules));
        }
        Position hex = Fen.parse(Variants.HEXAGONAL, Variants.HEXAGONAL.startFen());
        assertEquals(2, hex.kingCount(Position.WHITE));
        assertEquals(2, hex.kingCount(Position.BLACK));
    }

    @Test
    void roundTripsOfRandomPositions() {
        Random random = new Random(7);
        for (Rules rules : Variants.all()) {
            for (int k = 0; k < 500; k++) {
                Position p = org.damka.movegen.RandomPositions.placement(rules, random);
                String text = Fen.format(rules, p);
                Position back = Fen.parse(rules, text);
                assertEquals(p, back, rules.name() + " " + text);
                assertEquals(p.hash(), back.hash(), rules.name() + " " + text);
                assertEquals(text, Fen.format(rules, back));
            }
        }
    }

    @Test
    void numericRangesAndKings() {
        Rules r = Variants.INTERNATIONAL;
        Position p = Fen.parse(r, "W:W31-35,K40:BK1-3,7");
        assertEquals(6, p.count(Position.WHITE));
        assertEquals(1, p.kingCount(Position.WHITE));
        assertEquals(4, p.count(Position.BLACK));
        assertEquals(3, p.kingCount(Position.BLACK));
        // Kings first, then men; three or more consecutive men become a range.
        assertEquals("W:WK40,31-35:BK1,K2,K3,7", Fen.format(r, p));
        assertEquals("B:W31,32,34-36:B1", Fen.format(r, Fen.parse(r, "B:W31,32,34,35,36:B1")));
        // Same position with blanks, a trailing dot, a PDN tag around it, lower-case letters.
        assertEquals(p, Fen.parse(r, " W : W31-35, K40 : BK1-3, 7 ."));
        assertEquals(p, Fen.parse(r, "[FEN \"W:W31-35,K40:BK1-3,7\"]"));
        assertEquals(p, Fen.parse(r, "w:w31-35,k40:bk1-3,7"));
        // english numbering: 1-32.
        Position e = Fen.parse(Variants.ENGLISH, "B:W21-32:B1-12");
        assertEquals(12, e.count(Position.BLACK));
    }

    @Test
    void algebraicSquares() {
        Rules r = Variants.RUSSIAN;
        Position p = Fen.parse(r, "B:Wc3,Kd4:BKh8,f6");
        assertEquals(p, Fen.parse(r, "B:WC3,KD4:BKH8,F6"));
        assertEquals("B:WKd4,c3:BKh8,f6", Fen.format(r, p));
        Geometry g = r.geometry();
        assertTrue(p.isKing(g.bit(g.parseCell("d4"))));
        assertEquals(Position.WHITE, p.sideAt(g.bit(g.parseCell("c3"))));
        assertEquals(Position.BLACK, p.sideAt(g.bit(g.parseCell("f6"))));
    }

    /**
     * Russian PDN files from numeric programs give their FEN tags in numbers (a real one: the
     * 1950 USSR championship, "W:W29,30,31,32,25,...:B9,...,4."). The numbering is the numeric
     * boards' of docs/rules.md, 1 at the top left of White's view: b8 = 1, h8 = 4, a1 = 29, g1 = 32.
     */
    @Test
    void numberedSquaresOnAlgebraicBoards() {
        for (Rules r : new Rules[] {Variants.RUSSIAN, Variants.BRAZILIAN}) {
            Position start = Fen.parse(r, r.startFen());
            assertEquals(start, Fen.parse(r, "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4."));
            assertEquals(start, Fen.parse(r, "W:W21-32:B1-12"));
        }
        Rules r = Variants.RUSSIAN;
        assertEquals(Fen.parse(r, "B:Wa1,Kg1:Bb8,Kh8"), Fen.parse(r, "B:W29,K32:B1,K4"));
        assertEquals(Fen.parse(r, "W:Wc3,e3:Bd6"), Fen.parse(r, "W:Wc3,23:B10")); // mixed forms
        assertEquals(Fen.parse(r, "W:W5-8:B22"), Fen.parse(r, "W:W0005-0008:B22")); // leading zeros, as one square takes them
        assertBad(r, "W:W33:B1", "unknown square '33'");
        assertBad(r, "W:W0:B1", "unknown square '0'");
        assertBad(r, "W:W21-20:B1", "runs backward");
        assertBad(r, "W:W22:B22", "used twice");
        assertBad(Variants.HEXAGONAL, "W:W12:Ba1", "unknown square '12'"); // the hexagon has no numbers
    }

    @Test
    void hexagonalCellForms() {
        Rules r = Variants.HEXAGONAL;
        Position p = Fen.parse(r, "W:Wf8,f9,f10,Kk2,k1:BKa2,b3");
        assertEquals(p, Fen.parse(r, "W:WF8,f.9,F 10,KK2,K1:BKA2,B.3"));
        // "k1" is a White man on row k (a cell name), "Kk2" a king on k2.
        Geometry g = r.geometry();
        assertTrue(!p.isKing(g.bit(g.parseCell("k1"))) && p.sideAt(g.bit(g.parseCell("k1"))) == Position.WHITE);
        assertTrue(p.isKing(g.bit(g.parseCell("k2"))));
        assertEquals("W:WKk2,f8,f9,f10,k1:BKa2,b3", Fen.format(r, p));
    }

    /** lidraughts writes its halfmove clock and move number after the pieces; they were "5 parts". */
    @Test
    void lidraughtsCountersAfterThePiecesAreReadPast() {
        Rules i = Variants.INTERNATIONAL;
        assertEquals(Fen.format(i, Fen.parse(i, i.startFen())), Fen.format(i, Fen.parse(i, "W:W31-50:B1-20:H0:F1")));
        assertEquals(Fen.format(i, Fen.parse(i, "B:W31-50:B1-20")), Fen.format(i, Fen.parse(i, "B:W31-50:B1-20:H12:F30")));
        // ASCII only: an ASCII locale printed the ellipsis of "<side>:W…:B…" as '?'
        assertBad(i, "W:W31-50:B1-20:H0:X1", "must have the form <side>:W<squares>:B<squares>, found 5 parts");
    }

    /** Hand-written files end a list with a comma: "empty square" refused them. */
    @Test
    void aCommaAfterTheLastSquareEndsTheList() {
        Rules i = Variants.INTERNATIONAL;
        assertEquals(Fen.parse(i, "W:W31,32,33:B1,2"), Fen.parse(i, "W:W31,32,33,:B1,2,"));
        assertEquals(Fen.parse(i, "W:WK46:B5"), Fen.parse(i, "W:WK46, :B5"));
    }

    @Test
    void colourBlocksInEitherOrder() {
        for (Rules rules : Variants.all()) {
            String[] parts = rules.startFen().split(":");
            Position swapped = Fen.parse(rules, parts[0] + ":" + parts[2] + ":" + parts[1]);
            assertEquals(Fen.parse(rules, rules.startFen()), swapped, rules.name());
        }
        // A colour without pieces may be left out (docs/perft.md writes "W:W28").
        assertEquals(Fen.parse(Variants.INTERNATIONAL, "W:W28:B"), Fen.parse(Variants.INTERNATIONAL, "W:W28"));
        assertEquals(Fen.parse(Variants.INTERNATIONAL, "W:B:W28"), Fen.parse(Variants.INTERNATIONAL, "W:W28"));
    }

    private static void assertBad(Rules rules, String text, String... messageParts) {
        FenException e = assertThrows(FenException.class, () -> Fen.parse(rules, text), "accepted: " + text);
        for (String part : messageParts) {
            assertTrue(e.getMessage().contains(part), "message for '" + text + "' should say '" + part + "': "
                    + e.getMessage());
        }
    }

    @Test
    void badPositionStrings() {
        // A PDN tag or quotes left open (the fuzz run found them taken).
        assertBad(Variants.RUSSIAN, "[FEN \"W:Wa1:Bh8", "not closed");
        assertBad(Variants.RUSSIAN, "[FEN \"W:Wa1:Bh8]", "unmatched quote");
        assertBad(Variants.RUSSIAN, "\"W:Wa1:Bh8", "unmatched quote");
        Rules i = Variants.INTERNATIONAL, r = Variants.RUSSIAN, h = Variants.HEXAGONAL;
        // unknown square
        assertBad(i, "W:W51:B1", "unknown square '51'");
        assertBad(i, "W:W0:B1", "unknown square '0'");
        assertBad(r, "W:Wa2:Bb7", "unknown square 'a2'");   // a light square
        assertBad(r, "W:Wi1:Bb8", "unknown square 'i1'");
        assertBad(h, "W:Wk7:Ba1", "unknown square", "7"); // not a cell, so read as K + "7"
        assertBad(h, "W:Wl1:Ba1", "unknown square 'l1'");
        assertBad(i, "W:W3a:B1", "unknown square '3a'");
        // a king mark alone ("unknown square ''" before)
        assertBad(h, "W:Wk:Ba1", "a king mark 'k' without a square in White's list 'k'");
        assertBad(i, "W:W31,K:B1", "a king mark 'K' without a square in White's list '31,K'");
        // square used twice
        assertBad(i, "W:W31,31:B1", "31", "used twice");
        assertBad(i, "W:W31-35:B33", "33", "used twice", "White and by Black");
        assertBad(r, "W:Wc3,Kc3:Bf6", "c3", "used twice");
        // man on its promotion row
        assertBad(i, "W:W3:B40", "White man on 3", "promotion row");
        assertBad(i, "W:W40:B48", "Black man on 48", "promotion row");
        assertBad(r, "W:Wc3:Ba1", "Black man on a1", "promotion row");
        assertBad(h, "W:Wa3:Bb2", "White man on a3", "promotion row");
        assertBad(h, "W:Wj3:Bk1", "Black man on k1", "promotion row");
        // too many pieces
        assertBad(i, "W:W11-35:B1", "White has 25 pieces", "20");
        assertBad(Variants.ENGLISH, "B:W13-32:B1", "White has 20 pieces", "12");
        // bad side letter
        assertBad(i, "X:W31:B1", "side to move 'X'");
        assertBad(i, "WB:W31:B1", "side to move 'WB'");
        assertBad(i, ":W31:B1", "side to move ''");
        // garbage
        assertBad(i, "hello", "form");
        assertBad(i, "W:W31:B1:W2", "form");
        assertBad(i, "W:Q31:B1", "'Q31'", "W or B");
        assertBad(i, "W:W31:W32", "given twice");
        assertBad(i, "W:W35-31:B1", "runs backward");
        assertBad(i, "W:W31,,32:B1", "empty square");
        assertBad(i, "W:W,:B1", "empty square");
        assertBad(i, "W:W31:", "empty colour block");
        assertBad(i, "W:W31-:B1", "unknown square");
        assertBad(i, "W:W" + "1,".repeat(1000) + "2:B3", "too long");
        // empty
        assertBad(i, "", "empty");
        assertBad(i, "   ", "empty");
        assertBad(i, null, "empty");
    }
}
