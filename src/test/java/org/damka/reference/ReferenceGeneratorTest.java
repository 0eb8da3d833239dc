package org.damka.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Self-checks of the reference generator against docs/rules.md and docs/perft.md.
 * The expected canonical moves of the rule positions were translated by hand from the landing
 * paths of docs/perft.md (captured squares derived from the board geometry on paper).
 */
class ReferenceGeneratorTest {

    private static final String RUSSIAN_START =
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
    private static final String HEX_START =
            "W:WKk2,Kk4,h1,h2,h3,h4,h5,h6,h7,h8,i1,i2,i3,i4,i5,i6,i7,j2,j3,j4,j5"
            + ":BKa2,Ka4,b2,b3,b4,b5,c1,c2,c3,c4,c5,c6,c7,d1,d2,d3,d4,d5,d6,d7,d8";

    private static void assertMoves(String variant, String fen, String... expected) {
        List<String> want = new ArrayList<>(Arrays.asList(expected));
        Collections.sort(want);
        assertEquals(want, ReferenceGenerator.legalMoves(variant, fen), variant + " " + fen);
    }

    private static void assertPerft(String variant, String fen, long... expected) {
        for (int d = 1; d <= expected.length; d++) {
            assertEquals(expected[d - 1], ReferenceGenerator.perft(variant, fen, d),
                    variant + " " + fen + " depth " + d);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Notation (docs/rules.md, "Square boards: coordinates and numbering")
    // ---------------------------------------------------------------------------------------

    @Test
    void numberingMatchesAlgebraic() {
        ReferenceGenerator.Geometry num10 = ReferenceGenerator.squareBoard(10, true);
        ReferenceGenerator.Geometry alg10 = ReferenceGenerator.squareBoard(10, false);
        assertEquals("b10", alg10.name(num10.find("1")));
        assertEquals("j10", alg10.name(num10.find("5")));
        assertEquals("a1", alg10.name(num10.find("46")));
        assertEquals("i1", alg10.name(num10.find("50")));
        ReferenceGenerator.Geometry num8 = ReferenceGenerator.squareBoard(8, true);
        ReferenceGenerator.Geometry alg8 = ReferenceGenerator.squareBoard(8, false);
        assertEquals("b8", alg8.name(num8.find("1")));
        assertEquals("h8", alg8.name(num8.find("4")));
        assertEquals("a1", alg8.name(num8.find("29")));
        assertEquals("g1", alg8.name(num8.find("32")));
        assertEquals(80, ReferenceGenerator.hexBoard().size());
    }

    @Test
    void fenVariants() {
        // colour blocks in any order, empty block, king ranges, trailing dot
        assertMoves("international", "W:B:W28", "28>22[]", "28>23[]");
        assertMoves("international", "W:W28:B", "28>22[]", "28>23[]");
        assertMoves("international", "B:W28:B", new String[0]);
        assertEquals(ReferenceGenerator.legalMoves("international", "W:WK31,K32,K33:B1-3"),
                ReferenceGenerator.legalMoves("international", "W:WK31-33:B1,2,3."));
        assertMoves("russian", "W:Wg7", "g7>f8[]K", "g7>h8[]K");
        assertMoves("english", "W:W5", "5>1[]K");          // 5 = a7: edge square, one way up
        assertMoves("english", "W:W6", "6>1[]K", "6>2[]K");
        assertMoves("english", "B:BK1", "1>5[]", "1>6[]");
    }

    // ---------------------------------------------------------------------------------------
    // docs/perft.md, "Rule positions with their complete legal move lists"
    // ---------------------------------------------------------------------------------------

    @Test
    void internationalRulePositions() {
        // 3.4 man moves
        assertMoves("international", "W:W28", "28>22[]", "28>23[]");
        // 4.2 man captures backward: 35x24, 35x44
        assertMoves("international", "W:W35:B30,K40", "35>24[30]", "35>44[40]");
        // 4.3 flying king chooses where to land: 46x19, 46x14, 46x10, 46x5
        assertMoves("international", "W:WK46:B23", "46>19[23]", "46>14[23]", "46>10[23]", "46>5[23]");
        // 4.5 man multi-capture: 15x24x13x2 (ends on the crown row: promotes)
        assertMoves("international", "W:W15:B8,19,20", "15>2[19,20,8]K");
        // 4.5 long man capture: 47x36x27x18x9x20x29x40x49
        assertMoves("international", "W:W47:B13,14,22,24,31,34,K41,44",
                "47>49[13,14,22,24,31,34,41,44]");
        // 4.6 king must land where it can go on; free last landing: 47x20x3x17, 47x20x3x21, 47x20x3x26
        assertMoves("international", "W:WK47:B9,12,33",
                "47>17[12,33,9]", "47>21[12,33,9]", "47>26[12,33,9]");
        // 4.6 long king capture: 1x29x42x26x3x14x32x49x35x24x15
        assertMoves("international", "W:WK1:B7,9,17,19,20,30,31,33,43,44",
                "1>15[17,19,20,30,31,33,43,44,7,9]");
        // 4.8 captured pieces stay until the end: 41x14x3x21x43
        assertMoves("international", "W:WK41,49:B9,10,12,19,38", "41>43[12,19,38,9]");
        // 4.8 king blocked by its own victims: 25x48x31x22x33
        assertMoves("international", "B:W27,28,38,39,42:BK25", "25>33[27,28,39,42]");
        // 4.13 majority: three men beat two kings: 48x39x30x19
        assertMoves("international", "W:W48:B24,K31,34,K42,43", "48>19[24,34,43]");
        // 4.13 majority, a king counts one: 48x30x2x11x50
        assertMoves("international", "W:WK48:B7,8,31,34,K42,44", "48>50[34,44,7,8]");
        // 4.14 kings do not weigh more: 26x17x8, 26x37x28
        assertMoves("international", "W:W26:B12,K21,31,32", "26>8[12,21]", "26>28[31,32]");
        // 4.15 passing the crown row does not promote: 15x4x13 (ends a man)
        assertMoves("international", "W:W15:B9,10", "15>13[10,9]");
    }

    @Test
    void otherVariantRulePositions() {
        // russian: promoted mid-capture, goes on as a flying king: c3:e1:g3, c3:e1:h4
        assertMoves("russian", "B:Wd2,f2:Bc3", "c3>g3[d2,f2]K", "c3>h4[d2,f2]K");
        // brazilian: passes the crown row as a man: c3:e1:g3
        assertMoves("brazilian", "B:Wd2,f2:Bc3", "c3>g3[d2,f2]");
        // english: promotion ends the move: 22x31
        assertMoves("english", "B:W26,27:B22", "22>31[26]K");
        // english: the origin square is free during a capture (a loop): 18x11x2x9x18 == 18x9x2x11x18
        assertMoves("english", "W:WK18:B6,7,14,15", "18>18[14,15,6,7]");
        // english: no majority rule: 18x11x2x9x18x25 (or its mirror path), 18x25
        assertMoves("english", "W:WK18:B6,7,14,15,22", "18>25[14,15,22,6,7]", "18>25[22]");
    }

    // ---------------------------------------------------------------------------------------
    // docs/rules.md, hexagonal worked examples
    // ---------------------------------------------------------------------------------------

    @Test
    void hexagonalWorkedExamples() {
        // White man i3 with Black men on h3 and f4 captures i3:g3:e4
        assertMoves("hexagonal", "W:Wi3:Bh3,f4", "i3>e4[f4,h3]");
        // White man g8 alone moves to f8 or f9
        assertMoves("hexagonal", "W:Wg8", "g8>f8[]", "g8>f9[]");
        // lone White king on g2 reaches k2, e1, b3 and the rest of its four lines
        List<String> king = ReferenceGenerator.legalMoves("hexagonal", "W:WKg2");
        assertTrue(king.containsAll(List.of("g2>k2[]", "g2>e1[]", "g2>b3[]")), king.toString());
        // the four lines worked out on paper: down-left h1; down-right h2,i2,j2,k2;
        // up-left f2,e1; up-right f3,e3,d3,c3,b3,a3
        assertMoves("hexagonal", "W:WKg2", "g2>h1[]", "g2>h2[]", "g2>i2[]", "g2>j2[]", "g2>k2[]",
                "g2>f2[]", "g2>e1[]", "g2>f3[]", "g2>e3[]", "g2>d3[]", "g2>c3[]", "g2>b3[]", "g2>a3[]");
        // White king k4 with Black pieces on h4, e5, f8: k4:g4:c5:h8 or k4:g4:c5:g8
        assertMoves("hexagonal", "W:WKk4:Bh4,e5,f8", "k4>g8[e5,f8,h4]", "k4>h8[e5,f8,h4]");
        // a man promoted on row a during a capture continues as a flying king (docs/rules.md, hexagonal).
        // Worked on paper: c4 x b3 lands on a2 (crown row, king at once); from a2 the down-left line
        // is b2 (Black) then c2, d2, e2, f2, g1, all empty; nothing further to take.
        assertMoves("hexagonal", "W:Wc4:Bb3,b2",
                "c4>c2[b2,b3]K", "c4>d2[b2,b3]K", "c4>e2[b2,b3]K", "c4>f2[b2,b3]K", "c4>g1[b2,b3]K");
        // same for Black: man i4 x j4 lands on k4 (crown row); from k4 the up-right line is j5, i6, ...
        // With a White man on i6 the new king takes it and may land on h7, g8, f9 or e9.
        assertMoves("hexagonal", "B:Wj4,i6:Bi4",
                "i4>h7[i6,j4]K", "i4>g8[i6,j4]K", "i4>f9[i6,j4]K", "i4>e9[i6,j4]K");
    }

    // ---------------------------------------------------------------------------------------
    // docs/perft.md, "Start positions" (drop columns) and "Test positions (international, drop)"
    // ---------------------------------------------------------------------------------------

    @Test
    void perftStartPositions() {
        // docs/perft.md "Start positions", international drop d1-5
        assertPerft("international", "W:W31-50:B1-20", 9, 81, 658, 4265, 27117);
        // docs/perft.md "Start positions", russian drop d1-6
        assertPerft("russian", RUSSIAN_START, 7, 49, 302, 1469, 7482, 37986);
        // docs/perft.md "Start positions", brazilian drop d1-6
        assertPerft("brazilian", RUSSIAN_START, 7, 49, 302, 1469, 7473, 37628);
        // docs/perft.md "Start positions", english drop d1-6
        assertPerft("english", "B:W21-32:B1-12", 7, 49, 302, 1469, 7361, 36768);
        // docs/perft.md "Hexagonal start position": 16, 256, 4,320 for d1-3
        assertPerft("hexagonal", HEX_START, 16, 256, 4320);
    }

    @Test
    void perftInternationalTestPositions() {
        // docs/perft.md "Test positions (international, drop)", Woldouby d1-5
        assertPerft("international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
                6, 12, 30, 73, 215);
        // docs/perft.md "Test positions (international, drop)", Random178 d1-4
        assertPerft("international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
                14, 55, 1168, 5432);
        // docs/perft.md "Test positions (international, drop)", AllKings d1-3
        assertPerft("international", "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,"
                + "K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
                17, 79, 352);
        // docs/perft.md "Test positions (international, drop)", AlmostPromotion d1-4
        assertPerft("international", "W:W6,7,8,9,10:B41,42,43,44,45", 9, 81, 795, 7578);
    }

    /** Deeper numbers (about a minute in all); run with {@code mvn test -Pdeep}. */
    @Test
    @Tag("deep")
    void perftDeep() {
        // docs/perft.md "Start positions", drop columns; d8+ also differ from the keep columns
        assertEquals(22_444_032L, ReferenceGenerator.perft("russian", RUSSIAN_START, 10));
        assertEquals(21_560_022L, ReferenceGenerator.perft("brazilian", RUSSIAN_START, 10));
        assertEquals(18_391_564L, ReferenceGenerator.perft("english", "B:W21-32:B1-12", 10));
        assertEquals(6_483_961L, ReferenceGenerator.perft("international", "W:W31-50:B1-20", 8));
        // docs/perft.md "Test positions (international, drop)"
        assertEquals(88_050L, ReferenceGenerator.perft("international",
                "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 10));
        assertEquals(9_041_010L, ReferenceGenerator.perft("international",
                "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 7));
        assertEquals(1_333_217L, ReferenceGenerator.perft("international",
                "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50"
                + ":BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20", 8));
        assertEquals(11_448_262L, ReferenceGenerator.perft("international",
                "W:W6,7,8,9,10:B41,42,43,44,45", 7));
    }
}
