package org.damka.game;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;

/**
 * Test helper: finds a line of quiet moves (no capture, no promotion) of a given length from a
 * position, in which no position occurs twice and no side is ever forced to capture, plus
 * whatever a {@link Filter} demands of each move. It is a plain depth-first search over the
 * legal moves in a seeded random order and knows nothing of {@link Game}'s draw logic, so the
 * draw tests can replay the line into a Game and check its verdict at every ply.
 */
final class QuietLine {
    private QuietLine() { }

    /** Whether a move may be played at this point of the line. */
    interface Filter {
        /**
         * @param ply            0-based ply of the move in the line
         * @param sinceManMove   plies since the last man move in the line (or its start)
         * @param before         position before the move
         * @param manMove        the move is made by a man
         * @param after          position after the move
         */
        boolean allow(int ply, int sinceManMove, Position before, boolean manMove, Position after);
    }

    /** Any quiet move. */
    static final Filter ANY = (ply, since, before, man, after) -> true;
    /** King moves only. */
    static final Filter KINGS_ONLY = (ply, since, before, man, after) -> !man;

    /** A line of the given number of plies as move texts; fails if none is found. */
    static List<String> find(Rules rules, String fen, int plies, long seed, Filter filter) {
        Search s = new Search(rules, filter, plies, seed);
        Position start = Fen.parse(rules, fen);
        s.seen.add(start);
        if (!s.dfs(start, 0, 0)) {
            throw new AssertionError("no quiet line of " + plies + " plies from " + fen);
        }
        return s.line;
    }

    private static final class Search {
        final Rules rules;
        final MoveGenerator generator;
        final MoveNotation notation;
        final Filter filter;
        final int plies;
        final Random random;
        final Set<Position> seen = new HashSet<>();
        final List<String> line = new ArrayList<>();
        long budget = 2_000_000;

        Search(Rules rules, Filter filter, int plies, long seed) {
            this.rules = rules;
            this.generator = MoveGenerator.create(rules);
            this.notation = new MoveNotation(rules);
            this.filter = filter;
            this.plies = plies;
            this.random = new Random(seed);
        }

        boolean dfs(Position p, int ply, int sinceManMove) {
            if (ply == plies) return true;
            if (--budget < 0) return false;
            MoveList list = new MoveList();
            int n = generator.generate(p, list);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) order.add(i);
            java.util.Collections.shuffle(order, random);
            for (int i : order) {
                if (list.isCapture(i) || list.promotes(i)) continue;
                Position after = new Position(p);
                list.play(after, i);
                boolean man = !p.isKing(list.from(i));
                if (seen.contains(after) || generator.hasCapture(after)) continue;
                if (generator.countMoves(after) == 0) continue;
                if (!filter.allow(ply, sinceManMove, p, man, after)) continue;
                seen.add(after);
                line.add(notation.format(p, list, i));
                if (dfs(after, ply + 1, man ? 0 : sinceManMove + 1)) return true;
                line.remove(line.size() - 1);
                seen.remove(after);
            }
            return false;
        }
    }
}
