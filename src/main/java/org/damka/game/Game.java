package org.damka.game;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.draw.DrawJudge;
import org.damka.movegen.Move;
import org.damka.movegen.MoveCodec;
import org.damka.movegen.MoveGenerator;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Rules;
import org.damka.rules.Rules.EndgameLimit;
import org.damka.rules.Rules.StasisLimit;

/**
 * A game: the start position, the moves played, and the end-of-game logic of the variant (no
 * pieces, no moves, threefold repetition and every draw counter of its {@link Rules.DrawRules}).
 * Counters are kept per ply so that they follow the moves exactly; the search starts from them.
 * What they mean is the {@link DrawJudge}'s, the same one the search and the evaluation ask.
 */
public final class Game {
    private final Rules rules;
    private final MoveGenerator generator;
    private final MoveNotation notation;
    private final DrawJudge judge;
    private final List<Position> positions = new ArrayList<>();
    private final List<String> moves = new ArrayList<>();
    private final List<Move> moveValues = new ArrayList<>();
    /** Plies since the last capture or man move, per position. */
    private final List<Integer> reversiblePlies = new ArrayList<>();
    /** Plies since the last capture or promotion, per position. */
    private final List<Integer> stablePlies = new ArrayList<>();
    private final MoveList scratch = new MoveList(MoveList.ONE_POSITION);

    public Game(Rules rules, Position start) {
        this.rules = rules;
        this.generator = MoveGenerator.create(rules);
        this.notation = new MoveNotation(rules);
        this.judge = new DrawJudge(rules);
        positions.add(new Position(start));
        reversiblePlies.add(0);
        stablePlies.add(0);
    }

    /**
     * The game of the moves (any notation {@link #play} reads) from a position string, null for
     * the variant's start position; throws FenException when the position or a move is bad.
     */
    public static Game replay(Rules rules, String fen, List<String> moves) {
        Game game = new Game(rules, Fen.parse(rules, fen == null ? rules.startFen() : fen));
        for (String m : moves) game.play(m);
        return game;
    }

    /** A copy of this game (same rules, positions and moves). */
    public Game copy() {
        Game g = new Game(rules, positions.get(0));
        g.positions.clear();
        for (Position p : positions) g.positions.add(new Position(p));
        g.moves.addAll(moves);
        g.moveValues.addAll(moveValues);
        g.reversiblePlies.clear();
        g.reversiblePlies.addAll(reversiblePlies);
        g.stablePlies.clear();
        g.stablePlies.addAll(stablePlies);
        return g;
    }

    public Rules rules() { return rules; }
    public Position position() { return positions.get(positions.size() - 1); }
    public Position startPosition() { return positions.get(0); }
    /** The moves played, in canonical notation. */
    public List<String> moves() { return List.copyOf(moves); }
    /** The moves played, as values. */
    public List<Move> moveValues() { return List.copyOf(moveValues); }
    public int plies() { return moves.size(); }
    /** Position after the given number of plies (0 = start). */
    public Position positionAt(int ply) { return positions.get(ply); }
    public int reversiblePlies() { return reversiblePlies.get(reversiblePlies.size() - 1); }
    public int stablePlies() { return stablePlies.get(stablePlies.size() - 1); }

    /** The legal moves of the current position. */
    public MoveList legalMoves(MoveList into) {
        generator.generate(position(), into);
        return into;
    }

    /** The texts of the legal moves of the current position. */
    public List<String> legalMoveTexts() {
        generator.generate(position(), scratch);
        return notation.formatAll(position(), scratch);
    }

    /**
     * Plays a move given as text; throws {@link org.damka.board.FenException} (nothing changed)
     * when it is malformed, illegal or ambiguous. Returns the move in canonical notation.
     */
    public String play(String text) {
        generator.generate(position(), scratch);
        int i = notation.parse(position(), scratch, text);
        return play(scratch, i);
    }

    /**
     * Plays a move given as a value; throws {@link IllegalArgumentException} (nothing changed)
     * when it is not legal here. Returns the move in canonical notation.
     */
    public String play(Move move) {
        generator.generate(position(), scratch);
        int i = scratch.indexOf(move);
        if (i < 0) throw new IllegalArgumentException("illegal move; legal moves: " + String.join(" ", notation.formatAll(position(), scratch)));
        return play(scratch, i);
    }

