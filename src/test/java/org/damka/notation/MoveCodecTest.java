package org.damka.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.damka.board.Fen;
import org.damka.board.FenException;
import org.damka.board.Position;
import org.damka.movegen.Move;
import org.damka.movegen.MoveCodec;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.movegen.RandomPositions;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** Every codec reads back exactly the move value it wrote, in every variant. */
class MoveCodecTest {

    private static List<MoveCodec> codecs(Rules rules) {
        return List.of(new MoveNotation(rules), new HubBoard(rules, HubBoard.MoveSquares.VARIANT),
                new HubBoard(rules, HubBoard.MoveSquares.POSITION));
    }

    @Test
    void everyLegalMoveOfRandomPositionsRoundTripsThroughEveryCodec() {
        Random random = new Random(12);
        int captures = 0;
        for (Rules rules : Variants.all()) {
            MoveGenerator generator = MoveGenerator.create(rules);
            MoveList legal = new MoveList();
            for (int k = 0; k < 300; k++) {
                Position p = RandomPositions.placement(rules, random);
                generator.generate(p, legal);
                for (int i = 0; i < legal.size(); i++) {
                    Move m = legal.move(i);
                    assertEquals(i, legal.indexOf(m), "values of distinct moves differ");
                    if (m.isCapture()) captures++;
                    for (MoveCodec codec : codecs(rules)) {
                        String text = codec.format(p, m);
                        assertEquals(m, codec.parse(p, text), rules.name() + " " + Fen.format(rules, p) + " " + text);
                    }
                }
            }
        }
        assertTrue(captures > 1000, "captures tried: " + captures);
    }

    @Test
    void linesOfPlayedMovesRoundTrip() {
        Random random = new Random(5);
        for (Rules rules : Variants.all()) {
            Position start = Fen.parse(rules, rules.startFen());
            MoveGenerator generator = MoveGenerator.create(rules);
            MoveList legal = new MoveList();
            List<Move> line = new ArrayList<>();
            Position p = new Position(start);
            for (int ply = 0; ply < 40 && generator.generate(p, legal) > 0; ply++) {
                int i = random.nextInt(legal.size());
                line.add(legal.move(i));
                legal.play(p, i);
            }
            for (MoveCodec codec : codecs(rules)) {
                assertEquals(line, codec.parseLine(start, codec.formatLine(start, line)), rules.name());
            }
        }
    }

    @Test
    void twoCapturesWithTheSameEndsAreDifferentValues() {
        // International: the king on 35 can end on 49 taking {17, 30, 43} or {11, 30, 43}.
        Rules r = Variants.INTERNATIONAL;
        HubBoard hub = new HubBoard(r);
        Position p = Fen.parse(r, "W:WK35:B11,17,30,43");
        Move first = hub.parse(p, "35x49x43x30x17"), second = hub.parse(p, "35x49x11x43x30");
        assertNotEquals(first, second);
        assertEquals(first.from(), second.from());
        assertEquals(first.to(), second.to());
        assertThrows(FenException.class, () -> hub.parse(p, "35x49"), "the ends alone are ambiguous");
    }

    @Test
    void aLineNamesTheMoveThatFailsAndAFinishedGameHasNoMove() {
        Rules r = Variants.RUSSIAN;
        MoveNotation n = new MoveNotation(r);
        Position start = Fen.parse(r, r.startFen());
        FenException e = assertThrows(FenException.class, () -> n.parseLine(start, List.of("c3-d4", "f6-g5", "e3-e5")));
        assertTrue(e.getMessage().startsWith("move 3: illegal move 'e3-e5'"), e.getMessage());
        Position over = Fen.parse(r, "W:Wa1:Bb2,c3");
        e = assertThrows(FenException.class, () -> n.parse(over, "a1-b2"));
        assertEquals("the game is already over (White has no legal move)", e.getMessage());
    }

    @Test
    void aMoveAfterTheLastPieceIsTakenSaysSoInBothNotations() {
        Rules r = Variants.HEXAGONAL; // blocked is a draw here: "no legal move" alone misled
        Position start = Fen.parse(r, "W:WKk4:Bh4,e5,f8");
        FenException e = assertThrows(FenException.class,
                () -> new MoveNotation(r).parseLine(start, List.of("k4:g4:c5:g8", "a1-b1")));
        assertEquals("move 2: the game is already over (Black has no pieces)", e.getMessage());
        Rules ru = Variants.RUSSIAN;
        Position taken = Fen.parse(ru, "W:Wc3:Bd4");
        HubBoard hub = new HubBoard(ru);
        String capture = hub.format(taken, new MoveNotation(ru).parse(taken, "c3:e5"));
        e = assertThrows(FenException.class, () -> hub.parseLine(taken, List.of(capture, "1-5")));
        assertEquals("move 2: the game is already over (Black has no pieces)", e.getMessage());
        // A set-up position where the side not to move has none: over before its first move.
        Position setUp = Fen.parse(ru, "W:Wc3:B");
        e = assertThrows(FenException.class, () -> new MoveNotation(ru).parseLine(setUp, List.of("c3-d4", "d8-c7")));
        assertEquals("move 1: the game is already over (Black has no pieces)", e.getMessage());
        e = assertThrows(FenException.class, () -> hub.parse(setUp, "22-18"));
        assertEquals("the game is already over (Black has no pieces)", e.getMessage());
    }
}
