package org.damka.egdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;

import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Known endgame theory, checked over every position of a balance (White to move) in tables
 * built here. Sources are named per test; docs/egdb.md lists them.
 */
class EgdbTheoryTest {
    private static final PrintWriter QUIET = new PrintWriter(Writer.nullWriter());

    @TempDir
    Path dir;

    /** Counts of White-to-move positions of a balance: [win, draw, loss, longest win], filtered. */
    private interface Filter {
        boolean test(Position p, MoveGenerator generator);
    }

    private long[] count(Rules rules, Material m, Filter filter) throws IOException {
        EgdbBuilder builder = new EgdbBuilder(rules, dir, 2, QUIET);
        builder.build(m);
        Egdb egdb = builder.egdb();
        SliceIndex index = egdb.index(m);
        MoveGenerator generator = MoveGenerator.create(rules);
        Position p = new Position();
        long[] c = new long[4];
        for (long i = 0; i < index.size(); i += 2) {
            if (!index.decode(i, p) || !filter.test(p, generator)) continue;
            int v = egdb.probe(p);
            if (EgdbValue.isWin(v)) {
                c[0]++;
                c[3] = Math.max(c[3], EgdbValue.distance(v));
            } else if (EgdbValue.isDraw(v)) {
                c[1]++;
            } else {
                c[2]++;
            }
        }
        return c;
    }

    private static boolean blackOn(Position p, long line) {
        return (p.blackLo() & line) != 0;
    }

    private static boolean whiteOn(Position p, long line) {
        return (p.whiteLo() & line) != 0;
    }

    /** No capture for either side: the theory is about positions without an immediate shot. */
    private static boolean quiet(Position p, MoveGenerator g) {
        if (g.hasCapture(p)) return false;
        Position other = new Position(p);
        other.setSideToMove(p.sideToMove() ^ 1);
        return !g.hasCapture(other);
    }

    /**
     * Russian, three kings against one off the main road (a1-h8), no capture pending: always
     * won, in at most 13 moves (25 plies). Source: "Три дамки проти однієї"
     * (jak.bono.odessa.ua, Russian draughts): "if the king is not on the main road, three kings
     * always catch it, from the most awkward position in no more than 13 moves" (Petrov's
     * triangle, A. D. Petrov 1827).
     */
    @Test
    void russianThreeKingsCatchOneOffTheMainRoad() throws IOException {
        Rules r = Variants.RUSSIAN;
        long road = r.geometry().longDiagonalLo();
        long[] c = count(r, new Material(0, 3, 0, 1), (p, g) -> quiet(p, g) && !blackOn(p, road));
        assertEquals(0, c[1] + c[2], "drawn or lost: " + c[1] + " " + c[2]);
        assertTrue(c[0] > 40_000 && c[3] <= 25, "wins " + c[0] + ", longest " + c[3] + " plies");
    }

    /**
     * Russian, the lone king holding the main road against three kings that do not: a draw in
     * general (the tables find a few tactical wins). Sources: as above, and the boardgamegeek
     * "Mini Course 1 - Winning with Three Kings against One" (keep the main line occupied, or the
     * opponent takes it and the game is a draw).
     */
    @Test
    void russianLoneKingOnTheMainRoadDraws() throws IOException {
        Rules r = Variants.RUSSIAN;
        long road = r.geometry().longDiagonalLo();
        long[] c = count(r, new Material(0, 3, 0, 1), (p, g) -> quiet(p, g) && blackOn(p, road) && !whiteOn(p, road));
        assertEquals(0, c[2]);
        assertTrue(c[1] > 20 * c[0] && c[1] > 10_000, "wins " + c[0] + ", draws " + c[1]);
    }