    /** Plays move i of a list generated for the current position; returns its notation. */
    public String play(MoveList list, int i) {
        Position before = position();
        String text = notation.format(before, list, i);
        Position after = new Position(before);
        list.play(after, i);
        boolean manMoved = !before.isKing(list.from(i));
        boolean capture = list.isCapture(i);
        reversiblePlies.add(capture || manMoved ? 0 : reversiblePlies() + 1);
        stablePlies.add(capture || list.promotes(i) ? 0 : stablePlies() + 1);
        positions.add(after);
        moves.add(text);
        moveValues.add(list.move(i));
        return text;
    }

    /** How the game has ended, or empty while it goes on. */
    public Optional<GameResult> result() {
        Optional<GameResult> board = boardResult();
        return board.isPresent() ? board : drawReason().map(reason -> new GameResult(GameResult.Outcome.DRAW, reason));
    }

    /**
     * How the board alone has ended the game (a side without pieces, or without a legal move),
     * or empty: the draw rules (repetition, the counts) aside.
     */
    public Optional<GameResult> boardResult() {
        Position p = position();
        String why = MoveCodec.boardEnd(p, generator.generate(p, scratch));
        if (why == null) return Optional.empty();
        int side = p.sideToMove();
        GameResult.Outcome sideLoses = side == Position.WHITE ? GameResult.Outcome.BLACK_WINS : GameResult.Outcome.WHITE_WINS;
        GameResult.Outcome sideWins = side == Position.WHITE ? GameResult.Outcome.WHITE_WINS : GameResult.Outcome.BLACK_WINS;
        if (p.count(side) > 0 && p.count(side ^ 1) == 0) return Optional.of(new GameResult(sideWins, why));
        boolean blocked = p.count(side) > 0;
        return Optional.of(new GameResult(blocked && !rules.noMoveLoses() ? GameResult.Outcome.DRAW : sideLoses, why));
    }

    /** The draw rule that applies to the current position, if any. */
    public Optional<String> drawReason() {
        int repetitions = judge.repetitions();
        if (repetitions() >= repetitions) {
            return Optional.of(repetitions == 3 ? "threefold repetition" : repetitions + "-fold repetition");
        }
        if (judge.reversibleCountdown(reversiblePlies()) <= 0) {
            return Optional.of(rules.draws().reversibleMoves() + " moves each without capture or man move");
        }
        StasisLimit s = judge.stasisFor(position());
        if (s != null && judge.stasisCountdown(position(), stablePlies()) <= 0) {
            int pieces = position().count(0) + position().count(1);
            return Optional.of(s.moves() + " moves each without capture or promotion with " + pieces + " pieces");
        }
        for (int k = 0; k < judge.endgames(); k++) {
            if (judge.strongSide(k, position()) >= 0 && judge.endgameCountdown(k, strongMoves(k)) <= 0) {
                EndgameLimit e = judge.endgame(k);
                return Optional.of(e.description() + " not won in " + e.moves() + " moves");
            }
        }
        return Optional.empty();
    }

    /**
     * The moves the stronger side of endgame limit k has made while the limit's configuration
     * has held without a break up to now (0 when it does not hold now).
     */
    public int strongMoves(int k) {
        int strong = judge.strongSide(k, position());
        if (strong < 0) return 0;
        int moves = 0;
        for (int ply = positions.size() - 1; ply > 0 && judge.strongSide(k, positions.get(ply - 1)) == strong; ply--) {
            if (positions.get(ply - 1).sideToMove() == strong) moves++;
        }
        return moves;
    }

    /** How many times the current position (with the side to move) has occurred. */
    public int repetitions() {
        Position now = position();
        int n = 0;
        // Only positions since the last capture or man move can repeat.
        int from = Math.max(0, positions.size() - 1 - reversiblePlies());
        for (int k = from; k < positions.size(); k++) {
            if (positions.get(k).equals(now)) n++;
        }
        return n;
    }
}
