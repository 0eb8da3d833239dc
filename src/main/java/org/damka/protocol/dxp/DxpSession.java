package org.damka.protocol.dxp;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.engine.Engine;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.movegen.Move;
import org.damka.movegen.MoveList;
import org.damka.notation.HubLine;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;

/**
 * One DamExchange connection, as initiator (asks for a series of games, colours alternating) or
 * follower (accepts the initiator's games). The engine plays its side through the {@link Engine}
 * facade; the rules core referees every incoming move (the legal move with that from, to and
 * captured set), so an illegal move never reaches the engine.
 *
 * <p>All state lives on the thread that calls {@link #run()}: a reader thread only turns socket
 * input into events, and the search reports its move as an event, so messages that arrive during
 * a search (CHAT, GAMEEND, BACKREQ) are handled at once. A game ends when the side to move sends
 * GAMEEND (it has lost, it is a draw by the rules, or the move limit is reached) and the other
 * side acknowledges it. {@code run()} returns the finished games when the series is over or the
 * peer closes the connection or stays silent too long ({@link #failure()} says which).
 */
public final class DxpSession {
    public enum Role { INITIATOR, FOLLOWER }

    /**
     * What to play. {@code games}, {@code minutes} and {@code moves} are the initiator's requests
     * (minutes of thinking time per side, moves per game, 0 = no limit); {@code moveTimeMs} > 0
     * makes the engine spend that long per move whatever the clock says (quick test games).
     * {@code silenceMs} > 0 bounds how long damka waits for the peer: that long for an answer
     * (GAMEACC, the next GAMEREQ, an acknowledgement), and that long plus the game's thinking time
     * for its move; a peer silent for longer is gone and the connection is closed.
     */
    public record Settings(String name, int games, int minutes, int moves, long moveTimeMs, long silenceMs) {
        /** One game, no time requested, the clock's own pace, and no limit on the peer's silence. */
        public static Settings named(String name) {
            return new Settings(name, 1, 0, 0, 0, 0);
        }

        public Settings withGames(int games) {
            return new Settings(name, games, minutes, moves, moveTimeMs, silenceMs);
        }

        /** Requests {@code minutes} of thinking time per side for {@code moves} moves. */
        public Settings withClock(int minutes, int moves) {
            return new Settings(name, games, minutes, moves, moveTimeMs, silenceMs);
        }

        public Settings withMoveTimeMs(long moveTimeMs) {
            return new Settings(name, games, minutes, moves, moveTimeMs, silenceMs);
        }

        public Settings withSilenceMs(long silenceMs) {
            return new Settings(name, games, minutes, moves, moveTimeMs, silenceMs);
        }
    }

    /**
     * A finished (or abandoned) game. {@code result} is 1-0, 0-1, 1/2-1/2 or * (unknown);
     * {@code clockLeftMs} is damka's thinking time left by its own count, or -1 when the game had no clock.
     */
    public record FinishedGame(int number, char myColor, String opponent, String result, String reason, List<String> moves,
                               long clockLeftMs) {
        @Override
        public String toString() {
            return "game " + number + ": damka " + (myColor == DxpMessage.WHITE ? "white" : "black") + " vs " + opponent
                    + ": " + result + " (" + reason + ") after " + moves.size() + " plies"
                    + (clockLeftMs < 0 ? "" : String.format(java.util.Locale.ROOT, ", damka's clock %.1f s by its own count", clockLeftMs / 1000.0));
        }
    }

    private static final Rules RULES = Variants.INTERNATIONAL;
    /** Per-move time when a GAMEREQ gives no thinking time (000) and no move time is set. */
    private static final long UNTIMED_MOVE_MS = 1000;

    private final Engine engine;
    private final DxpChannel channel;
    private final Role role;
    private final Settings settings;
    private final PrintStream log;
    private final DxpBoard board = new DxpBoard();
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final List<FinishedGame> finished = new ArrayList<>();

    private String opponent = "opponent";
    private Game game;
    private Position startPosition;
    private char myColor;
    private boolean playing;
    private int gameNumber;
    private int minutes;
    private int moveLimit;
    private long myClockMs;
    private boolean searching;
    private int searchGeneration;
    private long searchStartNanos;
    /** When the message being handled was read (0: none is): a search it starts is on the clock since. */
    private long messageReadAt;
    private boolean done;
    /** Why the series ended before its end was agreed; null while it goes as planned. */
    private String failure;

