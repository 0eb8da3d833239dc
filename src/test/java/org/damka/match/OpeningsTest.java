package org.damka.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.movegen.MoveGenerator;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** The built-in opening sets and the reading of opening lines. */
class OpeningsTest {

    @Test
    void everyVariantHasAPlayableBuiltInSet() {
        for (Rules rules : Variants.all()) {
            List<Opening> set = Openings.builtIn(rules);
            assertTrue(set.size() >= 20, rules.name() + ": only " + set.size() + " openings");
            Set<String> seen = new HashSet<>();
            MoveGenerator generator = MoveGenerator.create(rules);
            for (Opening o : set) {
                Game g = o.toGame(rules);
                String fen = Fen.format(rules, g.position());
                assertTrue(seen.add(fen), rules.name() + ": duplicate opening " + fen);
                assertNotEquals(Fen.format(rules, Fen.parse(rules, rules.startFen())), fen, rules.name() + ": the start position");
                assertTrue(g.result().isEmpty(), rules.name() + ": finished game " + fen);
                assertTrue(!generator.hasCapture(g.position()), rules.name() + ": capture pending in " + fen);
            }
        }
    }

    @Test
    void readsPositionsAndMoveLists() {
        Rules rules = Variants.RUSSIAN;
        Opening fen = Openings.parseLine(rules, "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8");
        assertEquals(List.of(), fen.moves());
        assertEquals(rules.startFen(), fen.fen());

        // as position strings are accepted everywhere: a PDN tag ("move '[FEN' needs at least two squares")
        assertEquals(rules.startFen(), Openings.parseLine(rules, "[FEN \"W:W21-32:B1-12\"]").fen());
        assertEquals(rules.startFen(), Openings.parseLine(rules, "\"W:W21-32:B1-12\"").fen());

        Opening moves = Openings.parseLine(rules, "1. c3-d4 f6-g5 2.d4-e5 *");
        assertNull(moves.fen());
        assertEquals(List.of("c3-d4", "f6-g5", "d4-e5"), moves.moves());
        // Either capture separator is accepted; the stored move is in canonical notation.
        Opening capture = Openings.parseLine(rules, "c3-d4 f6-e5 d4xf6");
        assertEquals("d4:f6", capture.moves().get(2));
    }

    @Test
    void badLinesNameTheLine() {
        Rules rules = Variants.INTERNATIONAL;
        String text = "# comment\n\n32-28\n32-28 32-28\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Openings.read(rules, new StringReader(text), "book.txt"));
        assertTrue(e.getMessage().startsWith("book.txt line 4:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Openings.read(rules, new StringReader("# only\n"), "empty"));
        assertThrows(IllegalArgumentException.class, () -> Openings.parseLine(rules, "W:W99:B1"));
        // A finished game is no opening: White has no pieces.
        assertThrows(IllegalArgumentException.class, () -> Openings.parseLine(rules, "W:W:B1"));
    }

    /** A byte-order mark (some Windows editors write one) is not part of the first line. */
    @Test
    void aByteOrderMarkIsSkipped() throws Exception {
        Rules rules = Variants.ENGLISH;
        assertEquals(2, Openings.read(rules, new StringReader("\uFEFFB:W21-32:B1-12\n11-15 23-19\n"), "bom.txt").size());
        assertEquals(1, Openings.read(rules, new StringReader("\uFEFF# a comment\n11-15 23-19\n"), "bom.txt").size());
    }

    /**
     * A PDN file given as openings failed with "move '[Event' needs at least two squares"; a move
     * list with a comment in braces too. Games of a PDN are openings: their FEN tag and moves.
     */
    @Test
    void aPdnFileOfGamesAndCommentsInBraces() throws Exception {
        Rules rules = Variants.RUSSIAN;
        String pdn = """
                [Event "ballots"]
                [Result "*"]

                1. c3-d4 {the usual} f6-g5 *

                [Event "ballots"]
                [FEN "W:Wa1,c3,e3:Bf6,h6"]
                [Result "*"]

                1. c3-b4 *
                """;
        List<Opening> set = Openings.read(rules, new StringReader(pdn), "ballots.pdn");
        assertEquals(2, set.size());
        assertEquals(null, set.get(0).fen());
        assertEquals(List.of("c3-d4", "f6-g5"), set.get(0).moves());
        assertEquals("W:Wa1,c3,e3:Bf6,h6", set.get(1).fen());
        assertEquals(List.of("c3-b4"), set.get(1).moves());

        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Openings.read(rules, new StringReader(pdn.replace("c3-b4", "c3-d5")), "ballots.pdn"));
        assertTrue(bad.getMessage().startsWith("ballots.pdn game 2: "), bad.getMessage());

        assertEquals(List.of("c3-d4", "f6-g5"), Openings.parseLine(rules, "1. c3-d4 {a comment} f6-g5 {another} *").moves());
        // a line that is only a comment is skipped (it was played as the start position), one with no move refused
        assertEquals(1, Openings.read(rules, new StringReader("{ my balanced set }\n1. c3-d4 *\n"), "set.txt").size());
        assertThrows(IllegalArgumentException.class, () -> Openings.read(rules, new StringReader("1. *\n"), "set.txt"));
        // a stray tag above move lines without results: refused, where it read them as one game
        IllegalArgumentException stray = assertThrows(IllegalArgumentException.class,
                () -> Openings.read(rules, new StringReader("[Event \"my set\"]\n1. c3-d4 f6-g5\n1. a3-b4 b6-a5\n"), "set.txt"));
        assertTrue(stray.getMessage().startsWith("set.txt line 1: a PDN tag, but no game ends with a result"), stray.getMessage());
    }
}
