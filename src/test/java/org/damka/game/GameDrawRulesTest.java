package org.damka.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Optional;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every draw rule of docs/rules.md ("Draw rules"), each played up to its limit: one ply before it the
 * game goes on, at it the game is drawn with that rule as the reason. Lines are found by
 * {@link QuietLine} (no capture, no promotion, no repeated position) under each rule's
 * constraints, then replayed into a {@link Game}; "N moves" = N moves of each side = 2N plies,
 * and an endgame limit counts the stronger side's moves (it moves first here, so its Nth move
 * is ply 2N - 1).
 */
class GameDrawRulesTest {

    /** Replays a line, checking that the game is not over before its last ply; returns the game. */
    private static Game replay(Rules rules, String fen, List<String> line) {
        Game game = new Game(rules, Fen.parse(rules, fen));
        for (int k = 0; k < line.size(); k++) {
            Optional<GameResult> r = game.result();
            int ply = k;
            assertTrue(r.isEmpty(), () -> rules.name() + " " + fen + ": over after " + ply + " of " + line.size()
                    + " plies (" + r.get() + "), line " + line);
            game.play(line.get(k));
        }
        return game;
    }

    private static void assertDraw(Game game, String... reasonParts) {
        Optional<GameResult> r = game.result();
        assertTrue(r.isPresent(), game.rules().name() + ": no result after " + game.plies() + " plies, expected a draw ("
                + String.join(" ", reasonParts) + "); moves " + game.moves());
        assertEquals(GameResult.Outcome.DRAW, r.get().outcome(), r.get().toString());
        for (String part : reasonParts) {
            assertTrue(r.get().reason().contains(part), "reason '" + r.get().reason() + "' should mention '" + part + "'");
        }
    }

    /** Plays a line of exactly limit plies: no draw after limit - 1, a draw for the given reason at limit. */
    private static Game drawAt(Rules rules, String fen, int limit, QuietLine.Filter filter, String... reason) {
        List<String> line = QuietLine.find(rules, fen, limit, 42, filter);
        Game game = replay(rules, fen, line);
        assertDraw(game, reason);
        return game;
    }

    private static boolean blackKingOnLongDiagonal(Position p) {
        Geometry g = Variants.RUSSIAN.geometry();
        return (p.piecesLo(Position.BLACK) & p.kingsLo() & g.longDiagonalLo()) != 0;
    }

    // ---- all variants: threefold repetition ---------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"russian", "brazilian", "international", "english", "hexagonal"})
    void threefoldRepetition(String variant) {
        Rules rules = Variants.byName(variant);
        String fen = switch (variant) {
            case "russian", "brazilian" -> "W:WKc1,Ke1,a3:BKd8,Kf8,h6";
            case "international" -> "W:WK47,K49,36,46:BK2,K4,5,15";
            case "english" -> "W:WK22,K23,30,31:BK10,K11,2,3";
            default -> "W:WKk2,Kk4,j3:BKa2,Ka4,b3";
        };
        List<String> cycle = kingCycle(rules, fen);
        Game game = new Game(rules, Fen.parse(rules, fen));
        for (int k = 0; k < 8; k++) {
            int ply = k;
            assertTrue(game.result().isEmpty(), () -> variant + ": over after " + ply + " plies: " + game.result());
            game.play(cycle.get(k % 4));
        }
        assertEquals(3, game.repetitions());
        assertDraw(game, "threefold repetition");
        assertEquals(Fen.parse(rules, fen), game.position());
    }

    /**
     * Four king moves that return to the start: White A-B, Black C-D, White B-A, Black D-C, with
     * no capture on the way.
     */
    private static List<String> kingCycle(Rules rules, String fen) {
        MoveGenerator gen = MoveGenerator.create(rules);
        MoveNotation notation = new MoveNotation(rules);
        Position start = Fen.parse(rules, fen);
        MoveList w = new MoveList(), b = new MoveList();
        gen.generate(start, w);
        for (int i = 0; i < w.size(); i++) {
            if (w.isCapture(i) || !start.isKing(w.from(i))) continue;
            Position p1 = new Position(start);
            w.play(p1, i);
            if (gen.hasCapture(p1)) continue;
            gen.generate(p1, b);
            for (int j = 0; j < b.size(); j++) {
                if (b.isCapture(j) || !p1.isKing(b.from(j))) continue;
                Position p2 = new Position(p1);
                b.play(p2, j);
                if (gen.hasCapture(p2)) continue;
                Position p3 = new Position(p2);
                p3.play(w.to(i), w.from(i), 0, 0, false);
                if (gen.hasCapture(p3)) continue;
                Position p4 = new Position(p3);
                p4.play(b.to(j), b.from(j), 0, 0, false);
                if (!p4.equals(start)) continue;
                String wm = notation.format(start, w, i), bm = notation.format(p1, b, j);
                String[] ws = wm.split("-"), bs = bm.split("-");
                return List.of(wm, bm, ws[1] + "-" + ws[0], bs[1] + "-" + bs[0]);
            }
        }
        fail("no king cycle in " + fen);
        return null;
    }