    private record SearchDone(int generation, Move move) { }
    /** A message and when it was read (its move's clock, when it asks for ours, starts then). */
    private record Received(DxpMessage message, long nanos) { }
    private record Malformed(String raw, String reason) { }
    private record Closed(String reason) { }

    public DxpSession(Engine engine, DxpChannel channel, Role role, Settings settings, PrintStream log) {
        this.engine = engine;
        this.channel = channel;
        this.role = role;
        this.settings = settings;
        this.log = log;
        engine.setVariant(RULES.name());
    }

    /** Plays until the series ends or the connection closes; returns the games played. */
    public List<FinishedGame> run() throws IOException, InterruptedException {
        Thread reader = new Thread(this::readLoop, "damka-dxp-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            if (role == Role.INITIATOR) requestGame();
            // The silence limit counts from the last step the session took, not from the last
            // message: a peer that only chats, or repeats what is refused, cannot hold it for ever.
            long stepAt = System.nanoTime();
            long step = step();
            boolean heard = false; // a message since the last step
            while (!done) {
                long limit = silenceLimitMs();
                long left = limit - (System.nanoTime() - stepAt) / 1_000_000;
                Object e = limit <= 0 ? events.take() : left > 0 ? events.poll(left, TimeUnit.MILLISECONDS) : null;
                heard |= e instanceof Received || e instanceof Malformed;
                if (e == null) onSilence(limit, heard);
                else if (e instanceof Received r) {
                    messageReadAt = r.nanos();
                    try {
                        onMessage(r.message());
                    } finally {
                        messageReadAt = 0;
                    }
                }
                else if (e instanceof SearchDone s) onSearchDone(s);
                else if (e instanceof Malformed m) onMalformed(m);
                else if (e instanceof Closed c) onClosed(c);
                if (step() != step || limit <= 0) {
                    step = step();
                    stepAt = System.nanoTime();
                    heard = false;
                }
            }
        } finally {
            stopSearch();
            channel.close();
        }
        return List.copyOf(finished);
    }

    /**
     * Null when the series ended as agreed (or, for the initiator, once every requested game was
     * played); else why it stopped early: a refused game, a closed connection, a silent peer.
     */
    public String failure() {
        return failure;
    }

    /** Where the series stands: the game, whether it is running, and its plies (moves played or taken back). */
    private long step() {
        return (long) gameNumber << 32 | (playing ? 1L << 31 | game.plies() : 0);
    }

    /** How long to wait for the next event: unbounded (0) while our own search runs. */
    private long silenceLimitMs() {
        if (settings.silenceMs() <= 0 || searching) return 0;
        boolean peersMove = playing && sideToMoveColor() != myColor;
        return settings.silenceMs() + (peersMove ? minutes * 60_000L : 0);
    }

    private void onSilence(long waitedMs, boolean heard) {
        String seconds = (waitedMs + 500) / 1000 + " s";
        String why = heard ? "no game or move from " + opponent + " for " + seconds + " (only chat, acknowledgements or refused messages)"
                : "no message from " + opponent + " for " + seconds;
        log(why + "; closing the connection");
        if (playing) abandon(why);
        fail(why);
        done = true;
    }

    private void onClosed(Closed c) {
        String why = "connection closed" + (c.reason() == null ? "" : ": " + c.reason());
        log(why);
        if (playing) {
            abandon(why);
            fail(why);
        } else if (role == Role.INITIATOR && finished.size() < settings.games()) {
            fail(why + " after " + finished.size() + " of " + settings.games() + " games");
        }
        done = true;
    }

    private void fail(String why) {
        if (failure == null) failure = why;
    }

