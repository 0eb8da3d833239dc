package org.damka.movegen;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.reference.ReferenceGenerator;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * Test helper: the engine's moves in the reference generator's canonical form
 * {@code <from>><to>[<captured names sorted with String.compareTo>]<K if a man promotes>}, so that
 * the two generators can be compared move set by move set.
 */
public final class Canonical {
    private Canonical() { }

    /** Canonical text of move i of a list (squares are layout bits of the rules' geometry). */
    public static String of(Rules rules, MoveList list, int i) {
        Geometry g = rules.geometry();
        List<String> captured = new ArrayList<>();
        for (int b = 0; b < g.layoutBits(); b++) {
            long word = b < 64 ? list.capturedLo(i) : list.capturedHi(i);
            if (((word >>> (b & 63)) & 1) != 0) {
                int cell = g.cell(b);
                // A captured bit on a ghost square is an engine bug; make it visible, do not skip it.
                captured.add(cell < 0 ? "ghost" + b : g.cellName(cell));
            }
        }
        captured.sort(String::compareTo);
        return name(g, list.from(i)) + ">" + name(g, list.to(i)) + "[" + String.join(",", captured) + "]"
                + (list.promotes(i) ? "K" : "");
    }

    private static String name(Geometry g, int bit) {
        int cell = g.cell(bit);
        return cell < 0 ? "ghost" + bit : g.cellName(cell);
    }

    /** The engine's legal moves of a position as a sorted set of canonical strings. */
    public static TreeSet<String> engineMoves(Rules rules, MoveGenerator generator, Position p, MoveList scratch) {
        generator.generate(p, scratch);
        TreeSet<String> out = new TreeSet<>();
        for (int i = 0; i < scratch.size(); i++) out.add(of(rules, scratch, i));
        return out;
    }

    /** The reference generator's legal moves of the same position, read from its position string. */
    public static TreeSet<String> referenceMoves(Rules rules, Position p) {
        return new TreeSet<>(ReferenceGenerator.legalMoves(rules.name(), Fen.format(rules, p)));
    }
}