    // ---- russian -------------------------------------------------------------------------------

    @Test
    void russianFifteenKingMoves() {
        // 6 pieces: the stasis limit (60 moves) is far away; only kings move.
        Game g = drawAt(Variants.RUSSIAN, "W:WKc1,Ke1,a3:BKd8,Kf8,h6", 30, QuietLine.KINGS_ONLY,
                "15 moves");
        assertEquals(30, g.reversiblePlies());
    }

    @Test
    void russianThreeKingsAgainstLoneKing() {
        // The stronger side's 15th move is ply 29; the lone king keeps off the long diagonal
        // (where the 5-move rule would apply).
        drawAt(Variants.RUSSIAN, "W:WKa3,Kc1,Ke1:BKh4", 29,
                (ply, since, before, man, after) -> !blackKingOnLongDiagonal(after),
                "three kings against a lone king", "15 moves");
    }

    @Test
    void russianThreeKingsAndAManAgainstLoneKing() {
        // "three or more pieces, three of them kings"; the man moves once (ply 10), so the
        // 15-king-move rule cannot be what ends the game.
        Game g = drawAt(Variants.RUSSIAN, "W:WKa3,Kc1,Ke1,g1:BKh4", 29,
                (ply, since, before, man, after) -> (ply == 10) == man && !blackKingOnLongDiagonal(after),
                "three kings against a lone king", "15 moves");
        assertEquals(18, g.reversiblePlies());
    }

    @Test
    void russianThreePiecesAgainstKingOnLongDiagonal() {
        // The lone king stays on a1-h8; the stronger side's 5th move is ply 9.
        drawAt(Variants.RUSSIAN, "W:WKc1,Ke1,g1:BKd4", 9,
                (ply, since, before, man, after) -> blackKingOnLongDiagonal(after) || ply % 2 == 0,
                "long diagonal", "5 moves");
    }

    /** Three men, no king, count too: docs/rules.md, decision 9 (the federation's texts list them). */
    @Test
    void threeMenCountAsThreePieces() {
        drawAt(Variants.RUSSIAN, "W:Wa3,c1,g1:BKh8", 9,
                (ply, since, before, man, after) -> blackKingOnLongDiagonal(after) || ply % 2 == 0,
                "long diagonal", "5 moves");
        drawAt(Variants.BRAZILIAN, "W:Wa3,c1,g1:BKh8", 9, QuietLine.ANY, "three pieces against a lone king", "5 moves");
        drawAt(Variants.INTERNATIONAL, "W:W36,46,47:BK4", 9, QuietLine.ANY, "three pieces against a lone king", "5 moves");
    }

    @Test
    void russianThreePiecesAgainstKingOffTheLongDiagonalGoOn() {
        // Same material, but the lone king keeps off the long diagonal: no draw by move 5 (or 7).
        List<String> line = QuietLine.find(Variants.RUSSIAN, "W:WKc1,Ke1,g1:BKh4", 14, 7,
                (ply, since, before, man, after) -> !blackKingOnLongDiagonal(after));
        Game g = replay(Variants.RUSSIAN, "W:WKc1,Ke1,g1:BKh4", line);
        assertTrue(g.result().isEmpty(), g.result().toString());
    }

    @Test
    void russianLongDiagonalCountStartsWhenTheKingReachesIt() {
        // The lone king keeps off a1-h8 for plies 0-4, steps onto it at ply 5 and stays: the
        // stronger side's moves count from ply 6 on, so its 5th counted move is ply 14.
        drawAt(Variants.RUSSIAN, "W:WKc1,Ke1,g1:BKh4", 15,
                (ply, since, before, man, after) -> ply < 5 ? !blackKingOnLongDiagonal(after)
                        : blackKingOnLongDiagonal(after) || ply % 2 == 0,
                "long diagonal", "5 moves");
    }

    @Test
    void russianStasisTwoOrThreePieces() {
        // King and man against a king: the first move is the man's (it does not reset the count).
        Game g = drawAt(Variants.RUSSIAN, "W:WKc1,a3:BKd8", 10,
                (ply, since, before, man, after) -> ply != 0 || man,
                "5 moves", "3 pieces");
        assertTrue(g.reversiblePlies() < 10, "a man moved, yet the stasis count reached 5 moves");
        drawAt(Variants.RUSSIAN, "W:WKc1:BKf8", 10, QuietLine.KINGS_ONLY, "5 moves", "2 pieces");
    }

    @Test
    void russianStasisNeedsKingsOnBothSides() {
        // King and man against a man: three pieces, but Black has no king; 12 plies go on.
        String fen = "W:WKc1,a1:Bh8";
        Game g = replay(Variants.RUSSIAN, fen, QuietLine.find(Variants.RUSSIAN, fen, 12, 5, QuietLine.ANY));
        assertTrue(g.result().isEmpty(), g.result().toString());
    }

