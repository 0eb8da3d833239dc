package org.damka.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The geometry's tables agree with each other and with docs/rules.md: a step in a direction is
 * exactly the layout shift of that direction whenever it stays on the board, and a shift off the
 * board never lands on another cell (the ghost squares do their job); cell names and numbering
 * follow docs/rules.md.
 */
class GeometryTest {

    private static final Geometry[] ALL = {
            Variants.RUSSIAN.geometry(), Variants.INTERNATIONAL.geometry(), Variants.ENGLISH.geometry(),
            Variants.HEXAGONAL.geometry()};

    @Test
    void shiftTableAgreesWithNeighbourTable() {
        for (Geometry g : ALL) {
            int steps = 0;
            for (int c = 0; c < g.cells(); c++) {
                int b = g.bit(c);
                assertEquals(c, g.cell(b), g.name() + " cell " + c);
                for (int d = 0; d < Geometry.DIRECTIONS; d++) {
                    int next = g.next(d, b);
                    int shifted = b + g.shift(d);
                    String where = g.name() + " " + g.cellName(c) + " direction " + d;
                    if (next >= 0) {
                        assertEquals(shifted, next, where);
                        assertTrue(g.cell(next) >= 0, where + ": neighbour is not a cell");
                        assertEquals(b, g.next(3 - d, next), where + ": the opposite step does not come back");
                        steps++;
                    } else {
                        // Off the board: the shifted bit must not be a cell (it is a ghost or outside).
                        assertEquals(-1, g.cell(shifted), where + ": shift lands on " + (g.cell(shifted) >= 0
                                ? g.cellName(g.cell(shifted)) : "?") + " though there is no neighbour");
                    }
                }
            }
            assertTrue(steps > 0);
        }
    }

    @Test
    void boardMasksHoldExactlyTheCells() {
        for (Geometry g : ALL) {
            int lo = 0, hi = 0;
            for (int c = 0; c < g.cells(); c++) {
                int b = g.bit(c);
                long mask = b < 64 ? g.boardLo() : g.boardHi();
                assertTrue(((mask >>> (b & 63)) & 1) != 0, g.name() + " " + g.cellName(c));
                if (b < 64) lo++; else hi++;
            }
            assertEquals(lo, Long.bitCount(g.boardLo()), g.name());
            assertEquals(hi, Long.bitCount(g.boardHi()), g.name());
            // Promotion rows: White's is the top row (row 0), Black's the bottom row.
            for (int side = 0; side < 2; side++) {
                int count = 0;
                for (int c = 0; c < g.cells(); c++) {
                    int b = g.bit(c);
                    long row = b < 64 ? g.promotionLo(side) : g.promotionHi(side);
                    boolean promotes = ((row >>> (b & 63)) & 1) != 0;
                    assertEquals(side == 0 ? g.row(c) == 0 : g.row(c) == g.rows() - 1, promotes, g.name() + " " + g.cellName(c));
                    if (promotes) count++;
                }
                assertTrue(count > 0);
            }
        }
    }

