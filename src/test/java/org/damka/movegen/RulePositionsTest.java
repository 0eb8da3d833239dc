package org.damka.movegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rule positions of docs/perft.md ("Rule positions with their complete legal move
 * lists"): the engine's legal moves, written by {@link MoveNotation#format}, are exactly the
 * listed ones. Where docs/perft.md allows either of two paths of one move (the english loops), each
 * listed path must parse to a legal move, both paths to the same one, and the engine must print
 * one of them. Every position is also checked against the independent reference generator.
 */
class RulePositionsTest {
    /**
     * A rule position. Each element of moves is one legal move; "a|b" gives two paths of the same
     * move, either of which the engine may print.
     */
    record Case(String variant, String rule, String fen, List<String> moves) {
        @Override
        public String toString() {
            return variant + " " + rule;
        }
    }

    private static Case c(String variant, String rule, String fen, String... moves) {
        return new Case(variant, rule, fen, List.of(moves));
    }

    /** docs/perft.md, "Rule positions with their complete legal move lists" (international: FMJD). */
    static Stream<Case> cases() {
        return Stream.of(
                c("international", "3.4 man moves", "W:W28", "28-22", "28-23"),
                c("international", "4.2 man captures backward", "W:W35:B30,K40", "35x24", "35x44"),
                c("international", "4.3 flying king chooses where to land", "W:WK46:B23",
                        "46x19", "46x14", "46x10", "46x5"),
                c("international", "4.5 man multi-capture", "W:W15:B8,19,20", "15x24x13x2"),
                c("international", "4.5 long man capture", "W:W47:B13,14,22,24,31,34,K41,44",
                        "47x36x27x18x9x20x29x40x49"),
                c("international", "4.6 king must land where it can go on; free last landing", "W:WK47:B9,12,33",
                        "47x20x3x17", "47x20x3x21", "47x20x3x26"),
                c("international", "4.6 long king capture", "W:WK1:B7,9,17,19,20,30,31,33,43,44",
                        "1x29x42x26x3x14x32x49x35x24x15"),
                c("international", "4.8 captured pieces stay until the end", "W:WK41,49:B9,10,12,19,38",
                        "41x14x3x21x43"),
                c("international", "4.8 king blocked by its own victims", "B:W27,28,38,39,42:BK25",
                        "25x48x31x22x33"),
                c("international", "4.13 majority: three men beat two kings", "W:W48:B24,K31,34,K42,43",
                        "48x39x30x19"),
                c("international", "4.13 majority, a king counts one", "W:WK48:B7,8,31,34,K42,44",
                        "48x30x2x11x50"),
                c("international", "4.14 kings do not weigh more", "W:W26:B12,K21,31,32", "26x17x8", "26x37x28"),
                c("international", "4.15 passing the crown row does not promote", "W:W15:B9,10", "15x4x13"),
                c("russian", "promoted mid-capture, goes on as a flying king", "B:Wd2,f2:Bc3",
                        "c3:e1:g3", "c3:e1:h4"),
                c("brazilian", "passes the crown row as a man", "B:Wd2,f2:Bc3", "c3:e1:g3"),
                c("english", "promotion ends the move", "B:W26,27:B22", "22x31"),
                c("english", "the origin square is free during a capture (a loop)", "W:WK18:B6,7,14,15",
                        "18x11x2x9x18|18x9x2x11x18"),
                c("english", "no majority rule", "W:WK18:B6,7,14,15,22",
                        "18x11x2x9x18x25|18x9x2x11x18x25", "18x25"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void legalMovesAreExactlyTheListedOnes(Case c) {
        Rules rules = Variants.byName(c.variant());
        Position p = Fen.parse(rules, c.fen());
        Position before = new Position(p);
        MoveGenerator generator = MoveGenerator.create(rules);
        MoveNotation notation = new MoveNotation(rules);
        MoveList list = new MoveList();
        int n = generator.generate(p, list);
        List<String> printed = notation.formatAll(p, list);

        assertEquals(c.moves().size(), n, c + ": number of legal moves; engine prints " + printed);
        Set<Integer> matched = new HashSet<>();
        for (String move : c.moves()) {
            String[] paths = move.split("\\|");
            int index = notation.parse(p, list, paths[0]);
            for (String path : paths) {
                assertEquals(index, notation.parse(p, list, path), c + ": " + path + " names another move");
            }
            assertTrue(List.of(paths).contains(printed.get(index)),
                    c + ": the engine prints " + printed.get(index) + " for " + move);
            assertTrue(matched.add(index), c + ": two listed moves are the same engine move " + printed.get(index));
        }
        if (c.moves().stream().noneMatch(m -> m.contains("|"))) {
            assertEquals(new TreeSet<>(c.moves()), new TreeSet<>(printed), c.toString());
        }
        assertEquals(Canonical.referenceMoves(rules, p), Canonical.engineMoves(rules, generator, p, list),
                c + ": engine vs reference generator");
        assertEquals(before, p, "generating and formatting must not change the position");
    }

    /** Sanity: the table has every row of docs/perft.md. */
    @org.junit.jupiter.api.Test
    void tableIsComplete() {
        List<String> variants = new ArrayList<>();
        cases().forEach(c -> variants.add(c.variant()));
        assertEquals(18, variants.size());
    }
}
