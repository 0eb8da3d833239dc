package org.damka.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** Hub positions, squares and moves for each board. */
class HubBoardTest {

    private static Position start(Rules r) {
        return Fen.parse(r, r.startFen());
    }

    private static MoveList legal(Rules r, Position p) {
        MoveList l = new MoveList();
        MoveGenerator.create(r).generate(p, l);
        return l;
    }

    @Test
    void internationalStartIsSideThenFiftySquaresInStandardOrder() {
        HubBoard b = new HubBoard(Variants.INTERNATIONAL);
        String expected = "W" + "b".repeat(20) + "e".repeat(10) + "w".repeat(20);
        assertEquals(expected, b.positionString(start(Variants.INTERNATIONAL)));
        assertEquals(start(Variants.INTERNATIONAL), b.parsePosition(expected));
    }

    @Test
    void eightByEightPositionStringsPutTheFirstMoverAtTheBottomAsW() {
        HubBoard b = new HubBoard(Variants.RUSSIAN);
        Position p = start(Variants.RUSSIAN);
        assertEquals("W" + "b".repeat(12) + "e".repeat(8) + "w".repeat(12), b.positionString(p));
        assertEquals(p, b.parsePosition(b.positionString(p)));
        // In english Black moves first: its men are the w letters at the bottom.
        HubBoard e = new HubBoard(Variants.ENGLISH);
        Position ep = start(Variants.ENGLISH);
        assertEquals("W" + "b".repeat(12) + "e".repeat(8) + "w".repeat(12), e.positionString(ep));
        assertEquals(ep, e.parsePosition(e.positionString(ep)));
    }

    @Test
    void hexagonalCellsAreNumberedOneToEightyInReadingOrder() {
        HubBoard b = new HubBoard(Variants.HEXAGONAL);
        var g = Variants.HEXAGONAL.geometry();
        assertEquals("a1", g.cellName(g.cell(b.bitOf(1))));
        assertEquals("a5", g.cellName(g.cell(b.bitOf(5))));
        assertEquals("b1", g.cellName(g.cell(b.bitOf(6))));
        assertEquals("f10", g.cellName(g.cell(b.bitOf(45))));
        assertEquals("k5", g.cellName(g.cell(b.bitOf(80))));
        String s = b.positionString(start(Variants.HEXAGONAL));
        assertEquals(81, s.length());
        assertEquals('B', s.charAt(2), "black king on a2 = square 2");
        assertEquals('W', s.charAt(77), "white king on k2 = square 77");
        assertEquals(start(Variants.HEXAGONAL), b.parsePosition(s));
    }

    @Test
    void capturesListTheCapturedSquaresAscendingAndAcceptAnyOrder() {
        Rules r = Variants.INTERNATIONAL;
        HubBoard b = new HubBoard(r);
        // White 32 jumps 27 (landing 21) then 17 (landing 12).
        Position p = Fen.parse(r, "W:W32:B27,17");
        MoveList l = legal(r, p);
        assertEquals(1, l.size());
        assertEquals("32x12x17x27", b.formatMove(p, l, 0));
        assertEquals(0, b.parseMove(p, l, "32x12x27x17"));
        assertEquals(0, b.parseMove(p, l, "32x12"), "short form");
        assertEquals(0, b.parseMove(p, l, "32x21x12"), "a landing path is understood too");
        FenException e = assertThrows(FenException.class, () -> b.parseMove(p, l, "32x12x17"));
        assertTrue(e.getMessage().contains("32x12x17x27"), e.getMessage());
        assertThrows(FenException.class, () -> b.parseMove(p, l, "32-28"));
        assertThrows(FenException.class, () -> b.parseMove(p, l, "32x99"));
        assertThrows(FenException.class, () -> b.parseMove(p, l, "a-b"));
    }

    @Test
    void shortFormIsRefusedWhenTwoCapturesShareTheirEnds() {
        Rules r = Variants.INTERNATIONAL;
        HubBoard b = new HubBoard(r);
        // The king on 35 can end on 49 taking {17, 30, 43} or {11, 30, 43}.
        Position p = Fen.parse(r, "W:WK35:B11,17,30,43");
        MoveList l = legal(r, p);
        assertEquals(2, l.size());
        int first = b.parseMove(p, l, "35x49x43x30x17");
        int second = b.parseMove(p, l, "35x49x11x43x30");
        assertEquals(java.util.Set.of(0, 1), java.util.Set.of(first, second));
        assertEquals("35x49x17x30x43", b.formatMove(p, l, first));
        FenException e = assertThrows(FenException.class, () -> b.parseMove(p, l, "35x49"));
        assertTrue(e.getMessage().startsWith("ambiguous"), e.getMessage());
        // A captured square that neither capture takes is a wrong move, not an ambiguous one.
        e = assertThrows(FenException.class, () -> b.parseMove(p, l, "35x49x11x30x44"));
        assertEquals("illegal move '35x49x11x30x44': no capture from 35 to 49 takes those squares; "
                + "the captures from 35 to 49: 35x49x17x30x43 35x49x11x30x43", e.getMessage());
        // A quiet move with a square too many is not a capture gone wrong.
        Position start = Fen.parse(r, r.startFen());
        e = assertThrows(FenException.class, () -> b.parseMove(start, legal(r, start), "32-28-23"));
        assertTrue(e.getMessage().startsWith("illegal move '32-28-23'; legal moves: "), e.getMessage());
    }

    @Test
    void positionsAreChecked() {
        HubBoard b = new HubBoard(Variants.INTERNATIONAL);
        assertThrows(FenException.class, () -> b.parsePosition("W" + "e".repeat(49)));
        assertThrows(FenException.class, () -> b.parsePosition("X" + "e".repeat(50)));
        assertThrows(FenException.class, () -> b.parsePosition("W" + "x".repeat(50)));
        assertThrows(FenException.class, () -> b.parsePosition(null));
    }

    @Test
    void variantNames() {
        assertEquals(List.of("normal", "russian", "brazilian", "english", "hexagonal"), HubBoard.variantNames());
        assertEquals(Variants.INTERNATIONAL, HubBoard.rulesFor("normal"));
        assertEquals(Variants.INTERNATIONAL, HubBoard.rulesFor("international"));
        assertEquals(Variants.RUSSIAN, HubBoard.rulesFor("Russian"));
        assertEquals(Variants.ENGLISH, HubBoard.rulesFor("american")); // pydraughts' alias: it was refused
        assertNull(HubBoard.rulesFor("frisian"));
    }

    @Test
    void gameMovesAreHubTexts() {
        Rules r = Variants.INTERNATIONAL;
        Game g = new Game(r, start(r));
        g.play("32-28");
        g.play("19-23");
        g.play("28x19");
        assertEquals(List.of("32-28", "19-23", "28x19x23"), new HubBoard(r).gameMoves(g));
    }
}
