package org.damka.gui;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.match.Pdn;
import org.damka.rules.Rules;

/**
 * One game on the server: its mode, the seats (each held by a secret token, so a player who
 * reloads takes the same seat back), the connected clients (players and spectators) and, against
 * the engine or with the analysis panel open, an engine. Every change goes through the rules core
 * and is then sent to every client in the order it happened (all under the room's lock).
 */
final class Room {
    enum Mode { ENGINE, HOTSEAT, ONLINE }

    /** Seat numbers besides the sides 0 (White) and 1 (Black). */
    static final int SPECTATOR = -1, BOTH = 2;

    /** How long an analysis runs at most without a new position. */
    static final long ANALYSIS_MS = 15_000;
    static final int MAX_ANALYSIS_LINES = 4;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    final String code;
    final Mode mode;
    final Rules rules;
    final String creatorAddress;
    private final GuiContext context;
    private final int engineSide;
    private final Level level;
    private final String[] tokens = new String[2];
    /** The name each seat's player gave (online), or null: it goes with the token. */
    private final String[] names = new String[2];
    /**
     * Who played the finished game in view, kept when a seat changes hands after its end (a
     * newcomer takes a seat left for the claim time): its record names them, not the newcomer.
     * Null while nobody has taken over a seat of it.
     */
    private String[] playedBy;
    /** When each seat last had nobody in it (its last client left, or it was given a new token). */
    private final long[] vacatedAt = new long[2];
    private final Set<Client> clients = new LinkedHashSet<>();
    /** Bumped by every change; an engine result for an older generation is dropped. */
    private final AtomicInteger generation = new AtomicInteger();
    private String startFen; // null: the variant's start position
    private Game game;
    /** A result the players gave (a resignation, a draw agreed), or null while the board decides. */
    private GameResult decision;
    /** The side whose draw offer stands (online), or -1: it stands until the other side moves or answers. */
    private int drawOfferBy = -1;
    /** Online, after the end: the side that asked for a new game, or -1. */
    private int newGameBy = -1;
    /** The players' clock, or null for a game without one. */
    private GameClock clock;
    /** Ends the game when the running side's time is up; replaced after each change. */
    private java.util.concurrent.ScheduledFuture<?> flagFall;
    private EnginePlayer engine;
    /** What the engine's last search expected for its side (centi-men), or null when unknown: it decides a draw offer. */
    private Integer engineValue;
    /** The engine accepts a draw from this ply on (in a game from the start), when its last search saw it no better than {@link #DRAW_ACCEPT_CP}. */
    static final int DRAW_MIN_PLIES = 40, DRAW_ACCEPT_CP = 15;
    private boolean thinking;
    private int analysisLines; // 0: analysis off
    private long lastActive = System.nanoTime();
    private boolean closed;

    Room(String code, Mode mode, Rules rules, int creatorSide, Level level, String creatorToken, String creatorAddress,
         GuiContext context) {
        this.code = code;
        this.mode = mode;
        this.rules = rules;
        this.level = level;
        this.context = context;
        this.creatorAddress = creatorAddress;
        this.engineSide = mode == Mode.ENGINE ? creatorSide ^ 1 : -1;
        if (mode == Mode.HOTSEAT) {
            tokens[0] = tokens[1] = creatorToken;
        } else {
            tokens[creatorSide] = creatorToken;
        }
        vacatedAt[0] = vacatedAt[1] = System.nanoTime();
        this.game = new Game(rules, Fen.parse(rules, rules.startFen()));
        if (mode == Mode.ENGINE) engine(); // claimed now, so a move never fails for want of an engine
    }

    /** A seat given to a joining client, with the token that takes it back later. */
    record Seat(int seat, String token) { }

    /**
     * Seats a client: the seat its token holds; else the seat it asks for ("white", "black",
     * "spectator") when free; else (online) the free seat, or a spectator's place. A player's seat
     * that nobody has been in for {@link GuiLimits#seatClaim} counts as free, with a new token (the
     * old one then seats nobody): a player whose tab closed lost its token with it.
     */
    synchronized Seat join(Client client, String token, String wanted) {
        Seat seat = reserve(token, wanted);
        enter(client, seat);
        return seat;
    }

