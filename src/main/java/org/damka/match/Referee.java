package org.damka.match;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.game.GameResult.Outcome;
import org.damka.rules.Rules;

/**
 * Plays one game between two engines with damka's rules core as the arbiter. Every move an
 * engine sends is checked by {@link Game#play(String)}; the game ends by the rules (no pieces,
 * no move, every draw rule of the variant), by adjudication, or with a loss for an engine that
 * sends an illegal move (the position is in the reason), runs out of time, dies or hangs.
 *
 * <p>Clocks: an engine's thinking time is measured by the client from the search request to the
 * arrival of the reply (not to when a busy referee got to read it), and taken off its clock;
 * the increment is added after each move. Pipe and process latency count against the engine,
 * so a move is forfeit only when the clock has gone more than {@code marginMs} below zero (for
 * a fixed move time: when the move took more than move time plus {@code marginMs}). Without a
 * clock an engine that does not answer within {@code timeoutMs} has hung.
 */
public final class Referee {
    private final Rules rules;
    private final Adjudication adjudication;
    private final long marginMs;
    private final long timeoutMs;

    public Referee(Rules rules, Adjudication adjudication, long marginMs, long timeoutMs) {
        this.rules = rules;
        this.adjudication = adjudication;
        this.marginMs = marginMs;
        this.timeoutMs = timeoutMs;
    }

    /** The players of one game, by colour: clients, display names and time controls. */
    public record Players(EngineClient white, EngineClient black, String whiteName, String blackName,
                          TimeControl whiteLimit, TimeControl blackLimit, boolean firstEngineWhite) {
        EngineClient client(int side) { return side == Position.WHITE ? white : black; }
        String name(int side) { return side == Position.WHITE ? whiteName : blackName; }
        TimeControl limit(int side) { return side == Position.WHITE ? whiteLimit : blackLimit; }
    }

    public GameRecord play(int round, int openingIndex, Opening opening, Players players) throws InterruptedException {
        Game game = opening.toGame(rules);
        for (int side = 0; side < 2; side++) {
            try {
                players.client(side).newGame();
            } catch (EngineException e) {
                return lose(round, openingIndex, opening, players, game, side,
                        e.kind() == EngineException.Kind.TIMED_OUT ? Termination.HANG : Termination.CRASH,
                        "was not ready for the new game: " + e.getMessage());
            }
        }
        long[] clock = {players.whiteLimit().baseMs(), players.blackLimit().baseMs()};
        List<Integer> whiteScores = new ArrayList<>();
        while (true) {
            Optional<GameResult> over = game.result();
            if (over.isPresent()) return record(round, openingIndex, opening, players, game, over.get(), Termination.RULES);

            int side = game.position().sideToMove();
            TimeControl limit = players.limit(side);
            EngineClient.SearchRequest request = request(players, clock, side);
            long timeout = limit.hasClock() ? Math.max(0, clock[side]) + marginMs
                    : limit.moveTimeMs() > 0 ? limit.moveTimeMs() + marginMs : timeoutMs;
            EngineClient.Reply reply;
            try {
                reply = players.client(side).play(opening.fen(), game.moves(), request, timeout);
            } catch (EngineException e) {
                if (e.kind() != EngineException.Kind.TIMED_OUT) {
                    return lose(round, openingIndex, opening, players, game, side, Termination.CRASH, "crashed: " + e.getMessage());
                }
                if (limit.hasClock() || limit.moveTimeMs() > 0) {
                    return lose(round, openingIndex, opening, players, game, side, Termination.TIME_FORFEIT,
                            "lost on time: " + e.getMessage());
                }
                return lose(round, openingIndex, opening, players, game, side, Termination.HANG,
                        "hung: " + e.getMessage() + " (limit " + timeoutMs + " ms)");
            }

            long elapsed = reply.elapsedMs();
            if (limit.hasClock()) {
                clock[side] -= elapsed;
                if (clock[side] < -marginMs) {
                    return lose(round, openingIndex, opening, players, game, side, Termination.TIME_FORFEIT,
                            "lost on time: " + (-clock[side]) + " ms over its clock");
                }
                clock[side] += limit.incMs();
            } else if (limit.moveTimeMs() > 0 && elapsed > limit.moveTimeMs() + marginMs) {
                return lose(round, openingIndex, opening, players, game, side, Termination.TIME_FORFEIT,
                        "lost on time: took " + elapsed + " ms for a move time of " + limit.moveTimeMs() + " ms");
            }

            String fenBefore = Fen.format(rules, game.position());
            if (reply.move() == null) {
                return lose(round, openingIndex, opening, players, game, side, Termination.ILLEGAL_MOVE,
                        "claimed to have no legal move in " + fenBefore);
            }
            if (reply.moveError() != null) {
                return lose(round, openingIndex, opening, players, game, side, Termination.ILLEGAL_MOVE,
                        "played the illegal move '" + printable(reply.move()) + "' in " + fenBefore + " (" + printable(reply.moveError(), 300) + ")");
            }
            try {
                game.play(reply.move());
            } catch (IllegalArgumentException e) {
                return lose(round, openingIndex, opening, players, game, side, Termination.ILLEGAL_MOVE,
                        "played the illegal move '" + printable(reply.move()) + "' in " + fenBefore + " (" + printable(e.getMessage(), 300) + ")");
            }
            Integer score = reply.scoreCp();
            whiteScores.add(score == null ? null : side == Position.WHITE ? score : -score);
            String decision = adjudication.decide(whiteScores);
            if (decision != null) {
                GameResult r = switch (decision) {
                    case "white" -> new GameResult(Outcome.WHITE_WINS, "adjudicated: both engines see White winning");
                    case "black" -> new GameResult(Outcome.BLACK_WINS, "adjudicated: both engines see Black winning");
                    default -> new GameResult(Outcome.DRAW, "adjudicated draw: both engines see a level game");
                };
                return record(round, openingIndex, opening, players, game, r, Termination.ADJUDICATION);
            }
        }
    }

