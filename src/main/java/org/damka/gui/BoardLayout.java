package org.damka.gui;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * Where each cell of a variant's board is drawn, worked out from the geometry's own neighbour
 * table so that the browser never re-derives the rules: one step up-left is (-1, -1), up-right
 * (+1, -1), down-left (-1, +1), down-right (+1, +1). On a square board x is then the column and y
 * the row; on the hexagonal board x counts half cells (rows are offset by half a cell).
 * Row 0 is Black's side (drawn at the top for White).
 */
record BoardLayout(String shape, int width, int height, List<Cell> cells) {
    /** A playable cell: its name in the variant's notation and its drawing coordinates. */
    record Cell(String name, int x, int y) { }

    private static final int[] DX = new int[4], DY = new int[4];
    static {
        DX[Geometry.UP_LEFT] = -1; DY[Geometry.UP_LEFT] = -1;
        DX[Geometry.UP_RIGHT] = 1; DY[Geometry.UP_RIGHT] = -1;
        DX[Geometry.DOWN_LEFT] = -1; DY[Geometry.DOWN_LEFT] = 1;
        DX[Geometry.DOWN_RIGHT] = 1; DY[Geometry.DOWN_RIGHT] = 1;
    }

    private static final Map<String, BoardLayout> CACHE = new ConcurrentHashMap<>();

    static BoardLayout of(Rules rules) {
        return CACHE.computeIfAbsent(rules.name(), n -> build(rules.geometry()));
    }

    private static BoardLayout build(Geometry g) {
        int n = g.cells();
        int[] x = new int[n], y = new int[n];
        boolean[] seen = new boolean[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(0);
        seen[0] = true;
        while (!queue.isEmpty()) {
            int c = queue.poll();
            for (int d = 0; d < Geometry.DIRECTIONS; d++) {
                int nb = g.cell(g.next(d, g.bit(c)));
                if (nb < 0 || seen[nb]) continue;
                seen[nb] = true;
                x[nb] = x[c] + DX[d];
                y[nb] = y[c] + DY[d];
                queue.add(nb);
            }
        }
        for (boolean s : seen) if (!s) throw new IllegalStateException("board " + g.name() + " is not connected by its diagonals");
        int minX = Arrays.stream(x).min().orElse(0), minY = Arrays.stream(y).min().orElse(0);
        int maxX = Arrays.stream(x).max().orElse(0), maxY = Arrays.stream(y).max().orElse(0);
        List<Cell> cells = new ArrayList<>(n);
        for (int c = 0; c < n; c++) cells.add(new Cell(g.cellName(c), x[c] - minX, y[c] - minY));
        boolean hex = g.naming() == Geometry.Naming.HEXAGONAL;
        return new BoardLayout(hex ? "hex" : "square", maxX - minX + 1, maxY - minY + 1, List.copyOf(cells));
    }
}
