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
 * Prints the W/D/L counts of built tables per balance, White to move (the table in
 * docs/egdb.md): {@code java -cp ... org.damka.dev.EgdbStats <dir> <variant> <pieces>}.
 */
public final class EgdbStats {
    private EgdbStats() { }

    public static void main(String[] args) {
        Rules rules = Variants.byName(args[1]);
        int pieces = Integer.parseInt(args[2]);
        Egdb egdb = Egdb.load(Path.of(args[0]), rules, pieces, System.err::println);
        if (args.length > 3) { // <stem> <value word>: a few White-to-move examples of a balance
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
            return;
        }
        System.out.println("| balance (White v Black) | positions | win | draw | loss | longest win (plies) |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        Position p = new Position();
        for (Material m : Egdb.balances(rules, pieces)) {
            SliceIndex index = egdb.index(m);
            long w = 0, d = 0, l = 0, longest = 0;
            for (long i = 0; i < index.size(); i += 2) { // even indices: White to move
                if (!index.decode(i, p)) continue;
                int v = egdb.probe(p);
                if (v == EgdbValue.UNKNOWN) break; // not built: left out of the table
                if (EgdbValue.isWin(v)) { w++; longest = Math.max(longest, EgdbValue.distance(v)); }
                else if (EgdbValue.isLoss(v)) l++;
                else d++;
            }
            if (w + d + l == 0) continue;
            System.out.printf("| %s | %d | %d | %d | %d | %d |%n", describe(m), w + d + l, w, d, l, longest);
        }
    }

    static String describe(Material m) {
        return side(m.whiteMen(), m.whiteKings()) + " v " + side(m.blackMen(), m.blackKings());
    }

    private static String side(int men, int kings) {
        String s = (kings > 0 ? kings + "K" : "") + (men > 0 ? men + "M" : "");
        return s;
    }
}
