package org.damka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.damka.board.Fen;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

class BoardTextTest {
    @Test
    void squareBoardWithFilesAndKings() {
        List<String> rows = BoardText.draw(Variants.RUSSIAN.geometry(), Fen.parse(Variants.RUSSIAN, "W:WKa1,c3:Bh8,Kb8"));
        assertEquals(List.of(
                "   +-----------------+",
                " 8 |   B   .   .   b |",
                " 7 | .   .   .   .   |",
                " 6 |   .   .   .   . |",
                " 5 | .   .   .   .   |",
                " 4 |   .   .   .   . |",
                " 3 | .   w   .   .   |",
                " 2 |   .   .   .   . |",
                " 1 | W   .   .   .   |",
                "   +-----------------+",
                "     a b c d e f g h"), rows);
    }

    @Test
    void numericBoardShowsTheNumbersOfEachRow() {
        List<String> rows = BoardText.draw(Variants.INTERNATIONAL.geometry(), Fen.parse(Variants.INTERNATIONAL, "W:W46,K50:B1"));
        assertEquals("|   b   .   .   .   . |  1-5", rows.get(1));
        assertEquals("| w   .   .   .   W   |  46-50", rows.get(10));
    }

    @Test
    void hexagonDrawsElevenRowsOfItsCells() {
        List<String> rows = BoardText.draw(Variants.HEXAGONAL.geometry(), Fen.parse(Variants.HEXAGONAL, Variants.HEXAGONAL.startFen()));
        assertEquals(11, rows.size());
        assertEquals("a       . B . B .", rows.get(0));
        assertEquals("f  . . . . . . . . . .", rows.get(5));
        assertEquals("k       . W . W .", rows.get(10));
    }
}