    /**
     * The first half of {@link #join}: gives the seat (a new token for a free one), or throws
     * saying why there is none, so a client can hold its seat here before it leaves its room.
     */
    synchronized Seat reserve(String token, String wanted) {
        if (closed) throw new IllegalArgumentException("the room has expired");
        touch();
        int side = seatFor(token, wanted);
        if (side == SPECTATOR) return new Seat(SPECTATOR, null);
        if (token != null && token.equals(tokens[side == BOTH ? 0 : side])) return new Seat(side, token);
        String fresh = context.newToken();
        if (playedBy == null && result().isPresent()) playedBy = names.clone();
        for (int s = 0; s < 2; s++) {
            if (s == side || side == BOTH) {
                tokens[s] = fresh;
                vacatedAt[s] = System.nanoTime(); // nobody in it until enter: claimable again if nobody comes
                // a new player in the seat: offers made by or to its old holder are not theirs
                names[s] = null;
                drawOfferBy = -1;
                newGameBy = -1;
            }
        }
        return new Seat(side, fresh);
    }

    /** The second half of {@link #join}: seats the client in the seat {@link #reserve} gave. */
    synchronized void enter(Client client, Seat held) {
        if (closed) throw new IllegalArgumentException("the room has expired");
        touch();
        // The colours may have swapped since reserve (a new game): the token says where the seat is now.
        Seat seat = held.token() == null ? held : new Seat(sideOf(held.token()), held.token());
        if (held.seat() != SPECTATOR && seat.seat() == SPECTATOR) {
            throw new IllegalArgumentException("the seat was given to another player meanwhile");
        }
        client.seated(this, seat.seat());
        if (mode == Mode.ONLINE && (seat.seat() == Position.WHITE || seat.seat() == Position.BLACK) && client.name() != null) {
            names[seat.seat()] = client.name();
        }
        client.send(joined(seat).toString());
        clients.add(client);
        if (!thinking && result().isEmpty() && game.position().sideToMove() == engineSide) {
            changed(); // the engine's turn and no search: a new room where it moves first, or a room it waited in for a player
        } else {
            runClock(result().isPresent()); // online, the second player's arrival starts the game's clock
            broadcast(state());
        }
    }

    /** The seat a token holds now: a side, BOTH, or SPECTATOR when it holds none. */
    private int sideOf(String token) {
        if (token.equals(tokens[0]) && token.equals(tokens[1])) return BOTH;
        for (int side = 0; side < 2; side++) if (token.equals(tokens[side])) return side;
        return SPECTATOR;
    }

    /** The message that tells a client which seat it has (again, after the colours swapped). */
    private ObjectNode joined(Seat seat) {
        ObjectNode joined = JSON.objectNode();
        joined.put("type", "joined");
        joined.put("room", code);
        joined.put("mode", mode.name().toLowerCase(java.util.Locale.ROOT));
        joined.put("seat", seat.seat() == BOTH ? "both" : seat.seat() == SPECTATOR ? "spectator" : GameView.side(seat.seat()));
        if (seat.token() != null) joined.put("token", seat.token());
        joined.set("board", GameView.board(rules));
        return joined;
    }

    /**
     * The seat {@link #join} would give (a side, BOTH or SPECTATOR), or an exception saying why
     * there is none; changes nothing, so a client can ask before it leaves its room.
     */
    synchronized int seatFor(String token, String wanted) {
        if (token != null && !token.isEmpty()) {
            if (token.equals(tokens[0]) && token.equals(tokens[1])) return BOTH;
            for (int side = 0; side < 2; side++) if (token.equals(tokens[side])) return side;
        }
        if ("spectator".equals(wanted)) return SPECTATOR;
        int wantedSide = wanted == null ? -1 : switch (wanted) {
            case "white" -> Position.WHITE;
            case "black" -> Position.BLACK;
            default -> throw new IllegalArgumentException("unknown seat '" + Client.abbreviate(wanted) + "' (white, black or spectator)");
        };
        if (mode != Mode.ONLINE) {
            // one player's room: its seat (both sides in hotseat) is taken back once its player is long gone
            int player = mode == Mode.HOTSEAT ? BOTH : engineSide ^ 1;
            boolean asked = wantedSide < 0 || player == BOTH || wantedSide == player;
            if (asked && open(player == BOTH ? 0 : player)) return player;
            if (wantedSide >= 0) throw new IllegalArgumentException("the " + GameView.side(wantedSide) + " seat is taken");
            return SPECTATOR;
        }
        if (wantedSide >= 0) {
            if (!open(wantedSide)) throw new IllegalArgumentException(taken(wantedSide));
            return wantedSide;
        }
        for (int side = 0; side < 2; side++) if (tokens[side] == null) return side;
        for (int side = 0; side < 2; side++) if (open(side)) return side;
        return SPECTATOR;
    }

