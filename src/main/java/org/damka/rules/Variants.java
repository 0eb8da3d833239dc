package org.damka.rules;

import static org.damka.rules.Rules.EndgameLimit.endgame;
import static org.damka.rules.Rules.StasisLimit.pieces;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.damka.rules.Rules.PromotionInCapture;

/** The one registry of variant names. Each entry cites docs/rules.md, the normative text. */
public final class Variants {
    private Variants() { }

    private static final Geometry SQUARE8_ALGEBRAIC = Geometry.square(8, Geometry.Naming.ALGEBRAIC);
    private static final Geometry SQUARE8_NUMERIC = Geometry.square(8, Geometry.Naming.NUMERIC);
    private static final Geometry SQUARE10_NUMERIC = Geometry.square(10, Geometry.Naming.NUMERIC);
    private static final Geometry HEX80 = Geometry.hexagon80();

    private static final String START_8X8_ALGEBRAIC =
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

    // Each trait cites its clause of docs/rules.md: "table" is the table under "The variants",
    // "draws" the one under "Draw rules", "common" the list under "Common to every variant".

    public static final Rules RUSSIAN = Rules.builder("russian")
            .board(SQUARE8_ALGEBRAIC).start(START_8X8_ALGEBRAIC)             // table; notation: start positions
            .menCaptureBackward(true)                                        // table: men capture backward
            .flyingKings(true)                                               // table: kings flying
            .capturePrecedence(CapturePrecedence.FREE_CHOICE)                // table: free choice among captures
            .promotionInCapture(PromotionInCapture.CONTINUE_AS_KING)         // table: continues capturing as king
            .reversibleMoves(15)                                             // draws: 15 king-only moves
            .endgame(endgame("three kings against a lone king").strong(3, 12).strongKings(3).against(1).within(15))
            .endgame(endgame("three pieces against a lone king on the long diagonal")
                    .strong(3, 3).against(1).onLongDiagonal().within(5))
            .stasis(pieces(2, 3, 5)).stasis(pieces(4, 5, 30)).stasis(pieces(6, 7, 60)) // draws: material unchanged
            .pdnGameType(25)
            .build();

    public static final Rules BRAZILIAN = Rules.builder("brazilian")
            .board(SQUARE8_ALGEBRAIC).start(START_8X8_ALGEBRAIC)             // table
            .menCaptureBackward(true).flyingKings(true)                      // table
            .capturePrecedence(CapturePrecedence.MOST_PIECES)                // table: must take the most pieces
            .promotionInCapture(PromotionInCapture.PASS_AS_MAN)              // table: stays a man while it continues
            .reversibleMoves(25)                                             // draws: 25 king-only moves
            .endgame(endgame("three pieces against a lone king").strong(3, 3).against(1).within(5))
            .endgame(endgame("five pieces (four kings) against two kings").strong(5, 5).strongKings(4).against(2).within(50))
            .pdnGameType(26)
            .build();

    public static final Rules INTERNATIONAL = Rules.builder("international")
            .board(SQUARE10_NUMERIC).start("W:W31-50:B1-20")                 // table; notation: start positions
            .menCaptureBackward(true).flyingKings(true)                      // table
            .capturePrecedence(CapturePrecedence.MOST_PIECES)                // table: kings and men count the same
            .promotionInCapture(PromotionInCapture.PASS_AS_MAN)              // table: as brazilian
            .reversibleMoves(25)                                             // draws: as brazilian
            .endgame(endgame("three pieces against a lone king").strong(3, 3).against(1).within(5))
            .endgame(endgame("five pieces (four kings) against two kings").strong(5, 5).strongKings(4).against(2).within(50))
            .pdnGameType(20)
            .build();

    public static final Rules ENGLISH = Rules.builder("english")
            .board(SQUARE8_NUMERIC).start("B:W21-32:B1-12").blackMovesFirst() // table: Black first
            .menCaptureBackward(false).flyingKings(false)                    // table: forward only, short kings
            .capturePrecedence(CapturePrecedence.FREE_CHOICE)                // table: free choice
            .promotionInCapture(PromotionInCapture.END_MOVE)                 // table: becomes king and the move ends
            .reversibleMoves(40)                                             // draws: 40 king-only moves
            .pdnGameType(21)
            .build();

    /** Hexagonal: no published PDN number; 80 is this project's private value (protocol.md). */
    public static final Rules HEXAGONAL = Rules.builder("hexagonal")
            .board(HEX80)
            .start("W:WKk2,Kk4,h1,h2,h3,h4,h5,h6,h7,h8,i1,i2,i3,i4,i5,i6,i7,j2,j3,j4,j5" // decisions 1
                    + ":BKa2,Ka4,b2,b3,b4,b5,c1,c2,c3,c4,c5,c6,c7,d1,d2,d3,d4,d5,d6,d7,d8")
            .menCaptureBackward(true).flyingKings(true)                      // table; decisions 3
            .capturePrecedence(CapturePrecedence.FREE_CHOICE)                // decisions 3: free choice
            .promotionInCapture(PromotionInCapture.CONTINUE_AS_KING)         // decisions 3
            .blockedSideDraws()                                              // common; decisions 2
            .reversibleMoves(30)                                             // draws: engine convention
            .pdnGameType(80)
            .build();

    private static final Map<String, Rules> BY_NAME = new LinkedHashMap<>();
    static {
        for (Rules r : List.of(RUSSIAN, BRAZILIAN, INTERNATIONAL, ENGLISH, HEXAGONAL)) BY_NAME.put(r.name(), r);
    }

    /** The variant with this name (case-insensitive), or null. */
    public static Rules byName(String name) {
        return name == null ? null : BY_NAME.get(name.trim().toLowerCase(java.util.Locale.ROOT));
    }

    /** All variant names, in registry order. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    public static List<Rules> all() {
        return List.copyOf(BY_NAME.values());
    }
}