    private void readLoop() {
        try {
            String raw;
            while ((raw = channel.readRaw()) != null) {
                try {
                    long at = System.nanoTime();
                    events.put(new Received(DxpMessage.decode(raw), at));
                } catch (DxpFormatException e) {
                    events.put(new Malformed(raw, e.getMessage()));
                }
            }
            events.put(new Closed(null));
        } catch (IOException e) {
            events.add(new Closed(e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- incoming messages -------------------------------------------------------------

    private void onMessage(DxpMessage m) throws IOException {
        log("< " + m.encode());
        if (m instanceof DxpMessage.GameReq r) onGameReq(r);
        else if (m instanceof DxpMessage.GameAcc a) onGameAcc(a);
        else if (m instanceof DxpMessage.Move mv) onMove(mv);
        else if (m instanceof DxpMessage.GameEnd e) onGameEnd(e);
        else if (m instanceof DxpMessage.Chat c) log("chat from " + opponent + ": " + c.text());
        else if (m instanceof DxpMessage.BackReq b) onBackReq(b);
        // damka never sends BACKREQ: a BACKACC answers nothing (said, as an unasked GAMEACC is)
        else if (m instanceof DxpMessage.BackAcc) send(new DxpMessage.Chat("error: unexpected BACKACC: damka asks for no take-backs"));
    }

    private void onMalformed(Malformed m) throws IOException {
        log("< (bad message) " + m.raw() + ": " + m.reason());
        if (role == Role.FOLLOWER && m.raw().startsWith("R")) {
            // A game request we cannot read: another protocol version (two digits, not 01), or
            // fields we refuse, a bare R among them.
            String version = m.raw().length() >= 3 ? m.raw().substring(1, 3) : "";
            boolean otherVersion = version.matches("[0-9]{2}") && !version.equals("01");
            send(new DxpMessage.GameAcc(settings.name(), otherVersion ? '1' : '2'));
            return;
        }
        send(new DxpMessage.Chat("error: cannot read message: " + m.reason()));
    }

    private void onGameReq(DxpMessage.GameReq r) throws IOException {
        if (role == Role.INITIATOR) {
            send(new DxpMessage.Chat("error: only the initiator sends GAMEREQ"));
            return;
        }
        if (r.version() != 1) {
            send(new DxpMessage.GameAcc(settings.name(), '1'));
            return;
        }
        Position start;
        try {
            start = r.position() == null ? Fen.parse(RULES, RULES.startFen()) : board.parsePosition(r.colorToMove(), r.position());
        } catch (IllegalArgumentException e) {
            log("refusing the game: " + e.getMessage());
            send(new DxpMessage.GameAcc(settings.name(), '2'));
            return;
        }
        Game g = new Game(RULES, start);
        if (g.result().isPresent()) {
            log("refusing the game: the start position is already decided (" + g.result().get() + ")");
            send(new DxpMessage.GameAcc(settings.name(), '2'));
            return;
        }
        if (playing) abandon("a new game was requested");
        opponent = r.initiatorName().isEmpty() ? "opponent" : HubLine.printable(r.initiatorName()); // it reaches the terminal
        send(new DxpMessage.GameAcc(settings.name(), '0'));
        startGame(start, r.followerColor(), r.minutes(), r.moves());
    }

    private void onGameAcc(DxpMessage.GameAcc a) throws IOException {
        if (role != Role.INITIATOR || playing) {
            send(new DxpMessage.Chat("error: unexpected GAMEACC"));
            return;
        }
        opponent = a.followerName().isEmpty() ? "opponent" : HubLine.printable(a.followerName()); // it reaches the terminal
        if (a.code() != '0') {
            // Said once, by whoever runs the session (the log line doubled it).
            fail(opponent + " refused the game (GAMEACC code " + a.code() + ")");
            done = true;
            return;
        }
        char follower = gameNumber % 2 == 1 ? DxpMessage.BLACK : DxpMessage.WHITE;
        startGame(Fen.parse(RULES, RULES.startFen()), follower, settings.minutes(), settings.moves());
    }

    private void onMove(DxpMessage.Move m) throws IOException {
        if (!playing || sideToMoveColor() == myColor) {
            send(new DxpMessage.Chat("error: unexpected MOVE " + m.encode().substring(5) + " (not your turn)"));
            return;
        }
        Optional<GameResult> before = game.result();
        if (before.isPresent()) {
            // The game ended with our move; the opponent should have sent GAMEEND.
            endGame(before.get());
            return;
        }
        MoveList legal = game.legalMoves(new MoveList());
        int i = board.find(legal, m);
        if (i < 0) {
            DxpBoard.Refusal refusal = board.refusal(game.position(), legal, m);
            List<String> all = new ArrayList<>();
            for (int k = 0; k < legal.size(); k++) all.add(board.text(game.position(), legal, k));
            log(refusal.move() + " (" + m.encode() + ") from " + opponent + "; legal: " + String.join(" ", all));
            send(new DxpMessage.Chat("error: " + refusal));
            finish("*", refusal.move() + " by " + opponent);
            send(new DxpMessage.GameEnd('0', stopCode()));
            return;
        }
        game.play(legal, i);
        think();
    }

    private void onGameEnd(DxpMessage.GameEnd e) throws IOException {
        boolean lastGame = e.stop() == '1' || (role == Role.INITIATOR && gameNumber >= settings.games());
        if (playing) {
            // The opponent ends the game: acknowledge.
            stopSearch();
            String result;
            String reason;
            Optional<GameResult> rules = game.result();
            if (rules.isPresent()) {
                result = rules.get().outcome().score();
                reason = rules.get().reason();
            } else {
                boolean opponentWhite = myColor == DxpMessage.BLACK;
                switch (e.reason()) {
                    case '1' -> { result = opponentWhite ? "0-1" : "1-0"; reason = opponent + " gives up"; }
                    case '2' -> { result = "1/2-1/2"; reason = opponent + " claims a draw"; }
                    case '3' -> { result = opponentWhite ? "1-0" : "0-1"; reason = opponent + " claims a win"; }
                    default -> { result = "*"; reason = opponent + " ended the game"; }
                }
            }
            finish(result, reason);
            send(new DxpMessage.GameEnd('0', lastGame ? '1' : '0'));
        }
        if (lastGame) {
            done = true;
        } else if (role == Role.INITIATOR) {
            requestGame();
        }
    }

    private void onBackReq(DxpMessage.BackReq b) throws IOException {
        if (!playing) {
            send(new DxpMessage.BackAcc('1'));
            return;
        }
        // Ply of (move number, colour to move) counted from the start position.
        int ply = (b.moveNumber() - 1) * 2 + (b.color() == DxpMessage.BLACK ? 1 : 0);
        if (startPosition.sideToMove() == Position.BLACK) ply -= 1;
        if (ply < 0 || ply > game.plies()) {
            send(new DxpMessage.BackAcc('2'));
            return;
        }
        if (ply == game.plies()) {
            // Nothing to take back: our search (if it is our move) goes on, so that repeating this cannot hold us.
            send(new DxpMessage.BackAcc('0'));
            return;
        }
        stopSearch();
        Game g = new Game(RULES, startPosition);
        List<Move> moves = game.moveValues();
        for (int k = 0; k < ply; k++) g.play(moves.get(k));
        game = g;
        send(new DxpMessage.BackAcc('0'));
        think();
    }

    private void onSearchDone(SearchDone s) throws IOException {
        if (s.generation() != searchGeneration || !searching) return; // a search we abandoned
        searching = false;
        waitForEngine(); // the search thread reports just before it ends
        long usedMs = (System.nanoTime() - searchStartNanos) / 1_000_000;
        // DXP has no clock messages: each side counts its own time, and the peer's count of ours
        // also holds what we cannot measure (the socket both ways, our reading and writing), which
        // Move Overhead stands for. Charged each move, so a long sudden-death game keeps it in hand
        // (300 plies under load ran 0.5-0.7 s over the peer's minute when it was not charged).
        myClockMs = Math.max(0, myClockMs - usedMs - engine.moveOverheadMs());
        if (!playing) return;
        if (s.move() == null) { // no legal move: think() would have ended the game
            think();
            return;
        }
        DxpMessage.Move message = board.toMessage(s.move(), (int) Math.min(9999, (usedMs + 500) / 1000));
        game.play(s.move());
        send(message);
        // Black's last move of the limit: the game ends now (it waited for one move more of White's).
        endedByMoveLimit();
    }

    /** When both sides have played the GAMEREQ's moves: ends the game with GAMEEND 0 and says so. */
    private boolean endedByMoveLimit() throws IOException {
        if (moveLimit <= 0 || game.plies() < 2 * moveLimit) return false;
        finish("*", moveLimit + " moves played");
        send(new DxpMessage.GameEnd('0', stopCode()));
        return true;
    }

    // ---- game flow ------------------------------------------------------------------

    private void requestGame() throws IOException {
        gameNumber++;
        // Colours alternate: damka (the initiator) is White in odd-numbered games.
        char follower = gameNumber % 2 == 1 ? DxpMessage.BLACK : DxpMessage.WHITE;
        send(new DxpMessage.GameReq(1, settings.name(), follower, settings.minutes(), settings.moves(), DxpMessage.WHITE, null));
    }

    private void startGame(Position start, char followerColor, int gameMinutes, int gameMoves) {
        if (role == Role.FOLLOWER) gameNumber++;
        myColor = role == Role.FOLLOWER ? followerColor : followerColor == DxpMessage.WHITE ? DxpMessage.BLACK : DxpMessage.WHITE;
        startPosition = new Position(start);
        game = new Game(RULES, start);
        minutes = gameMinutes;
        moveLimit = gameMoves;
        myClockMs = gameMinutes * 60_000L;
        playing = true;
        engine.newGame();
        log("game " + gameNumber + " starts: damka plays " + (myColor == DxpMessage.WHITE ? "white" : "black") + " against "
                + opponent + ", " + (gameMinutes > 0 ? gameMinutes + " min" : "no clock")
                + (gameMoves > 0 ? ", " + gameMoves + " moves" : ""));
        try {
            think();
        } catch (IOException e) {
            events.add(new Closed(e.getMessage()));
        }
    }

    /** If it is our turn: end the game when it is over, else start a search. */
    private void think() throws IOException {
        if (!playing || sideToMoveColor() != myColor || searching) return;
        Optional<GameResult> result = game.result();
        if (result.isPresent()) {
            endGame(result.get());
            return;
        }
        if (endedByMoveLimit()) return;
        engine.setPosition(startPosition, game.moveValues());
        searching = true;
        int generation = ++searchGeneration;
        searchStartNanos = messageReadAt != 0 ? messageReadAt : System.nanoTime();
        engine.go(limits(), new SearchListener() {
            @Override
            public void info(SearchInfo info) { }

            @Override
            public void bestMove(Move move, Move ponder) {
                events.add(new SearchDone(generation, move));
            }
        }, searchStartNanos);
    }

    private SearchLimits limits() {
        if (settings.moveTimeMs() > 0) return SearchLimits.moveTime(settings.moveTimeMs());
        if (minutes <= 0) return SearchLimits.moveTime(UNTIMED_MOVE_MS);
        int myMovesPlayed = (game.plies() + (startPosition.sideToMove() == colorSide(myColor) ? 0 : 1)) / 2;
        int movesToGo = moveLimit > 0 ? Math.max(1, moveLimit - myMovesPlayed) : 0;
        long clock = Math.max(1, myClockMs);
        return SearchLimits.NONE.withClocks(clock, 0).withMovesToGo(movesToGo);
    }

    /** It is our turn and the rules say the game is over: tell the opponent. */
    private void endGame(GameResult r) throws IOException {
        int mySide = colorSide(myColor);
        char reason = r.outcome() == GameResult.Outcome.DRAW ? '2' : r.loser() == mySide ? '1' : '3';
        finish(r.outcome().score(), r.reason());
        send(new DxpMessage.GameEnd(reason, stopCode()));
    }

    /** Stop code for a GAMEEND we start: the initiator stops after its last game. */
    private char stopCode() {
        return role == Role.INITIATOR && gameNumber >= settings.games() ? '1' : '0';
    }

    private void finish(String result, String reason) {
        if (!playing) return;
        stopSearch();
        playing = false;
        FinishedGame rec = new FinishedGame(gameNumber, myColor, opponent, result, reason, game.moves(), minutes > 0 ? myClockMs : -1);
        finished.add(rec);
        log(rec.toString());
    }

    private void abandon(String why) {
        finish("*", why);
    }

    private void stopSearch() {
        if (!searching) return;
        searching = false;
        searchGeneration++;
        engine.stopAndWait();
    }

    private void waitForEngine() {
        try {
            engine.waitForSearch();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private char sideToMoveColor() {
        return DxpBoard.colorToMove(game.position());
    }

    private static int colorSide(char color) {
        return color == DxpMessage.WHITE ? Position.WHITE : Position.BLACK;
    }

    private void send(DxpMessage m) throws IOException {
        log("> " + m.encode());
        channel.send(m);
    }

    private void log(String line) {
        log(log, line);
    }

    /**
     * One line of the DXP log, or nothing when there is no log. The peer's bytes in it (names,
     * chat, bad messages) are escaped, so a newline or a control byte it sends cannot split a
     * log line or reach the terminal.
     */
    static void log(PrintStream log, String line) {
        if (log == null) return;
        synchronized (log) {
            log.println("dxp: " + HubLine.printable(line));
            log.flush();
        }
    }
}