    /** The game is lost by {@code side} before it could start (its engine would not start). */
    public GameRecord forfeit(int round, int openingIndex, Opening opening, Players players, int side, String why) {
        return lose(round, openingIndex, opening, players, opening.toGame(rules), side, Termination.CRASH, why);
    }

    private EngineClient.SearchRequest request(Players players, long[] clock, int side) {
        TimeControl mine = players.limit(side);
        if (mine.hasClock()) {
            // The opponent's clock as it stands; an opponent without a clock is shown ours.
            long other = players.limit(side ^ 1).hasClock() ? clock[side ^ 1] : clock[side];
            long otherInc = players.limit(side ^ 1).hasClock() ? players.limit(side ^ 1).incMs() : mine.incMs();
            long w = side == Position.WHITE ? clock[side] : other;
            long b = side == Position.WHITE ? other : clock[side];
            long wi = side == Position.WHITE ? mine.incMs() : otherInc;
            long bi = side == Position.WHITE ? otherInc : mine.incMs();
            return EngineClient.SearchRequest.clocks(Math.max(1, w), Math.max(1, b), wi, bi);
        }
        return EngineClient.SearchRequest.fixed(mine);
    }

    private GameRecord lose(int round, int openingIndex, Opening opening, Players players, Game game, int side,
                            Termination termination, String why) {
        String colour = side == Position.WHITE ? "White" : "Black";
        Outcome outcome = side == Position.WHITE ? Outcome.BLACK_WINS : Outcome.WHITE_WINS;
        GameResult result = new GameResult(outcome, colour + " (" + players.name(side) + ") " + why);
        return record(round, openingIndex, opening, players, game, result, termination);
    }

    private static GameRecord record(int round, int openingIndex, Opening opening, Players players, Game game,
                                     GameResult result, Termination termination) {
        GameResult told = new GameResult(result.outcome(), result.reason() + engineErrors(players));
        return new GameRecord(round, openingIndex, players.whiteName(), players.blackName(), players.firstEngineWhite(),
                opening.fen(), game.moves(), told, termination);
    }

    /** What the engines reported as errors during the game, for its end reason ("" if nothing). */
    private static String engineErrors(Players players) {
        StringBuilder b = new StringBuilder();
        for (int side = Position.WHITE; side <= Position.BLACK; side++) {
            EngineClient client = players.client(side); // null for an engine that would not start
            List<String> errors = client == null ? List.of() : client.errors();
            if (!errors.isEmpty()) b.append("; ").append(players.name(side)).append(" reported: ").append(String.join("; ", errors));
        }
        return b.toString();
    }

    /** An engine's move (or other short text) made safe for a one-line message: see {@link #printable(String, int)}. */
    static String printable(String text) {
        return printable(text, 60);
    }

    /**
     * An engine's text made safe for a terminal and a one-line message: control characters
     * (escape sequences too) become '?', and it is cut after {@code max} characters.
     */
    static String printable(String text, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length() && b.length() < max; i++) {
            char c = text.charAt(i);
            b.append(Character.isISOControl(c) ? '?' : c);
        }
        return text.length() > max ? b + "…" : b.toString();
    }
}
