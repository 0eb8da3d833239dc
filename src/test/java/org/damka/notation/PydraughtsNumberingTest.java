package org.damka.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The 8x8 Hub numbering against pydraughts itself (AttackingOrDefending/pydraughts), the only Hub
 * client that plays 8x8 variants. Its HubEngine.play sends {@code pos pos=<initial_hub_fen>
 * moves="<each move's hub_move>"} and reads {@code done move=} back as a hub_move.
 *
 * <p>The games are those of pydraughts' own test_pydraughts/test_variants.py (commit 3277325),
 * written there in each variant's notation (algebraic for russian and brazilian, numbers for
 * english). The transcripts are what pydraughts produced for them: replayed on draughts.Board of
 * pydraughts 0.6.7 (commit 3277325), printing {@code board._game.initial_hub_fen} and
 * {@code move.hub_move} for the move stack; and on draughts.Game of pydraughts 0.5.7 (commit
 * 224fd19, the version lidraughts-bot pins in its requirements.txt), printing
 * {@code game.initial_hub_fen} and {@code move.hub_move}. Square references from pydraughts'
 * test_pydraughts/test_convert.py are cited where used.
 */
class PydraughtsNumberingTest {

    /** pydraughts' initial_hub_fen of the start position, the same for the three 8x8 variants and both versions. */
    private static final String START = "W" + "b".repeat(12) + "e".repeat(8) + "w".repeat(12);

