package org.damka.dev;

import java.nio.file.Path;

import org.damka.board.Position;
import org.damka.egdb.Egdb;
import org.damka.egdb.EgdbValue;
import org.damka.egdb.Material;
import org.damka.egdb.SliceIndex;
import org.damka.rules.Rules;
import org.damka.rules.Variants;

/**
 * Prints up to eight White-to-move positions of a balance whose value starts with a word (win,
 * draw, loss), to find examples for tests and docs:
 * {@code java -cp ... org.damka.dev.EgdbExamples <dir> <variant> <pieces> <stem> <word>}
 * ({@code damka egdb stats} prints the counts).
 */
public final class EgdbExamples {
    private EgdbExamples() { }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[1]);
        int pieces = Integer.parseInt(args[2]);
        Egdb egdb = Egdb.load(Path.of(args[0]), rules, pieces, System.err::println);
        Material m = Material.parseStem(args[3]);
        SliceIndex index = egdb.index(m);
        Position p = new Position();
        int shown = 0;
        for (long i = 0; i < index.size() && shown < 8; i += 2) {
            if (!index.decode(i, p)) continue;
            String v = EgdbValue.describe(egdb.probe(p));
            if (v.startsWith(args[4])) {
                System.out.println(org.damka.board.Fen.format(rules, p) + " " + v);
                shown++;
            }
        }
    }
}
