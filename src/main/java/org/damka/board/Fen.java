package org.damka.board;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * PDN FEN position strings: {@code <side>:W<squares>:B<squares>}, squares separated by commas,
 * {@code K} before a king, ranges of numbered squares such as {@code 31-50}, colour blocks in any
 * order; a colour without pieces may be left out; lidraughts' {@code :H<n>:F<n>} after the pieces
 * is read past. Parsing checks everything and names the offending part; formatting writes kings first,
 * then men, in notation order, with ranges of men on numeric boards.
 */
public final class Fen {
    private Fen() { }

    /** The position inside a PDN tag ({@code [FEN "…"]}) or quotes; a wrapper left open is refused. */
    private static String unwrap(String t) {
        boolean tag = t.startsWith("[FEN");
        String inner = tag ? t.substring(4).trim() : t;
        if (tag && !inner.endsWith("]")) throw new FenException("position tag '" + t + "' is not closed with ]");
        if (tag) inner = inner.substring(0, inner.length() - 1).trim();
        if (inner.startsWith("\"") != inner.endsWith("\"") || inner.equals("\"")) {
            throw new FenException("position string " + inner + " has an unmatched quote");
        }
        return inner.replace("\"", "").trim();
    }

    /** Reads a position string; throws {@link FenException} saying what is wrong and where. */
    public static Position parse(Rules rules, String text) {
        return parse(rules, text, true);
    }

    private static Position parse(Rules rules, String text, boolean checkCounts) {
        if (text == null) throw new FenException("empty position string");
        String t = text.trim();
        if (t.endsWith(".")) t = t.substring(0, t.length() - 1);
        if (t.startsWith("[FEN") || t.startsWith("\"")) t = unwrap(t);
        if (t.isEmpty()) throw new FenException("empty position string");
        if (t.length() > 2000) throw new FenException("position string too long (" + t.length() + " characters)");
        Geometry g = rules.geometry();
        String[] parts = t.split(":", -1);
        // lidraughts' counters after the pieces (":H0:F1": reversible plies, move number): read past.
        int counted = parts.length;
        while (counted > 1 && parts[counted - 1].trim().matches("[HFhf]\\d{1,6}")) counted--;
        parts = java.util.Arrays.copyOf(parts, counted);
        // A colour with no pieces may be left out ("W:W28", as in docs/perft.md's rule positions).
        if (parts.length != 2 && parts.length != 3) {
            throw new FenException("position string '" + t + "' must have the form <side>:W<squares>:B<squares>, found "
                    + parts.length + " parts");
        }
        Position p = new Position();
        String sideText = parts[0].trim().toUpperCase(Locale.ROOT);
        int side;
        if (sideText.equals("W")) side = Position.WHITE;
        else if (sideText.equals("B")) side = Position.BLACK;
        else throw new FenException("bad side to move '" + parts[0].trim() + "' (expected W or B)");
        boolean[] seenColour = new boolean[2];
        int[] owner = new int[g.cells()];
        java.util.Arrays.fill(owner, -1);
        for (int k = 1; k < parts.length; k++) {
            String block = parts[k].trim();
            if (block.isEmpty()) throw new FenException("empty colour block in part " + (k + 1) + " (expected W or B and its squares)");
            char c = Character.toUpperCase(block.charAt(0));
            int colour = c == 'W' ? Position.WHITE : c == 'B' ? Position.BLACK : -1;
            if (colour < 0) throw new FenException("colour block '" + block + "' must start with W or B");
            if (seenColour[colour]) throw new FenException("colour " + c + " given twice");
            seenColour[colour] = true;
            readSquares(rules, p, owner, colour, block.substring(1).trim());
        }
        int maxPieces = checkCounts ? maxPiecesPerSide(rules) : Integer.MAX_VALUE;
        for (int s = 0; s < 2; s++) {
            if (p.count(s) > maxPieces) {
                throw new FenException((s == 0 ? "White" : "Black") + " has " + p.count(s)
                        + " pieces, more than the " + maxPieces + " a side starts with");
            }
        }
        p.setSideToMove(side);
        return p;
    }

