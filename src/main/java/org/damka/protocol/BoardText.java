package org.damka.protocol;

import java.util.ArrayList;
import java.util.List;

import org.damka.board.Position;
import org.damka.rules.Geometry;

/**
 * Draws a position as text for the {@code d} command, as White sees the board (Black's side at
 * the top): {@code w}/{@code b} a man, {@code W}/{@code B} a king, {@code .} an empty playable
 * cell; light squares of square boards are blank. Square boards get file letters or, on numeric
 * boards, the numbers of each row; the hexagonal board gets its row letters.
 */
final class BoardText {
    private BoardText() { }

    static List<String> draw(Geometry g, Position p) {
        return g.naming() == Geometry.Naming.HEXAGONAL ? hexagon(g, p) : square(g, p);
    }

    private static char symbol(Position p, int bit) {
        int side = p.sideAt(bit);
        if (side < 0) return '.';
        char c = side == Position.WHITE ? 'w' : 'b';
        return p.isKing(bit) ? Character.toUpperCase(c) : c;
    }

    private static List<String> square(Geometry g, Position p) {
        int n = g.rows(), half = n / 2;
        boolean algebraic = g.naming() == Geometry.Naming.ALGEBRAIC;
        String margin = algebraic ? (n >= 10 ? "    " : "   ") : "";
        String rule = margin + "+" + "-".repeat(2 * n + 1) + "+";
        List<String> out = new ArrayList<>();
        out.add(rule);
        for (int row = 0; row < n; row++) {
            char[] cells = new char[2 * n];
            java.util.Arrays.fill(cells, ' ');
            // docs/rules.md numbering: dark squares left to right, row by row from the top.
            for (int k = 0; k < half; k++) {
                int cell = row * half + k;
                int col = 2 * k + (row % 2 == 0 ? 1 : 0);
                cells[2 * col] = symbol(p, g.bit(cell));
            }
            StringBuilder sb = new StringBuilder();
            if (algebraic) sb.append(String.format(java.util.Locale.ROOT, "%" + (margin.length() - 1) + "d ", n - row));
            sb.append("| ").append(new String(cells)).append('|');
            if (!algebraic) {
                sb.append("  ").append(g.cellName(row * half)).append('-').append(g.cellName(row * half + half - 1));
            }
            out.add(sb.toString());
        }
        out.add(rule);
        if (algebraic) {
            StringBuilder files = new StringBuilder(margin).append("  ");
            for (int c = 0; c < n; c++) files.append((char) ('a' + c)).append(' ');
            out.add(files.toString().stripTrailing());
        }
        return out;
    }

    private static List<String> hexagon(Geometry g, Position p) {
        List<String> out = new ArrayList<>();
        int longest = 0;
        int[] length = new int[g.rows()];
        for (int c = 0; c < g.cells(); c++) length[g.row(c)]++;
        for (int len : length) longest = Math.max(longest, len);
        int cell = 0;
        for (int row = 0; row < g.rows(); row++) {
            StringBuilder sb = new StringBuilder();
            sb.append((char) ('a' + row)).append("  ").append(" ".repeat(longest - length[row]));
            for (int k = 0; k < length[row]; k++, cell++) {
                if (k > 0) sb.append(' ');
                sb.append(symbol(p, g.bit(cell)));
            }
            out.add(sb.toString());
        }
        return out;
    }
}