    /**
     * Russian, two kings against one: a draw in general (flying kings; the few wins are
     * tactical). Source: the rules' five-move limit for three-piece endings (ru-checkers.ru).
     */
    @Test
    void russianTwoKingsDoNotBeatOne() throws IOException {
        long[] c = count(Variants.RUSSIAN, new Material(0, 2, 0, 1), EgdbTheoryTest::quiet);
        assertEquals(0, c[2]);
        assertTrue(c[1] > 10 * c[0], "wins " + c[0] + ", draws " + c[1]);
    }

    /**
     * English, two kings against one: a win (short kings). Source: the standard "two kings
     * against one" ending (e.g. M. Hopper, Win at Checkers, 1941).
     */
    @Test
    void englishTwoKingsBeatOne() throws IOException {
        long[] c = count(Variants.ENGLISH, new Material(0, 2, 0, 1), EgdbTheoryTest::quiet);
        assertEquals(0, c[2]);
        assertTrue(c[1] * 100 < c[0], "wins " + c[0] + ", draws " + c[1]);
    }

    /**
     * International, three kings against one holding the long diagonal (46-5): a draw in general
     * (the tables find about 3% tactical wins among the quiet positions). Source:
     * boardgamegeek "Mini Course 1" (in international draughts three kings against one is a
     * draw), and the FMJD rules' 16-move limit for this ending.
     */
    @Test
    void internationalThreeKingsDrawAgainstTheLongDiagonal() throws IOException {
        Rules r = Variants.INTERNATIONAL;
        long diagonal = 0;
        for (int square : new int[] {5, 10, 14, 19, 23, 28, 32, 37, 41, 46}) diagonal |= 1L << r.geometry().bit(square - 1);
        long line = diagonal;
        long[] c = count(r, new Material(0, 3, 0, 1), (p, g) -> quiet(p, g) && blackOn(p, line) && !whiteOn(p, line));
        assertEquals(0, c[2]);
        assertTrue(c[1] > 20 * c[0] && c[1] > 10_000, "wins " + c[0] + ", draws " + c[1]);
    }

    /**
     * English, three kings against two (five pieces): a win. Source: E. Lasker, "Chess and
     * Checkers: the Way to Mastership" (1918), Elementary Tactics: "in the ending three kings
     * against two kings ... the three Kings will always win when handled right". The tables
     * agree for all but about 0.1% of the quiet positions (kings crowded on an edge, where the
     * two kings hold or win at once).
     */
    @Test
    void englishThreeKingsBeatTwo() throws IOException {
        long[] c = count(Variants.ENGLISH, new Material(0, 3, 0, 2), EgdbTheoryTest::quiet);
        assertTrue(c[0] > 1_000_000 && (c[1] + c[2]) * 500 < c[0], "wins " + c[0] + ", draws " + c[1] + ", losses " + c[2]);
    }

    /**
     * International, four kings against one (five pieces): always a win, unlike three against
     * one. Source: C. Piens, "PC Blues deel 30: Overmachtseindspelen" (2014), chapter "Winst van
     * 4 dammen tegen 1 dam". Slow (about 21 M positions, minutes): tagged deep.
     */
    @Test
    @Tag("deep")
    void internationalFourKingsBeatOne() throws IOException {
        long[] c = count(Variants.INTERNATIONAL, new Material(0, 4, 0, 1), EgdbTheoryTest::quiet);
        assertEquals(0, c[1] + c[2], "drawn or lost: " + c[1] + " " + c[2]);
        assertTrue(c[0] > 4_000_000, "wins " + c[0]);
    }

    /**
     * Hexagonal, two kings against one: a draw in general, the few wins tactical (at most 5
     * plies). No source: no table existed for this variant; docs/egdb.md states it as new.
     */
    @Test
    void hexagonalTwoKingsDoNotBeatOne() throws IOException {
        long[] c = count(Variants.HEXAGONAL, new Material(0, 2, 0, 1), EgdbTheoryTest::quiet);
        assertEquals(0, c[2]);
        assertTrue(c[1] > 30 * c[0] && c[3] <= 5, "wins " + c[0] + " (longest " + c[3] + " plies), draws " + c[1]);
    }
}