    /** Why an online seat cannot be taken now: its player is here, or may still come back. */
    private String taken(int side) {
        String seat = "the " + GameView.side(side) + " seat is taken";
        if (occupied(side)) return seat;
        return seat + " (its player left " + awaySeconds(side) + " s ago; it is free after " + context.limits().seatClaim().toSeconds()
                + " s away)";
    }

    private long awaySeconds(int side) {
        return awayMillis(side) / 1000;
    }

    private long awayMillis(int side) {
        return java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - vacatedAt[side]);
    }

    /** A seat nobody holds, or one nobody has been in for {@link GuiLimits#seatClaim}. */
    private boolean open(int side) {
        if (tokens[side] == null) return true;
        return !occupied(side) && System.nanoTime() - vacatedAt[side] >= context.limits().seatClaim().toNanos();
    }

    /** True while a connected client sits in the side's seat (or in both). */
    private boolean occupied(int side) {
        for (Client c : clients) if (c.seat() == side || c.seat() == BOTH) return true;
        return false;
    }

    /** Gives a new room a clock (against the engine, it thinks at its level's pace or faster when its time is short). */
    synchronized void setClock(GameClock c) {
        clock = c;
    }

    /** A client leaves the seat it held here (the client has already forgotten it). */
    synchronized void leave(Client client) {
        if (clients.remove(client)) {
            int seat = client.seat(); // read under the lock: a colour swap changes it
            touch();
            for (int side = 0; side < 2; side++) if (seat == side || seat == BOTH) vacatedAt[side] = System.nanoTime();
            if (clients.isEmpty()) {
                // Nobody reads an analysis, nor waits for an engine move: changed() searches neither
                // in a room nobody is in, so neither holds the engine thread other rooms wait for, and
                // stops the clock against the engine. The move is searched again when a player comes back.
                analysisLines = 0;
                changed();
            } else {
                broadcast(state());
            }
        }
    }

    /** Plays a move sent by a client in the given seat; throws (nothing changed) when it may not. */
    synchronized void move(int seat, String text) {
        touch();
        checkNotOver();
        int toMove = game.position().sideToMove();
        if (seat == SPECTATOR) throw new IllegalArgumentException("spectators cannot move");
        if (seat != BOTH && seat != toMove) throw new IllegalArgumentException("it is " + GameView.side(toMove) + "'s turn");
        if (toMove == engineSide) throw new IllegalArgumentException("the engine is thinking");
        checkOpponentArrived(seat);
        if (!play(toMove, text)) checkNotOver(); // says it was lost on time
        if (drawOfferBy == (toMove ^ 1)) drawOfferBy = -1; // played on: the offer is declined
        changed();
    }

    /**
     * Plays a side's move on the board and on the clock; false when its flag fell just now,
     * before the timer said so (the game is then lost on time, and the move not played).
     */
    private boolean play(int side, String text) {
        if (clock != null && clock.leftMs(side) <= 0) {
            flagFell(side);
            return false;
        }
        game.play(text);
        if (clock != null) clock.moved(side);
        return true;
    }

    /**
     * Online the game starts when the second player arrives: before that a move (which would
     * start the clock) or a draw offer goes to nobody.
     */
    private void checkOpponentArrived(int seat) {
        if (mode == Mode.ONLINE && tokens[seat ^ 1] == null) {
            throw new IllegalArgumentException("the other player has not joined yet: send them the room's link or code");
        }
    }

    /** How the game has ended: by the players' decision, else by the board and the draw rules. */
    private Optional<GameResult> result() {
        return decision != null ? Optional.of(decision) : game.result();
    }

    private void checkNotOver() {
        var result = result();
        if (result.isPresent()) throw new IllegalArgumentException("the game is over (" + result.get() + ")");
    }

    /**
     * The player in this seat gives the game up: its own side, or in hotseat the side to move.
     * Against the engine the player resigns; the engine never does.
     */
    synchronized void resign(int seat) {
        touch();
        if (seat == SPECTATOR) throw new IllegalArgumentException("spectators cannot resign");
        checkNotOver();
        if (seat != BOTH) checkOpponentArrived(seat); // online, nobody to resign to: leave the room instead
        int loser = seat == BOTH ? game.position().sideToMove() : seat;
        decide(lost(loser, "resigned"));
    }

    /**
     * A draw by agreement. Online, a player offers it and the other accepts by offering too (or
     * declines by answering no, or by moving); in hotseat both players are at the board, so the
     * offer is the agreement; the engine answers at once ({@link #engineAnswersDraw}).
     */
    synchronized void draw(int seat, boolean accept) {
        touch();
        if (seat == SPECTATOR) throw new IllegalArgumentException("spectators cannot offer a draw");
        checkNotOver();
        if (mode == Mode.ENGINE) {
            engineAnswersDraw(accept);
            return;
        }
        if (seat != BOTH) checkOpponentArrived(seat);
        if (!accept) {
            if (drawOfferBy != (seat ^ 1)) throw new IllegalArgumentException("there is no draw offer to decline");
            drawOfferBy = -1;
            broadcast(state());
            return;
        }
        if (seat == BOTH || drawOfferBy == (seat ^ 1)) {
            decide(new GameResult(GameResult.Outcome.DRAW, "draw agreed"));
        } else if (drawOfferBy != seat) {
            drawOfferBy = seat;
            broadcast(state());
        }
    }

    /**
     * The engine takes a draw offered on the player's turn, after the first 20 moves of a game
     * from the start, when the search that led to this position saw its side no better than 0.15
     * men: a player may not talk it out of a game it leads, nor out of the opening. While it
     * thinks the position has changed since that search: the player offers on its own turn.
     */
    private void engineAnswersDraw(boolean accept) {
        if (!accept) throw new IllegalArgumentException("there is no draw offer to decline");
        if (thinking) throw new IllegalArgumentException("damka is thinking: offer the draw on your turn");
        if (startFen == null && game.plies() < DRAW_MIN_PLIES) {
            throw new IllegalArgumentException("damka declines the draw: it takes none in the first " + DRAW_MIN_PLIES / 2 + " moves");
        }
        if (engineValue == null) {
            throw new IllegalArgumentException("damka declines the draw: it has not weighed this position (offer it again after its next move)");
        }
        // The weak levels search a few hundred nodes, which see a king against a king as a few
        // centi-men up: they take a draw within their margin of choice (at most a man).
        if (engineValue > DRAW_ACCEPT_CP + Math.min(level.marginCp, 100)) throw new IllegalArgumentException("damka declines the draw: it plays on");
        decide(new GameResult(GameResult.Outcome.DRAW, "draw agreed"));
    }

    /** Takes back moves: against the engine to the player's previous turn, in hotseat one move. */
    synchronized void undo(int seat) {
        touch();
        if (mode == Mode.ONLINE) throw new IllegalArgumentException("undo is not available in an online game");
        if (seat == SPECTATOR) throw new IllegalArgumentException("spectators cannot undo");
        if (clock != null && decision != null && decision.loser() >= 0 && clock.leftMs(decision.loser()) <= 0) { // lost on time
            throw new IllegalArgumentException("the time is up: a new game sets the clock again");
        }
        if (decision != null) { // a resignation or a draw agreed: taken back first, the moves stay
            decision = null;
            changed();
            return;
        }
        List<String> moves = new ArrayList<>(game.moves());
        if (moves.isEmpty()) throw new IllegalArgumentException("there is no move to take back");
        moves.remove(moves.size() - 1);
        Game g = replay(moves);
        while (mode == Mode.ENGINE && g.position().sideToMove() == engineSide && !moves.isEmpty()) {
            moves.remove(moves.size() - 1);
            g = replay(moves);
        }
        // Only the engine has moved (the player has black): taking its move back would only have
        // it play again, another move each time.
        if (mode == Mode.ENGINE && g.position().sideToMove() == engineSide) {
            throw new IllegalArgumentException("there is no move of yours to take back");
        }
        setGame(g);
        changed();
    }

    /**
     * The variant's start position again. Online either player may restart, but only a finished
     * game, and the players then swap colours (each is told its new seat).
     */
    synchronized void newGame(int seat) {
        touch();
        if (seat == SPECTATOR) throw new IllegalArgumentException("spectators cannot start a new game");
        if (mode == Mode.ONLINE && seat != BOTH) {
            // When both ask at once, the second finds the game restarted already: nothing to do,
            // and nothing to refuse.
            if (game.plies() == 0 && startFen == null && decision == null) return;
            if (result().isEmpty()) throw new IllegalArgumentException("an online game can be restarted once it is over");
            // The other player agrees first (one click does not take the result away, nor start a
            // clock for a player who is reloading); one gone for the seat-claim time is not waited for.
            int other = seat ^ 1;
            if (!open(other) && newGameBy != other) {
                if (newGameBy == seat && !occupied(other)) {
                    throw new IllegalArgumentException("the other player is away: the new game starts when they agree, or after "
                            + context.limits().seatClaim().toSeconds() + " s away (" + awaySeconds(other) + " s now)");
                }
                newGameBy = seat;
                broadcast(state());
                return;
            }
            swapColours();
        }
        startFen = null;
        setGame(replay(List.of()));
        if (clock != null) clock.reset();
        changed();
    }

    /** Online: the seats change hands (tokens and clients alike), so each player has the other colour. */
    private void swapColours() {
        String token = tokens[0];
        tokens[0] = tokens[1];
        tokens[1] = token;
        long vacated = vacatedAt[0];
        vacatedAt[0] = vacatedAt[1];
        vacatedAt[1] = vacated;
        String name = names[0];
        names[0] = names[1];
        names[1] = name;
        for (Client c : clients) {
            int s = c.seat();
            if (s != Position.WHITE && s != Position.BLACK) continue;
            c.seated(this, s ^ 1);
            c.send(joined(new Seat(s ^ 1, tokens[s ^ 1])).toString());
        }
    }

    /**
     * Online, the player claims the win over an opponent who has left: allowed once the other
     * seat has had nobody in it for {@link GuiLimits#seatClaim} (when another player could take it).
     */
    synchronized void claim(int seat) {
        touch();
        if (mode != Mode.ONLINE) throw new IllegalArgumentException("a win is claimed only in an online game");
        if (seat != Position.WHITE && seat != Position.BLACK) throw new IllegalArgumentException("only a player can claim the win");
        checkNotOver();
        int other = seat ^ 1;
        if (tokens[other] == null) throw new IllegalArgumentException("nobody has taken the " + GameView.side(other) + " seat yet");
        if (occupied(other)) throw new IllegalArgumentException("your opponent is here");
        long waitSeconds = context.limits().seatClaim().toSeconds() - awaySeconds(other);
        if (!open(other)) throw new IllegalArgumentException("your opponent may come back: the win can be claimed in " + Math.max(1, waitSeconds) + " s");
        decide(lost(other, "left the game"));
    }

    /** The side has lost, and how: "White resigned". */
    private static GameResult lost(int side, String how) {
        return new GameResult(side == Position.WHITE ? GameResult.Outcome.BLACK_WINS : GameResult.Outcome.WHITE_WINS,
                (side == Position.WHITE ? "White " : "Black ") + how);
    }

    /** The players have ended the game: no offer stands after it. */
    private void decide(GameResult result) {
        decision = result;
        drawOfferBy = -1;
        changed();
    }

    /** A new game or a new point in it: what the players decided about the old one is gone. */
    private void setGame(Game g) {
        game = g;
        playedBy = null;
        engineValue = null;
        decision = null;
        drawOfferBy = -1;
        newGameBy = -1;
    }

    /**
     * Sets up a position string or a PDN game (moves replayed by the rules core). Returns what the
     * importer should know about what was left out (the other games of a paste, moves after the
     * game's end), or null.
     */
    synchronized String load(int seat, String text) {
        touch();
        if (mode == Mode.ONLINE) throw new IllegalArgumentException("import is not available in an online game");
        if (seat == SPECTATOR) throw new IllegalArgumentException("spectators cannot import");
        String t = text == null ? "" : text.replace("\uFEFF", "").trim();
        if (t.isEmpty()) throw new IllegalArgumentException("nothing to import: paste a position string or a PDN game");
        String fen;
        List<String> moves;
        List<String> notes = new java.util.ArrayList<>();
        // A position string starts with its side and a colon; anything else is PDN: tags, a
        // comment, numbered moves, or moves alone (a move list pasted from a web page).
        if (!t.matches("(?s)^[WBwb]\\s*:.*")) {
            List<Pdn.Record> records = Pdn.parse(t);
            if (records.isEmpty()) throw new IllegalArgumentException("no game found in the PDN text");
            Pdn.Record r = records.get(0);
            if (records.size() > 1) {
                String white = r.tag("White"), black = r.tag("Black");
                notes.add("the text holds " + records.size() + " games: imported the first"
                        + (white == null || black == null ? "" : " (" + Client.abbreviate(white) + " – " + Client.abbreviate(black) + ")"));
            }
            String type = r.tag("GameType");
            // GameType is "number" or "number,board details"; "," alone split into no fields at all
            String number = type == null ? null : type.split(",", -1)[0].trim();
            if (number != null && !number.equals(Integer.toString(rules.pdnGameType()))) {
                throw new IllegalArgumentException("the PDN game is of GameType '" + Client.abbreviate(type) + "', not " + rules.name()
                        + " (" + rules.pdnGameType() + ")");
            }
            fen = r.tag("FEN");
            moves = r.moves();
        } else {
            fen = t;
            moves = List.of();
        }
        Game g = new Game(rules, Fen.parse(rules, fen == null ? rules.startFen() : fen));
        int startSide = g.position().sideToMove();
        for (int i = 0; i < moves.size(); i++) {
            // moves named as the PDN numbers them ("5. c3-d4" White's, "4... f6-g5" Black's), not by plies
            String move = Pdn.moveNumber(i, rules.firstSide(), startSide) + " " + Client.abbreviate(moves.get(i));
            if (g.result().isPresent()) {
                // damka's draw rules (or the game's end) came first: the rest cannot be played
                int left = moves.size() - i;
                String end = i == 0 ? "at its start" : "after " + Pdn.moveNumber(i - 1, rules.firstSide(), startSide) + " " + moves.get(i - 1);
                notes.add("not played: " + (left == 1 ? move : left + " moves from " + move + " on")
                        + " (the game was over " + end + ": " + g.result().get().reason() + ")");
                break;
            }
            try {
                g.play(moves.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("at " + move + ": " + e.getMessage(), e);
            }
        }
        startFen = fen == null ? null : Fen.format(rules, g.startPosition());
        setGame(g);
        if (clock != null) clock.reset();
        changed();
        return notes.isEmpty() ? null : String.join("; ", notes);
    }

    /** The game as PDN. */
    synchronized String pdn() {
        touch();
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "damka gui");
        tags.put("Site", "?");
        tags.put("Date", LocalDate.now().toString().replace('-', '.'));
        tags.put("White", playerName(Position.WHITE));
        tags.put("Black", playerName(Position.BLACK));
        var result = result();
        String score = result.map(r -> r.outcome().score()).orElse("*");
        tags.put("Result", score);
        Pdn.putGameTags(tags, rules, startFen);
        return Pdn.format(tags, game.moves(), rules.firstSide(), game.startPosition().sideToMove(),
                result.map(r -> r.reason()).orElse(null), score);
    }

    private String playerName(int side) {
        if (side == engineSide) return "damka (" + level.name().toLowerCase(java.util.Locale.ROOT) + ")";
        String[] of = playedBy != null ? playedBy : names;
        return of[side] != null ? of[side] : "?";
    }

    /** Throws, saying why, unless a client in this seat may turn the analysis to this many lines. */
    void checkMayAnalyse(int seat, int lines) {
        if (mode == Mode.ONLINE) throw new IllegalArgumentException("analysis is not available in an online game");
        if (seat == SPECTATOR) throw new IllegalArgumentException("spectators cannot start the analysis");
        if (lines < 0 || lines > MAX_ANALYSIS_LINES) throw new IllegalArgumentException("lines must be 0.." + MAX_ANALYSIS_LINES);
    }

    /** Turns the analysis panel on (1..4 lines) or off (0). */
    synchronized void analyse(int seat, int lines) {
        touch();
        checkMayAnalyse(seat, lines);
        if (lines > 0) engine();
        analysisLines = lines;
        changed();
    }

    private Game replay(List<String> moves) {
        return Game.replay(rules, startFen, moves);
    }

    /** After every change: stop the engine's work on the old position, tell everyone, start anew. */
    private void changed() {
        generation.incrementAndGet();
        if (engine != null) engine.stop();
        thinking = false;
        boolean over = result().isPresent();
        runClock(over);
        if (!over && game.position().sideToMove() == engineSide && !clients.isEmpty()) {
            thinking = true;
            submitEngineMove();
        } else if (!over && analysisLines > 0) {
            submitAnalysis();
        }
        broadcast(state());
        // a finished game has nothing to analyse: say so at once (the page waited for lines)
        if (over && analysisLines > 0) broadcast(analysisFinished());
    }

    /**
     * The clock runs for the side to move from the first move until the end, and a timer ends
     * the game when that side's time is up (a player who stops moving cannot stall it).
     */
    private void runClock(boolean over) {
        if (clock == null) return;
        if (flagFall != null) flagFall.cancel(false);
        flagFall = null;
        // online from the second player's arrival (moves wait for it), else from the first move;
        // against the engine it stops while nobody is in the room (the engine does not search then)
        boolean started = mode == Mode.ONLINE ? tokens[0] != null && tokens[1] != null
                : game.plies() > 0 && !(mode == Mode.ENGINE && clients.isEmpty());
        int side = over || !started ? -1 : game.position().sideToMove();
        clock.runFor(side);
        if (side < 0) return;
        int gen = generation.get();
        flagFall = context.schedule(() -> {
            synchronized (Room.this) {
                if (generation.get() == gen && !closed && clock.leftMs(side) <= 0) flagFell(side);
            }
        }, Math.max(0, clock.leftMs(side)) + 1);
    }

    private void flagFell(int side) {
        decide(lost(side, "ran out of time"));
    }

    private EnginePlayer engine() {
        if (engine == null) {
            context.claimEngine();
            try {
                engine = new EnginePlayer(rules.name(), context.tables().of(rules));
            } catch (RuntimeException | Error e) { // e.g. its table does not fit in the heap
                context.releaseEngine();
                throw e;
            }
        }
        return engine;
    }

    private void submitEngineMove() {
        int gen = generation.get();
        EnginePlayer player = engine();
        List<String> moves = game.moves();
        String fen = startFen;
        context.runEngine(() -> {
            EnginePlayer.Clock time;
            synchronized (Room.this) {
                if (generation.get() != gen) return;
                // read as the search starts (the wait for the engine thread has been charged); the
                // game's first move is free, the engine's too when it moves first, but it keeps the
                // pace its time allows
                time = clock == null ? null : new EnginePlayer.Clock(clock.leftMs(engineSide), clock.incrementMs());
            }
            EnginePlayer.Choice choice = player.chooseMove(fen, moves, level, time, context.random(), () -> generation.get() != gen);
            synchronized (Room.this) {
                if (generation.get() != gen || choice == null || !play(engineSide, choice.move())) return;
                engineValue = choice.valueCp();
                changed();
            }
        });
    }

    private void submitAnalysis() {
        submitAnalysis(generation.get(), new AtomicLong(ANALYSIS_MS), new AtomicInteger());
    }

    /**
     * Queues the analysis of this generation for what is left of its search time (time spent
     * waiting in the queue does not count). When it steps aside for an
     * engine move it queues its continuation, which shows nothing shallower than was shown.
     */
    private void submitAnalysis(int gen, AtomicLong leftMs, AtomicInteger shownDepth) {
        EnginePlayer player = engine();
        List<String> moves = game.moves();
        String fen = startFen;
        int lines = analysisLines;
        AtomicBoolean steppedAside = new AtomicBoolean();
        context.runAnalysis(() -> {
            long left = leftMs.get(), start = System.nanoTime();
            if (generation.get() != gen) return;
            if (left <= 0) { // its time ran out while it stepped aside
                synchronized (Room.this) {
                    if (generation.get() == gen && !closed) broadcast(analysisFinished());
                }
                return;
            }
            player.analyse(fen, moves, lines, left, () -> generation.get() != gen || steppedAside.get(), report -> {
                int depth = report.stream().mapToInt(EnginePlayer.Line::depth).max().orElse(0);
                synchronized (Room.this) {
                    if (generation.get() == gen && depth >= shownDepth.get()) {
                        shownDepth.set(depth);
                        broadcast(analysis(report));
                    }
                }
            });
            synchronized (Room.this) {
                leftMs.addAndGet(-(System.nanoTime() - start) / 1_000_000);
                if (generation.get() == gen && !closed) {
                    if (steppedAside.get()) submitAnalysis(gen, leftMs, shownDepth);
                    else broadcast(analysisFinished()); // the page says so: it starts again with the next move
                }
            }
        }, () -> {
            // Only this generation's search: a later one of this room (its engine's move) runs on.
            if (generation.get() == gen) {
                steppedAside.set(true);
                player.stopAnalysis();
            }
        });
    }

    /** The analysis of this position has ended (its time is up): its last lines stand. */
    private ObjectNode analysisFinished() {
        ObjectNode m = JSON.objectNode();
        m.put("type", "analysis");
        m.put("ply", game.plies());
        m.put("finished", true);
        return m;
    }

    private ObjectNode analysis(List<EnginePlayer.Line> lines) {
        ObjectNode m = JSON.objectNode();
        m.put("type", "analysis");
        m.put("ply", game.plies());
        ArrayNode out = m.putArray("lines");
        for (EnginePlayer.Line l : lines) {
            ObjectNode o = out.addObject();
            o.put("multipv", l.multiPv()).put("depth", l.depth()).put("nodes", l.nodes());
            if (l.mateIn() != 0) o.put("mate", l.mateIn()); else o.put("score", l.scoreCp());
            ArrayNode pv = o.putArray("pv");
            l.pv().forEach(pv::add);
        }
        return m;
    }

    /** The state message every client gets after each change. */
    synchronized ObjectNode state() {
        ObjectNode s = JSON.objectNode();
        s.put("type", "state");
        s.put("room", code);
        s.put("mode", mode.name().toLowerCase(java.util.Locale.ROOT));
        Optional<GameResult> result = result();
        GameView.fill(s, game, result);
        // a draw offer stands only while the game goes on, a new game is asked for only after it
        if (drawOfferBy >= 0 && result.isEmpty()) s.put("drawOffer", GameView.side(drawOfferBy));
        if (newGameBy >= 0 && result.isPresent()) s.put("newGameOffer", GameView.side(newGameBy));
        if (clock != null) {
            ObjectNode c = s.putObject("clock");
            c.put("white", Math.max(0, clock.leftMs(Position.WHITE))).put("black", Math.max(0, clock.leftMs(Position.BLACK)));
            if (clock.running() >= 0) c.put("running", GameView.side(clock.running())); else c.putNull("running");
            c.put("initial", clock.initialMs()).put("increment", clock.incrementMs());
        }
        s.put("thinking", thinking);
        s.put("analysis", analysisLines);
        ObjectNode seats = s.putObject("seats");
        for (int side = 0; side < 2; side++) seats.put(GameView.side(side), seatStatus(side));
        if (mode == Mode.ONLINE) {
            // how long an away player's seat stays theirs: the page counts down its Play and Claim buttons
            ObjectNode freeIn = null;
            for (int side = 0; side < 2; side++) {
                if (side == engineSide || tokens[side] == null || occupied(side)) continue; // not away
                if (freeIn == null) freeIn = s.putObject("seatsFreeIn");
                freeIn.put(GameView.side(side), Math.max(0, context.limits().seatClaim().toMillis() - awayMillis(side)));
            }
        }
        if (names[0] != null || names[1] != null) {
            ObjectNode n = s.putObject("names");
            for (int side = 0; side < 2; side++) n.put(GameView.side(side), names[side]);
        }
        s.put("spectators", (int) clients.stream().filter(c -> c.seat() == SPECTATOR).count());
        return s;
    }

    private String seatStatus(int side) {
        if (side == engineSide) return "engine";
        if (tokens[side] == null) return "free";
        return occupied(side) ? "connected" : "away";
    }

    private void broadcast(ObjectNode message) {
        String text = message.toString();
        // Over a copy: a send that fails at once disconnects its client, whose leave (on this
        // thread, holding this lock) removes it from the set being walked.
        for (Client c : List.copyOf(clients)) c.send(text);
    }

    private void touch() {
        lastActive = System.nanoTime();
    }

    /** True while the room holds one of the server's engines. */
    synchronized boolean holdsEngine() {
        return engine != null;
    }

    /** How long nothing happened here while nobody is connected; -1 while someone is. */
    synchronized long idleNanos() {
        return clients.isEmpty() ? System.nanoTime() - lastActive : -1;
    }

    /** True when nobody is connected and nothing happened for the given time. */
    private boolean idleFor(long nanos) {
        return clients.isEmpty() && System.nanoTime() - lastActive > nanos;
    }

    /**
     * Closes the room if it has been idle that long, in one step, so no join slips in between;
     * false if it was closed already (by another create that made way with it).
     */
    synchronized boolean closeIfIdle(long nanos) {
        if (closed || !idleFor(nanos)) return false;
        close();
        return true;
    }

    /** Stops the engine for good (the room is being dropped); a later join is refused. */
    synchronized void close() {
        closed = true;
        generation.incrementAndGet();
        if (flagFall != null) flagFall.cancel(false);
        if (engine != null) {
            engine.close();
            engine = null;
            context.releaseEngine();
        }
    }
}