    @Test
    void russianStasisCountRestartsOnPromotion() {
        // King and man against a king: 4 plies, the man promotes (material changes), then the
        // 5-move count starts again: a draw 10 plies after the promotion, not before.
        Rules rules = Variants.RUSSIAN;
        String fen = "W:WKc1,f6:BKa5";
        Game g = replay(rules, fen, QuietLine.find(rules, fen, 4, 11, QuietLine.KINGS_ONLY));
        String promotion = g.legalMoveTexts().stream().filter(m -> m.startsWith("f6-")).findFirst().orElseThrow();
        g.play(promotion); // f6-e7 or f6-g7: not yet the crown row
        String next = Fen.format(rules, g.position());
        for (String m : QuietLine.find(rules, next, 1, 1, QuietLine.KINGS_ONLY)) g.play(m);
        String crown = g.legalMoveTexts().stream()
                .filter(m -> m.startsWith(promotion.substring(3) + "-")).findFirst().orElseThrow();
        g.play(crown);
        assertTrue(g.position().kingCount(Position.WHITE) == 2, "the man should have promoted: " + g.moves());
        assertEquals(0, g.stablePlies());
        String after = Fen.format(rules, g.position());
        List<String> line = QuietLine.find(rules, after, 10, 13, QuietLine.ANY);
        for (int k = 0; k < line.size(); k++) {
            assertTrue(g.result().isEmpty(), "over " + k + " plies after the promotion: " + g.result());
            g.play(line.get(k));
        }
        assertDraw(g, "5 moves", "3 pieces");
    }

    @Test
    void russianStasisFourOrFivePieces() {
        // Men move every 20 plies or so, keeping the 15-king-move rule away.
        drawAt(Variants.RUSSIAN, "W:WKc1,a1,g1:BKf8,h8", 60,
                (ply, since, before, man, after) -> since < 20 || man,
                "30 moves", "5 pieces");
    }

    @Test
    void russianStasisSixOrSevenPieces() {
        drawAt(Variants.RUSSIAN, "W:WKc1,a1,e1,g1:BKf8,b8,h8", 120,
                (ply, since, before, man, after) -> since < 20 || man,
                "60 moves", "7 pieces");
    }

    // ---- international and brazilian -----------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"international", "brazilian"})
    void twentyFiveKingMoves(String variant) {
        String fen = variant.equals("international") ? "W:WK47,K49,36,46:BK2,K4,5,15" : "W:WKc1,Ke1,a1,g1:BKd8,Kf8,b8,h8";
        drawAt(Variants.byName(variant), fen, 50, QuietLine.KINGS_ONLY, "25 moves");
    }

    @ParameterizedTest
    @ValueSource(strings = {"international", "brazilian"})
    void threePiecesAgainstLoneKing(String variant) {
        String fen = variant.equals("international") ? "W:WK47,36,46:BK4" : "W:WKc1,a1,g1:BKf8";
        drawAt(Variants.byName(variant), fen, 9, QuietLine.ANY, "three pieces against a lone king", "5 moves");
    }

    @ParameterizedTest
    @ValueSource(strings = {"international", "brazilian"})
    void fourKingsAndAManAgainstTwoKings(String variant) {
        // The man moves every 40 plies or so, keeping the 25-king-move rule away.
        String fen = variant.equals("international") ? "W:WK31,K33,K35,K39,46:BK3,K4" : "W:WKc3,Ke3,Kg3,Kh2,a1:BKd8,Kf8";
        drawAt(Variants.byName(variant), fen, 99, (ply, since, before, man, after) -> since < 40 || man,
                "five pieces", "50 moves");
    }

    // ---- english, hexagonal --------------------------------------------------------------------

    @Test
    void englishFortyKingMoves() {
        drawAt(Variants.ENGLISH, "W:WK22,K23,30,31:BK10,K11,2,3", 80, QuietLine.KINGS_ONLY, "40 moves");
    }

    @Test
    void hexagonalThirtyMoves() {
        drawAt(Variants.HEXAGONAL, "W:WKk2,Kk4,j3:BKa2,Ka4,b3", 60, QuietLine.KINGS_ONLY, "30 moves");
    }

    @Test
    void aManMoveResetsTheKingMoveCount() {
        // russian: 29 king plies, a man move, then 29 more: never 15 moves each of kings only.
        Rules rules = Variants.RUSSIAN;
        String fen = "W:WKc1,Ke1,a3:BKd8,Kf8,h6";
        List<String> line = QuietLine.find(rules, fen, 58, 3,
                (ply, since, before, man, after) -> ply == 29 ? man : !man);
        Game g = replay(rules, fen, line);
        assertTrue(g.result().isEmpty(), g.result().toString());
        assertEquals(28, g.reversiblePlies());
    }
}