    @Test
    void cellNamesFollowRulesMd() {
        Geometry ten = Variants.INTERNATIONAL.geometry();
        assertEquals(50, ten.cells());
        // 1 = b10 and 5 = j10 (top row), 46 = a1 and 50 = i1 (bottom row): check through the lines.
        assertEquals(0, ten.row(ten.parseCell("1")));
        assertEquals(9, ten.row(ten.parseCell("46")));
        int a1 = ten.bit(ten.parseCell("46"));
        assertEquals(-1, ten.next(Geometry.UP_LEFT, a1), "46 = a1 is on the left edge");
        assertEquals("41", name(ten, ten.next(Geometry.UP_RIGHT, a1)));
        assertEquals(-1, ten.next(Geometry.UP_RIGHT, ten.bit(ten.parseCell("5"))), "5 = j10 is in the corner");
        assertEquals("10", name(ten, ten.next(Geometry.DOWN_LEFT, ten.bit(ten.parseCell("5")))));
        // The long diagonal 46-5 (a1-j10) has 10 squares.
        int n = 1;
        for (int b = a1; (b = ten.next(Geometry.UP_RIGHT, b)) >= 0; ) n++;
        assertEquals(10, n);

        Geometry eight = Variants.RUSSIAN.geometry();
        assertEquals("b2", name(eight, eight.next(Geometry.UP_RIGHT, eight.bit(eight.parseCell("a1")))));
        assertEquals("g7", name(eight, eight.next(Geometry.DOWN_LEFT, eight.bit(eight.parseCell("h8")))));
        Set<String> diagonal = new HashSet<>();
        for (int c = 0; c < eight.cells(); c++) {
            if (((eight.longDiagonalLo() >>> eight.bit(c)) & 1) != 0) diagonal.add(eight.cellName(c));
        }
        assertEquals(Set.of("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"), diagonal);
        // Every square board has one: a1 (46) to j10 (5) on 10x10, by docs/rules.md's numbering.
        Set<String> long10 = new HashSet<>();
        for (int c = 0; c < ten.cells(); c++) {
            if (((ten.longDiagonalLo() >>> ten.bit(c)) & 1) != 0) long10.add(ten.cellName(c));
        }
        assertEquals(Set.of("46", "41", "37", "32", "28", "23", "19", "14", "10", "5"), long10);
        assertEquals(0, Variants.HEXAGONAL.geometry().longDiagonalLo());

        Geometry english = Variants.ENGLISH.geometry();
        // 1 = b8, 4 = h8, 29 = a1, 32 = g1: 29 is on the left edge, 4 in the top-right corner.
        assertEquals(-1, english.next(Geometry.UP_LEFT, english.bit(english.parseCell("29"))));
        assertEquals("25", name(english, english.next(Geometry.UP_RIGHT, english.bit(english.parseCell("29")))));
        assertEquals(-1, english.next(Geometry.UP_RIGHT, english.bit(english.parseCell("4"))));
        assertEquals("8", name(english, english.next(Geometry.DOWN_LEFT, english.bit(english.parseCell("4")))));

        Geometry hex = Variants.HEXAGONAL.geometry();
        assertEquals(80, hex.cells());
        int[] rowLengths = new int[11];
        for (int c = 0; c < 80; c++) rowLengths[hex.row(c)]++;
        assertEquals("[5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5]", java.util.Arrays.toString(rowLengths));
        // Index rule: toward a longer row the neighbours of j are j and j+1, toward a shorter one j-1 and j.
        int g8 = hex.bit(hex.parseCell("g8"));
        assertEquals("f8", name(hex, hex.next(Geometry.UP_LEFT, g8)));
        assertEquals("f9", name(hex, hex.next(Geometry.UP_RIGHT, g8)));
        assertEquals("h7", name(hex, hex.next(Geometry.DOWN_LEFT, g8)));
        assertEquals("h8", name(hex, hex.next(Geometry.DOWN_RIGHT, g8)));
        int c4 = hex.bit(hex.parseCell("c4"));
        assertEquals("b3", name(hex, hex.next(Geometry.UP_LEFT, c4)));
        assertEquals("b4", name(hex, hex.next(Geometry.UP_RIGHT, c4)));
        assertEquals("d4", name(hex, hex.next(Geometry.DOWN_LEFT, c4)));
        assertEquals("d5", name(hex, hex.next(Geometry.DOWN_RIGHT, c4)));
        assertEquals(hex.parseCell("f8"), hex.parseCell("F8"));
        assertEquals(hex.parseCell("f8"), hex.parseCell("f.8"));
        assertEquals(hex.parseCell("f8"), hex.parseCell("F 8"));
        assertEquals(-1, hex.parseCell("f11"));
        assertEquals(-1, hex.parseCell("l1"));
    }

    private static String name(Geometry g, int bit) {
        return bit < 0 ? "none" : g.cellName(g.cell(bit));
    }
}
