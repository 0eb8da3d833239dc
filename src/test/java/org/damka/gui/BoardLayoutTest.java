package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** Where the board's cells are drawn, checked against the notations' published layouts. */
class BoardLayoutTest {
    static Map<String, BoardLayout.Cell> byName(BoardLayout l) {
        return l.cells().stream().collect(Collectors.toMap(BoardLayout.Cell::name, c -> c));
    }

    @Test
    void algebraicBoardsHaveA1AtWhitesLeftCorner() {
        BoardLayout l = BoardLayout.of(Variants.RUSSIAN);
        assertEquals("square", l.shape());
        assertEquals(8, l.width());
        assertEquals(8, l.height());
        Map<String, BoardLayout.Cell> c = byName(l);
        assertEquals(new BoardLayout.Cell("a1", 0, 7), c.get("a1"));
        assertEquals(new BoardLayout.Cell("h8", 7, 0), c.get("h8"));
        assertEquals(new BoardLayout.Cell("e3", 4, 5), c.get("e3"));
    }

    @Test
    void numericBoardsCountFromBlacksSide() {
        Map<String, BoardLayout.Cell> c = byName(BoardLayout.of(Variants.INTERNATIONAL));
        assertEquals(50, c.size());
        assertEquals(new BoardLayout.Cell("1", 1, 0), c.get("1"));
        assertEquals(new BoardLayout.Cell("5", 9, 0), c.get("5"));
        assertEquals(new BoardLayout.Cell("6", 0, 1), c.get("6"));
        assertEquals(new BoardLayout.Cell("46", 0, 9), c.get("46"));
        assertEquals(new BoardLayout.Cell("50", 8, 9), c.get("50"));
        Map<String, BoardLayout.Cell> e = byName(BoardLayout.of(Variants.ENGLISH));
        assertEquals(new BoardLayout.Cell("1", 1, 0), e.get("1"));
        assertEquals(new BoardLayout.Cell("32", 6, 7), e.get("32"));
    }

    @Test
    void theHexagonHasRowsOfFiveToTenToFiveCells() {
        BoardLayout l = BoardLayout.of(Variants.HEXAGONAL);
        assertEquals("hex", l.shape());
        assertEquals(80, l.cells().size());
        Map<Integer, Integer> perRow = new TreeMap<>();
        Set<String> places = new HashSet<>();
        for (BoardLayout.Cell c : l.cells()) {
            perRow.merge(c.y(), 1, Integer::sum);
            places.add(c.x() + "," + c.y());
            // each row's letter is its row, its number counts from the left
            assertEquals(c.name().charAt(0) - 'a', c.y(), c.name());
        }
        assertEquals(80, places.size(), "no two cells in one place");
        assertEquals(java.util.List.of(5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5), java.util.List.copyOf(perRow.values()));
        assertEquals(java.util.List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), java.util.List.copyOf(perRow.keySet()));
        Map<String, BoardLayout.Cell> c = byName(l);
        // neighbours in a row are one cell (two half cells) apart; a row is offset by half a cell
        assertEquals(c.get("f1").x() + 2, c.get("f2").x());
        assertEquals(c.get("f1").x() + 1, c.get("e1").x());
        assertEquals(c.get("f1").x() + 1, c.get("g1").x());
        assertEquals(0, c.get("f1").x());
    }
}