    enum Reference {
        RUSSIAN(Variants.RUSSIAN,
                "a3-b4 b6-a5 g3-f4 d6-e5 f4xd6 e7xa3 e3-d4 c7-d6 c3-b4 a5xe5 h2-g3 f6-g5 g3-h4 g5-f4 f2-g3 f4xh2 d2-c3 "
                        + "a7-b6 c3-b4 a3xc5 g1-f2 h6-g5 h4xd4 c5xg1 e1-f2 g1xe3 c1-d2 e3xa3 a1-b2 a3xc1",
                "9-13 21-17 12-15 22-19 15x22x19 27x9x13x22 11-14 26-22 10-13 17x19x13x14 8-12 23-20 12-16 20-15 7-12 "
                        + "15x8x12 6-10 25-21 10-13 9x18x13 4-7 24-20 16x14x19x20 18x4x7x14 3-7 4x11x7 2-6 11x9x5x6 1-5 9x2x5",
                "21-17 9-13 24-19 10-15 19x10x15 7x21x10x17 23-18 6-10 22-17 13x15x17x18 28-24 11-16 24-20 16-19 27-24 "
                        + "19x28x24 26-22 5-9 22-17 21x14x17 32-27 12-16 20x18x15x16 14x32x18x27 31-27 32x23x27 30-26 "
                        + "23x21x25x26 29-25 21x30x25"),
        BRAZILIAN(Variants.BRAZILIAN,
                "g3-f4 d6-e5 f4xd6 c7xe5 a3-b4 e7-d6 b4-a5 b8-c7 c3-d4 e5xc3 b2xd4 b6-c5 d4xb6 a7xc5 h2-g3 f6-e5 g3-f4 "
                        + "e5xg3 f2xh4 h6-g5 h4xf6 g7xe5 a5-b6 c7xa5 c1-b2 d8-e7 b2-a3 f8-g7 a3-b4 a5xc3 d2xb4 c5xa3 g1-f2 "
                        + "e5-d4 e3xc5 d6xb4 f2-g3 g7-f6 e1-d2 f6-e5 a1-b2 a3xe3 g3-f4",
                "12-15 22-19 15x22x19 26x19x22 9-13 27-22 13-17 29-26 10-14 19x10x14 5x14x10 21-18 14x21x18 25x18x21 "
                        + "8-12 23-19 12-15 19x12x15 7x16x12 24-20 16x23x20 28x19x23 17-21 26x17x21 2-5 30-27 5-9 31-28 "
                        + "9-13 17x10x13 6x13x10 18x9x13 4-7 19-14 11x18x14 22x13x18 7-12 28-23 3-6 23-19 1-5 9x11x5x6 12-15",
                "24-19 10-15 19x10x15 6x15x10 21-17 7-10 17-13 1-6 22-18 15x22x18 25x18x22 9-14 18x9x14 5x14x9 28-24 "
                        + "11-15 24-19 15x24x19 27x20x24 12-16 20x11x16 8x15x11 13-9 6x13x9 30-25 2-7 25-21 3-8 21-17 "
                        + "13x22x17 26x17x22 14x21x17 32-27 15-18 23x14x18 10x17x14 27-24 8-11 31-26 11-15 29-25 "
                        + "21x23x25x26 24-19"),
        ENGLISH(Variants.ENGLISH,
                "11-15 23-18 8-11 27-23 4-8 23-19 10-14 19x10 14x23 26x19 7x14 24-20 6-10 22-17 9-13 30-26 13x22 25x9 "
                        + "5x14 29-25 14-18 26-23 18x27 32x23 11-15 28-24 2-6 21-17 8-11 25-22 6-9 23-18 1-5 17-13 9-14 "
                        + "18x9 5x14 13-9 14-18 22-17 18-23 9-6 15-18 6-2 18-22 2-6 3-8 6x15 11x18 19-15 22-26 31x22 18x25 "
                        + "24-19 23-27 20-16 27-31 16-11 31-27 11x4 27-23",
                "11-15 23-18 8-11 27-23 4-8 23-19 10-14 19x10x15 14x23x18 26x19x23 7x14x10 24-20 6-10 22-17 9-13 30-26 "
                        + "13x22x17 25x9x14x22 5x14x9 29-25 14-18 26-23 18x27x23 32x23x27 11-15 28-24 2-6 21-17 8-11 25-22 "
                        + "6-9 23-18 1-5 17-13 9-14 18x9x14 5x14x9 13-9 14-18 22-17 18-23 9-6 15-18 6-2 18-22 2-6 3-8 "
                        + "6x15x10 11x18x15 19-15 22-26 31x22x26 18x25x22 24-19 23-27 20-16 27-31 16-11 31-27 11x4x8 27-23",
                "22-18 10-15 25-22 6-10 29-25 10-14 23-19 14x23x18 19x10x15 7x14x10 26x19x23 9-13 27-23 11-16 24-20 "
                        + "3-7 20x11x16 8x24x11x19 28x19x24 4-8 19-15 7-10 15x6x10 1x10x6 22-18 5-9 31-27 12-16 25-22 8-11 "
                        + "27-24 10-15 32-28 16-20 24-19 15x24x19 28x19x24 20-24 19-15 11-16 15-10 24-27 18-15 27-31 "
                        + "15-11 31-27 30-25 27x18x23 22x15x18 14-18 11-7 2x11x7 15x8x11 9-14 10-6 13-17 6-2 17-22 2-6 "
                        + "22x29x25 6-10");

        final Rules rules;
        /** The game in the variant's own notation, from test_variants.py. */
        final String[] game;
        /** pydraughts 0.6.7's hub moves for it (the variant's numbers). */
        final String[] variantHub;
        /** pydraughts 0.5.7's hub moves for it (the position string's numbers). */
        final String[] positionHub;

        Reference(Rules rules, String game, String variantHub, String positionHub) {
            this.rules = rules;
            this.game = game.split(" ");
            this.variantHub = variantHub.split(" ");
            this.positionHub = positionHub.split(" ");
        }
    }

