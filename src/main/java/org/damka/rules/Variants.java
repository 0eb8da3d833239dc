package org.damka.rules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.damka.rules.Rules.DrawRules;
import org.damka.rules.Rules.EndgameLimit;
import org.damka.rules.Rules.PromotionInCapture;
import org.damka.rules.Rules.StasisLimit;

/** The one registry of variant names. Each entry cites docs/rules.md, the normative text. */
public final class Variants {
    private Variants() { }

    private static final Geometry SQUARE8_ALGEBRAIC = Geometry.square(8, Geometry.Naming.ALGEBRAIC);
    private static final Geometry SQUARE8_NUMERIC = Geometry.square(8, Geometry.Naming.NUMERIC);
    private static final Geometry SQUARE10_NUMERIC = Geometry.square(10, Geometry.Naming.NUMERIC);
    private static final Geometry HEX80 = Geometry.hexagon80();

    private static final String START_8X8_ALGEBRAIC =
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

    public static final Rules RUSSIAN = new Rules("russian", SQUARE8_ALGEBRAIC, START_8X8_ALGEBRAIC,
            0, true, true, false, PromotionInCapture.CONTINUE_AS_KING, true,
            new DrawRules(15,
                    List.of(new EndgameLimit("three kings against a lone king", 3, 12, 3, 1, false, 15),
                            new EndgameLimit("three pieces against a lone king on the long diagonal",
                                    3, 3, 0, 1, true, 5)),
                    List.of(new StasisLimit(2, 3, 5), new StasisLimit(4, 5, 30), new StasisLimit(6, 7, 60))),
            25);

    public static final Rules BRAZILIAN = new Rules("brazilian", SQUARE8_ALGEBRAIC, START_8X8_ALGEBRAIC,
            0, true, true, true, PromotionInCapture.PASS_AS_MAN, true,
            new DrawRules(25,
                    List.of(new EndgameLimit("three pieces against a lone king", 3, 3, 0, 1, false, 5),
                            new EndgameLimit("five pieces (four kings) against two kings", 5, 5, 4, 2, false, 50)),
                    List.of()),
            26);

    public static final Rules INTERNATIONAL = new Rules("international", SQUARE10_NUMERIC, "W:W31-50:B1-20",
            0, true, true, true, PromotionInCapture.PASS_AS_MAN, true,
            new DrawRules(25,
                    List.of(new EndgameLimit("three pieces against a lone king", 3, 3, 0, 1, false, 5),
                            new EndgameLimit("five pieces (four kings) against two kings", 5, 5, 4, 2, false, 50)),
                    List.of()),
            20);

    public static final Rules ENGLISH = new Rules("english", SQUARE8_NUMERIC, "B:W21-32:B1-12",
            1, false, false, false, PromotionInCapture.END_MOVE, true,
            new DrawRules(40, List.of(), List.of()),
            21);

    /** Hexagonal: no published PDN number; 80 is this project's private value (protocol.md). */
    public static final Rules HEXAGONAL = new Rules("hexagonal", HEX80,
            "W:WKk2,Kk4,h1,h2,h3,h4,h5,h6,h7,h8,i1,i2,i3,i4,i5,i6,i7,j2,j3,j4,j5"
                    + ":BKa2,Ka4,b2,b3,b4,b5,c1,c2,c3,c4,c5,c6,c7,d1,d2,d3,d4,d5,d6,d7,d8",
            0, true, true, false, PromotionInCapture.CONTINUE_AS_KING, false,
            new DrawRules(30, List.of(), List.of()),
            80);

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