    private static void readSquares(Rules rules, Position p, int[] owner, int colour, String list) {
        if (list.isEmpty()) return;
        Geometry g = rules.geometry();
        String who = colour == 0 ? "White" : "Black";
        String[] items = list.split(",", -1);
        for (int k = 0; k < items.length; k++) {
            String raw = items[k];
            String item = raw.trim();
            // "31,32,33,": a comma after the last square (hand-written files have it) ends the list
            if (item.isEmpty() && k == items.length - 1 && k > 0) break;
            if (item.isEmpty()) throw new FenException("empty square in " + who + "'s list '" + list + "'");
            boolean king = false;
            // "K" marks a king, but hexagonal row k makes "k2" a cell: a king needs what follows
            // the K to be the square, and the item itself not to be one.
            String head = item.indexOf('-') > 0 ? item.substring(0, item.indexOf('-')) : item;
            if ((item.charAt(0) == 'K' || item.charAt(0) == 'k') && !isCellName(g, head)) {
                king = true;
                item = item.substring(1).trim();
                if (item.isEmpty()) throw new FenException("a king mark '" + raw.trim() + "' without a square in " + who + "'s list '" + list + "'");
            }
            int dash = item.indexOf('-');
            // ranges of numbers; on algebraic boards too, where a square may be given by its number
            if (dash > 0 && (g.naming() == Geometry.Naming.NUMERIC || isNumber(item.substring(0, dash)) && isNumber(item.substring(dash + 1)))) {
                int a = cellOf(g, item.substring(0, dash), who);
                int b = cellOf(g, item.substring(dash + 1), who);
                if (b < a) throw new FenException("range '" + item + "' of " + who + " runs backward");
                for (int c = a; c <= b; c++) place(rules, p, owner, colour, king, c, who);
            } else {
                place(rules, p, owner, colour, king, cellOf(g, item, who), who);
            }
        }
    }

    private static boolean isCellName(Geometry g, String s) {
        return g.parseCell(s) >= 0;
    }

    private static int cellOf(Geometry g, String name, String who) {
        int c = g.parseCell(name);
        if (c < 0) throw new FenException("unknown square '" + name.trim() + "' in " + who + "'s pieces");
        return c;
    }

    /** Digits only: a range's end, whose square {@link Geometry#parseCell} then finds (or refuses). */
    private static boolean isNumber(String s) {
        return s.trim().matches("\\d+");
    }

    private static void place(Rules rules, Position p, int[] owner, int colour, boolean king, int cell, String who) {
        Geometry g = rules.geometry();
        if (owner[cell] >= 0) {
            throw new FenException("square " + g.cellName(cell) + " is used twice"
                    + (owner[cell] == colour ? " by " + who : " (by White and by Black)"));
        }
        int bit = g.bit(cell);
        long promo = bit < 64 ? g.promotionLo(colour) : g.promotionHi(colour);
        if (!king && ((promo >>> bit) & 1) != 0) {
            throw new FenException(who + " man on " + g.cellName(cell) + ", its promotion row (it would be a king)");
        }
        owner[cell] = colour;
        p.put(colour, king, bit);
    }

    /** Pieces per side of each variant's start position, worked out once per variant. */
    private static final java.util.Map<Rules, Integer> START_PIECES = new java.util.concurrent.ConcurrentHashMap<>();

    /** A side never has more pieces than it starts with. */
    public static int maxPiecesPerSide(Rules rules) {
        return START_PIECES.computeIfAbsent(rules, r -> {
            Position start = parse(r, r.startFen(), false);
            return Math.max(start.count(Position.WHITE), start.count(Position.BLACK));
        });
    }

    /** Writes a position string: kings first, then men, in notation order. */
    public static String format(Rules rules, Position p) {
        StringBuilder sb = new StringBuilder();
        sb.append(p.sideToMove() == Position.WHITE ? 'W' : 'B');
        for (int colour = 0; colour < 2; colour++) {
            sb.append(':').append(colour == 0 ? 'W' : 'B');
            sb.append(String.join(",", squares(rules, p, colour)));
        }
        return sb.toString();
    }

    private static List<String> squares(Rules rules, Position p, int colour) {
        Geometry g = rules.geometry();
        List<Integer> kings = new ArrayList<>(), men = new ArrayList<>();
        for (int c = 0; c < g.cells(); c++) {
            int b = g.bit(c);
            if (p.sideAt(b) != colour) continue;
            (p.isKing(b) ? kings : men).add(c);
        }
        Comparator<Integer> order = Comparator.comparingInt(c -> notationOrder(g, c));
        kings.sort(order);
        men.sort(order);
        List<String> out = new ArrayList<>();
        for (int c : kings) out.add("K" + g.cellName(c));
        if (g.naming() == Geometry.Naming.NUMERIC) {
            for (int i = 0; i < men.size(); ) {
                int j = i;
                while (j + 1 < men.size() && men.get(j + 1) == men.get(j) + 1) j++;
                if (j - i >= 2) {
                    out.add(g.cellName(men.get(i)) + "-" + g.cellName(men.get(j)));
                } else {
                    for (int k = i; k <= j; k++) out.add(g.cellName(men.get(k)));
                }
                i = j + 1;
            }
        } else {
            for (int c : men) out.add(g.cellName(c));
        }
        return out;
    }

    /** Sort key of a cell in notation: number; file then rank; row then index. */
    public static int notationOrder(Geometry g, int cell) {
        if (g.naming() != Geometry.Naming.ALGEBRAIC) return cell;
        String name = g.cellName(cell);
        return (name.charAt(0) - 'a') * 100 + Integer.parseInt(name.substring(1));
    }
}