    /**
     * Replays pydraughts' transcript through damka's Hub board: the start position is the one
     * pydraughts sends, each hub move names the game's move, and damka writes it the same way.
     */
    private static void replay(Reference ref, HubBoard.MoveSquares numbering, String[] hubMoves) {
        Rules r = ref.rules;
        HubBoard hub = new HubBoard(r, numbering);
        MoveNotation notation = new MoveNotation(r);
        Position start = Fen.parse(r, r.startFen());
        assertEquals(START, hub.positionString(start), "pydraughts' initial_hub_fen");
        assertEquals(start, hub.parsePosition(START));
        assertEquals(ref.game.length, hubMoves.length);
        Game g = new Game(r, hub.parsePosition(START));
        MoveList legal = new MoveList();
        for (int k = 0; k < hubMoves.length; k++) {
            g.legalMoves(legal);
            int i = hub.parseMove(g.position(), legal, hubMoves[k]);
            String own = r.geometry().naming() == org.damka.rules.Geometry.Naming.ALGEBRAIC
                    ? ref.game[k].replace('x', ':') : ref.game[k];
            assertEquals(notation.parse(g.position(), legal, own), i, "move " + (k + 1) + " " + hubMoves[k] + " is " + ref.game[k]);
            assertEquals(hubMoves[k], hub.formatMove(g.position(), legal, i), "damka writes move " + (k + 1) + " as pydraughts does");
            g.play(legal, i);
        }
        assertEquals(Arrays.asList(hubMoves), hub.gameMoves(g));
    }

    @ParameterizedTest
    @EnumSource(Reference.class)
    void movesUseTheVariantsNumbersAsPydraughts06Sends(Reference ref) {
        replay(ref, HubBoard.MoveSquares.VARIANT, ref.variantHub);
    }

    @ParameterizedTest
    @EnumSource(Reference.class)
    void movesUseThePositionNumbersAsPydraughts05AndLidraughtsBotSend(Reference ref) {
        replay(ref, HubBoard.MoveSquares.POSITION, ref.positionHub);
    }

    @Test
    void defaultIsWhatCurrentPydraughtsSends() {
        assertEquals(HubBoard.MoveSquares.VARIANT, new HubBoard(Variants.RUSSIAN).moveSquares());
    }

    /** test_convert.py: move_from_variant('g3-h4', variant='russian') == '24-20' (its board numbers). */
    @Test
    void russianPositionSquaresAreReadFromTheTop() {
        Rules r = Variants.RUSSIAN;
        HubBoard hub = new HubBoard(r, HubBoard.MoveSquares.POSITION);
        var g = r.geometry();
        assertEquals("g3", g.cellName(g.cell(hub.bitOf(24))));
        assertEquals("h4", g.cellName(g.cell(hub.bitOf(20))));
        // convert.py _algebraic_to_numeric_square: (rank - 1) * 4 + file // 2 + 1.
        HubBoard variant = new HubBoard(r);
        assertEquals("g3", g.cellName(g.cell(variant.bitOf(12))));
        assertEquals("h4", g.cellName(g.cell(variant.bitOf(16))));
        assertEquals("a1", g.cellName(g.cell(variant.bitOf(1))));
        assertEquals("h8", g.cellName(g.cell(variant.bitOf(32))));
    }

    /**
     * test_convert.py: fen_from_variant('B:W19,21,22,23,25,26,27,29-31,32:B1,2,3-5,6,7,9,10,11,12',
     * variant='english') == 'W:W21,22,23,24,26,27,28,29,30,31,32:B1,10,11,12,14,2,3,4,6,7,8', and
     * initial_hub_fen lists those board squares in order (game.py, li_fen_to_hub_fen).
     */
    @Test
    void englishPositionIsSeenFromBlacksSideWithTheLettersExchanged() {
        Rules r = Variants.ENGLISH;
        Position p = Fen.parse(r, "B:W19,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12");
        char[] expected = new char[33];
        Arrays.fill(expected, 'e');
        expected[0] = 'W';
        for (int sq : new int[] {21, 22, 23, 24, 26, 27, 28, 29, 30, 31, 32}) expected[sq] = 'w';
        for (int sq : new int[] {1, 10, 11, 12, 14, 2, 3, 4, 6, 7, 8}) expected[sq] = 'b';
        for (HubBoard.MoveSquares m : HubBoard.MoveSquares.values()) {
            HubBoard hub = new HubBoard(r, m);
            assertEquals(new String(expected), hub.positionString(p));
            assertEquals(p, hub.parsePosition(new String(expected)));
        }
    }
}
