package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bad input over the WebSocket: each is answered with an error to its sender only, and the game
 * keeps its state (checked by another client's view and a fresh state).
 */
class GuiWebSocketIT {
    static final int MAX_MESSAGE = 16 * 1024;
    static final Duration SEAT_CLAIM = Duration.ofSeconds(3);
    static GuiServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new GuiServer("127.0.0.1", 0, GuiLimits.defaults().withMaxMessageBytes(MAX_MESSAGE)
                .withRoomsPerAddress(20).withEngines(GuiLimits.defaults().maxEngines(), 1).withSeatClaim(SEAT_CLAIM));
        server.start();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /** An online russian room with White and Black seated and one move (c3-d4) played. */
    record Table(WsClient white, WsClient black, String code, String blackToken, String fen) implements AutoCloseable {
        @Override public void close() {
            white.close();
            black.close();
        }
    }

    static Table table() throws Exception {
        WsClient white = new WsClient(server.uri()), black = new WsClient(server.uri());
        white.send("{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"russian\",\"side\":\"white\"}");
        String code = white.next("joined").get("room").asText();
        black.send("{\"type\":\"join\",\"room\":\"%s\"}", code);
        JsonNode joined = black.next("joined");
        assertEquals("black", joined.get("seat").asText());
        white.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
        JsonNode state;
        do state = black.next("state"); while (state.get("ply").asInt() != 1);
        drain(white);
        drain(black);
        return new Table(white, black, code, joined.get("token").asText(), state.get("fen").asText());
    }

    static void drain(WsClient c) throws InterruptedException {
        while (c.poll(150) != null) { }
    }

    /** The error sent for a request, and proof that nobody else heard of it and nothing changed. */
    static JsonNode errorAndNothingChanged(Table t, WsClient sender, String request) throws Exception {
        sender.send(request);
        JsonNode error = sender.next("error");
        WsClient other = sender == t.white() ? t.black() : t.white();
        assertNull(other.poll(300), "the other player hears nothing");
        // a fresh view of the room: same position, same ply
        try (WsClient watcher = new WsClient(server.uri())) {
            watcher.send("{\"type\":\"join\",\"room\":\"%s\",\"seat\":\"spectator\"}", t.code());
            JsonNode state = watcher.next("state");
            assertEquals(t.fen(), state.get("fen").asText());
            assertEquals(1, state.get("ply").asInt());
        }
        drain(t.white());
        drain(t.black());
        return error;
    }

    @Test
    void garbageIsAnsweredWithAnError() throws Exception {
        try (Table t = table()) {
            assertTrue(errorAndNothingChanged(t, t.black(), "}{ not json").get("message").asText().startsWith("not a JSON object (line 1, column 1)"));
            // The parser's own words named its classes and settings; a second value was silently ignored.
            for (String bad : new String[] {"[".repeat(1001) + "]".repeat(1001), "{\"type\":NaN}", "{\"type\":\"ping\"} x",
                    "{\"type\":\"ping\"}{\"type\":\"ping\"}", "{\"type\":\"move\",\"move\":" + "9".repeat(2000) + "}"}) {
                String message = errorAndNothingChanged(t, t.black(), bad).get("message").asText();
                assertTrue(message.startsWith("not a JSON object") && !message.contains("`") && !message.contains("Feature"), message);
            }
            assertTrue(errorAndNothingChanged(t, t.white(), "{\"type\":\"analyse\",\"lines\":true}").get("message").asText().contains("analysis"),
                    "online: refused either way");
            assertTrue(errorAndNothingChanged(t, t.black(), "[1,2,3]").get("message").asText().contains("JSON object"));
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"fly\"}").get("message").asText().contains("unknown request"));
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"move\",\"move\":42}").get("message").asText().contains("string"));
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"chess\"}")
                    .get("message").asText().contains("unknown variant"));
        }
    }

    @Test
    void illegalMovesAreRefusedWithTheReason() throws Exception {
        try (Table t = table()) {
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"move\",\"move\":\"a7-b6\"}").get("message").asText()
                    .contains("illegal move"));
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"move\",\"move\":\"z9-y8\"}").get("message").asText()
                    .contains("unknown square"));
            // out of turn: White has just moved
            assertTrue(errorAndNothingChanged(t, t.white(), "{\"type\":\"move\",\"move\":\"e3-f4\"}").get("message").asText()
                    .contains("black's turn"));
            assertTrue(errorAndNothingChanged(t, t.white(), "{\"type\":\"undo\"}").get("message").asText().contains("not available"));
        }
    }

    @Test
    void aHugeFrameClosesOnlyThatConnection() throws Exception {
        try (Table t = table()) {
            t.black().sendAsync("{\"type\":\"move\",\"move\":\"" + "x".repeat(MAX_MESSAGE * 4) + "\"}");
            // closed as "message too big" (or cut off before the client could read the close frame)
            int status = t.black().closed.get(10, TimeUnit.SECONDS);
            assertTrue(status == 1009 || status == -1, "close status " + status);
            // White is still connected and hears that Black is away
            JsonNode state;
            do state = t.white().next("state"); while (!state.get("seats").get("black").asText().equals("away"));
            assertEquals(t.fen(), state.get("fen").asText());
            // the room goes on: Black comes back with the seat token and plays
            try (WsClient back = new WsClient(server.uri())) {
                back.send("{\"type\":\"join\",\"room\":\"%s\"}", t.code());
                assertEquals("spectator", back.next("joined").get("seat").asText(), "no token, no seat");
                assertEquals(t.fen(), back.next("state").get("fen").asText());
            }
        }
    }

    @Test
    void aWrongRoomCodeIsRefused() throws Exception {
        try (Table t = table()) {
            String wrong = t.code().charAt(0) == 'Z' ? "Y" + t.code().substring(1) : "Z" + t.code().substring(1);
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"join\",\"room\":\"" + wrong + "\"}")
                    .get("message").asText().contains("no room"));
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"join\",\"room\":\"" + "A".repeat(5000) + "\"}")
                    .get("message").asText().contains("no room"));
        }
    }

    @Test
    void aTakenSeatCannotBeTakenAgain() throws Exception {
        try (Table t = table(); WsClient intruder = new WsClient(server.uri())) {
            intruder.send("{\"type\":\"join\",\"room\":\"%s\",\"seat\":\"black\"}", t.code());
            assertTrue(intruder.next("error").get("message").asText().contains("seat is taken"));
            intruder.send("{\"type\":\"join\",\"room\":\"%s\",\"token\":\"forged-token\"}", t.code());
            assertEquals("spectator", intruder.next("joined").get("seat").asText());
            intruder.send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            assertTrue(intruder.next("error").get("message").asText().contains("spectators"));
            JsonNode state = t.white().next("state"); // the spectator arriving
            assertEquals(1, state.get("ply").asInt());
            assertEquals(t.fen(), state.get("fen").asText());
        }
    }

    /** A refused join once left the player's own room first: its seat showed "away" for nothing. */
    @Test
    void aRefusedJoinKeepsThePlayerInItsRoom() throws Exception {
        try (Table t = table(); Table other = table()) {
            String taken = "{\"type\":\"join\",\"room\":\"" + other.code() + "\",\"seat\":\"black\"}";
            assertTrue(errorAndNothingChanged(t, t.black(), taken).get("message").asText().contains("seat is taken"));
            String unknown = "{\"type\":\"join\",\"room\":\"" + other.code() + "\",\"seat\":\"x\"}";
            assertTrue(errorAndNothingChanged(t, t.black(), unknown).get("message").asText().contains("unknown seat"));
            t.black().send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            JsonNode state;
            do state = t.white().next("state"); while (state.get("ply").asInt() != 2);
            assertEquals("connected", state.get("seats").get("black").asText());
        }
    }

    /**
     * A player whose tab closed lost its seat token (it lives in the tab's sessionStorage): its seat
     * stayed "away" for good and the friend could never finish the game. Once nobody has been in
     * the seat for the claim time, the next player without a token takes it, with a new token.
     */
    @Test
    void aSeatLongAwayGoesToTheNextPlayerWithoutAToken() throws Exception {
        try (Table t = table()) {
            t.black().close();
            long closed = awayFrom(t.white(), "black");
            try (WsClient early = new WsClient(server.uri())) {
                early.send("{\"type\":\"join\",\"room\":\"%s\",\"seat\":\"black\"}", t.code());
                assertTrue(early.next("error").get("message").asText().contains("seat is taken"));
            }
            Thread.sleep(Math.max(0, SEAT_CLAIM.toMillis() + 500 - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closed)));
            try (WsClient again = new WsClient(server.uri())) {
                again.send("{\"type\":\"join\",\"room\":\"%s\"}", t.code());
                JsonNode joined = again.next("joined");
                assertEquals("black", joined.get("seat").asText());
                assertNotEquals(t.blackToken(), joined.get("token").asText());
                again.send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
                JsonNode state;
                do state = t.white().next("state"); while (state.get("ply").asInt() != 2);
                assertEquals("connected", state.get("seats").get("black").asText());
                try (WsClient old = new WsClient(server.uri())) {
                    old.send("{\"type\":\"join\",\"room\":\"%s\",\"token\":\"%s\"}", t.code(), t.blackToken());
                    assertEquals("spectator", old.next("joined").get("seat").asText(), "the old token seats nobody");
                }
            }
        }
    }

    /**
     * A finished game's record named the newcomer who took a seat its player had left, not the
     * player who played it: White "Ann" beat Black "Bob", and the PDN read Black "Cid".
     */
    @Test
    void aFinishedGamesRecordKeepsItsPlayersWhenASeatChangesHands() throws Exception {
        try (WsClient ann = new WsClient(server.uri())) {
            ann.send("{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"russian\",\"side\":\"white\",\"name\":\"Ann\"}");
            String code = ann.next("joined").get("room").asText();
            long left;
            try (WsClient bob = new WsClient(server.uri())) {
                bob.send("{\"type\":\"join\",\"room\":\"%s\",\"name\":\"Bob\"}", code);
                assertEquals("black", bob.next("joined").get("seat").asText());
                ann.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
                stateWhere(bob, s -> s.get("ply").asInt() == 1);
                bob.send("{\"type\":\"resign\"}");
                stateWhere(ann, s -> s.hasNonNull("result"));
            }
            left = awayFrom(ann, "black");
            Thread.sleep(Math.max(0, SEAT_CLAIM.toMillis() + 500 - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - left)));
            try (WsClient cid = new WsClient(server.uri())) {
                cid.send("{\"type\":\"join\",\"room\":\"%s\",\"name\":\"Cid\"}", code);
                assertEquals("black", cid.next("joined").get("seat").asText());
                drain(ann);
                ann.send("{\"type\":\"export\"}");
                String pdn = ann.next("pdn").get("text").asText();
                assertTrue(pdn.contains("[White \"Ann\"]") && pdn.contains("[Black \"Bob\"]"), pdn);
                // A new game is Ann's and Cid's.
                ann.send("{\"type\":\"newgame\"}");
                cid.send("{\"type\":\"newgame\"}");
                stateWhere(cid, s -> s.get("ply").asInt() == 0 && !s.hasNonNull("result"));
                drain(ann);
                ann.send("{\"type\":\"export\"}");
                String next = ann.next("pdn").get("text").asText();
                assertTrue(next.contains("\"Cid\"]") && next.contains("\"Ann\"]") && !next.contains("Bob"), next);
            }
        }
    }

    /** The same for a room of one player (here hotseat): its seats come back to it without the token. */
    @Test
    void aLonePlayerWithoutItsTokenGetsItsSeatsBackLater() throws Exception {
        String code;
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
            code = c.next("joined").get("room").asText();
            c.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            JsonNode state;
            do state = c.next("state"); while (state.get("ply").asInt() != 1);
        }
        try (WsClient back = new WsClient(server.uri())) {
            back.send("{\"type\":\"join\",\"room\":\"%s\"}", code);
            assertEquals("spectator", back.next("joined").get("seat").asText(), "not at once");
        }
        Thread.sleep(SEAT_CLAIM.toMillis() + 500);
        // The claim time runs from the server's handling of the first close, which nobody here
        // sees: on a loaded machine it can come later than this side's close, so ask again a while.
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String seat;
        do {
            try (WsClient back = new WsClient(server.uri())) {
                back.send("{\"type\":\"join\",\"room\":\"%s\"}", code);
                seat = back.next("joined").get("seat").asText();
                if (seat.equals("both")) assertEquals(1, back.next("state").get("ply").asInt());
            }
            if (!seat.equals("both")) Thread.sleep(200);
        } while (!seat.equals("both") && System.nanoTime() < end);
        assertEquals("both", seat);
    }

    @Test
    void aReconnectingPlayerGetsTheSameSeatBack() throws Exception {
        try (Table t = table()) {
            t.black().close();
            try (WsClient back = new WsClient(server.uri())) {
                back.send("{\"type\":\"join\",\"room\":\"%s\",\"token\":\"%s\"}", t.code().toLowerCase(), t.blackToken());
                assertEquals("black", back.next("joined").get("seat").asText());
                assertEquals(t.fen(), back.next("state").get("fen").asText());
                back.send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
                JsonNode state;
                do state = t.white().next("state"); while (state.get("ply").asInt() != 2);
                assertEquals("f6-e5", state.get("moves").get(1).asText());
            }
        }
    }

    /**
     * Rooms with someone in them count against the address's limit; one left behind by everyone
     * gives way to a new one (64 rooms once refused their address for the 30 minutes to expiry).
     */
    @Test
    void roomsPerAddressAreLimited() throws Exception {
        // A server of its own: the rooms it fills, and leaves to close in their own time, would
        // refuse the tests that run after it on the shared one.
        List<WsClient> players = new ArrayList<>();
        try (GuiServer own = new GuiServer("127.0.0.1", 0, GuiLimits.defaults().withRoomsPerAddress(20))) {
            own.start();
            String lastError = null;
            List<String> codes = new ArrayList<>();
            for (int i = 0; i < 30 && lastError == null; i++) {
                WsClient c = new WsClient(own.uri());
                players.add(c);
                c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"english\"}");
                JsonNode m;
                do m = c.poll(10_000); while (m != null && !m.path("type").asText().matches("joined|error"));
                if (m != null && m.path("type").asText().equals("error")) lastError = m.get("message").asText();
                else if (m != null) codes.add(m.get("room").asText());
            }
            assertTrue(lastError != null && lastError.contains("too many rooms"), String.valueOf(lastError));
            assertTrue(codes.size() <= 20, codes.size() + " rooms");
            // the first room's player goes: its room, now empty, makes way for a new one
            players.get(0).close();
            WsClient last = players.get(players.size() - 1);
            JsonNode m;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            do {
                last.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"english\"}");
                do m = last.poll(10_000); while (m != null && !m.path("type").asText().matches("joined|error"));
            } while (m != null && m.path("type").asText().equals("error") && System.nanoTime() < end);
            assertEquals("joined", m == null ? null : m.path("type").asText(), String.valueOf(m));
            last.send("{\"type\":\"join\",\"room\":\"%s\"}", codes.get(0));
            assertTrue(last.next("error").get("message").asText().contains("no room"), "the empty room was dropped");
        } finally {
            players.forEach(WsClient::close);
        }
    }

    /** Any web site the user visited could open the socket through the user's browser and play, or take every room and engine. */
    @Test
    void onlyTheServersOwnPagesMayOpenTheSocket() throws Exception {
        CompletionException refused = assertThrows(CompletionException.class, () -> new WsClient(server.uri(), "http://evil.example"));
        assertTrue(refused.getCause() instanceof java.net.http.WebSocketHandshakeException h && h.getResponse().statusCode() == 403,
                String.valueOf(refused.getCause()));
        try (WsClient own = new WsClient(server.uri(), "http://127.0.0.1:" + server.port())) {
            own.send("{\"type\":\"ping\"}");
            own.next("pong");
        }
    }

    /** DNS rebinding: a site re-pointed at 127.0.0.1 names itself in both Host and Origin. */
    @Test
    void aLoopbackServerRefusesAnotherHostName() throws Exception {
        assertEquals("403", upgradeStatus("evil.example:" + server.port()));
        assertEquals("101", upgradeStatus("127.0.0.1:" + server.port()));
        assertEquals("101", upgradeStatus("localhost:" + server.port()));
        // a reverse proxy on this machine passes the site's name on, and says it is a proxy
        assertEquals("101", upgradeStatus("board.example", "X-Forwarded-For: 203.0.113.7\r\n"));
    }

    /** The HTTP status of a WebSocket upgrade sent by hand with this Host and the same Origin. */
    static String upgradeStatus(String host) throws Exception {
        return upgradeStatus(host, "");
    }

    /** The same with more header lines (each ending in CRLF). */
    static String upgradeStatus(String host, String headers) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            String request = "GET /ws HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://" + host + "\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" + headers + "\r\n";
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String status = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII)).readLine();
            return status == null ? "none" : status.split(" ")[1];
        }
    }

    /** The player seated White could take Black too: its own seat showed "away" and the friend found no seat. */
    @Test
    void aSeatedPlayerCannotTakeTheOtherSeatToo() throws Exception {
        try (WsClient white = new WsClient(server.uri()); WsClient friend = new WsClient(server.uri())) {
            white.send("{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"russian\",\"side\":\"white\"}");
            String code = white.next("joined").get("room").asText();
            for (String seat : new String[] {"\"black\"", "null"}) {
                white.send("{\"type\":\"join\",\"room\":\"%s\",\"seat\":%s}", code.toLowerCase(), seat);
                assertEquals("you already have a seat in this room", white.next("error").get("message").asText(), seat);
            }
            friend.send("{\"type\":\"join\",\"room\":\"%s\"}", code);
            assertEquals("black", friend.next("joined").get("seat").asText());
            JsonNode state;
            do state = white.next("state"); while (!"connected".equals(state.get("seats").get("black").asText()));
            assertEquals("connected", state.get("seats").get("white").asText());
        }
    }

    /** The next state a client receives that the test accepts, skipping others (arrivals, departures). */
    /**
     * Waits until {@code observer} is told the seat is away, and returns when (System.nanoTime):
     * the server has then handled the close, where its claim time starts.
     */
    static long awayFrom(WsClient observer, String seat) throws InterruptedException {
        stateWhere(observer, s -> "away".equals(s.get("seats").get(seat).asText()));
        return System.nanoTime();
    }

    static JsonNode stateWhere(WsClient c, java.util.function.Predicate<JsonNode> test) throws InterruptedException {
        JsonNode state;
        do state = c.next("state"); while (!test.test(state));
        return state;
    }

    /** Online, a player could not give up: a game the opponent would not finish never ended. */
    @Test
    void anOnlinePlayerResignsAndTheGameIsOver() throws Exception {
        try (Table t = table()) {
            assertTrue(errorAndNothingChanged(t, t.black(), "{\"type\":\"draw\",\"accept\":\"maybe\"}")
                    .get("message").asText().contains("true or false"));
            try (WsClient watcher = new WsClient(server.uri())) {
                watcher.send("{\"type\":\"join\",\"room\":\"%s\",\"seat\":\"spectator\"}", t.code());
                watcher.next("joined");
                watcher.send("{\"type\":\"resign\"}");
                assertTrue(watcher.next("error").get("message").asText().contains("spectators"));
            }
            drain(t.white());
            t.black().send("{\"type\":\"resign\"}");
            for (WsClient c : new WsClient[] {t.white(), t.black()}) {
                JsonNode state = stateWhere(c, s -> s.hasNonNull("result"));
                assertEquals("1-0", state.get("result").get("score").asText());
                assertEquals("Black resigned", state.get("result").get("reason").asText());
                assertEquals(0, state.get("legal").size());
                assertEquals(1, state.get("ply").asInt(), "the position stays as it was");
            }
            t.black().send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            assertTrue(t.black().next("error").get("message").asText().contains("the game is over (1-0 (Black resigned))"));
            t.white().send("{\"type\":\"resign\"}");
            assertTrue(t.white().next("error").get("message").asText().contains("the game is over"));
            t.white().send("{\"type\":\"export\"}");
            String pdn = t.white().next("pdn").get("text").asText();
            assertTrue(pdn.contains("[Result \"1-0\"]") && pdn.contains("Black resigned"), pdn);
        }
    }

    /** A draw offered stands until the other side answers or moves; offered by both, it is agreed. */
    @Test
    void aDrawIsOfferedDeclinedAndAgreed() throws Exception {
        try (Table t = table()) {
            t.white().send("{\"type\":\"draw\"}");
            assertEquals("white", stateWhere(t.black(), s -> s.has("drawOffer")).get("drawOffer").asText());
            t.black().send("{\"type\":\"draw\",\"accept\":false}");
            assertFalse(stateWhere(t.white(), s -> !s.has("drawOffer")).has("result"), "declined: the game goes on");
            t.black().send("{\"type\":\"draw\",\"accept\":false}");
            assertTrue(t.black().next("error").get("message").asText().contains("no draw offer"));

            // the offer stands when its own side moves, and goes when the other side plays on
            t.black().send("{\"type\":\"draw\"}");
            stateWhere(t.white(), s -> s.has("drawOffer"));
            t.black().send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            assertEquals("black", stateWhere(t.white(), s -> s.get("ply").asInt() == 2).get("drawOffer").asText());
            t.white().send("{\"type\":\"move\",\"move\":\"d4xf6\"}");
            assertFalse(stateWhere(t.black(), s -> s.get("ply").asInt() == 3).has("drawOffer"), "played on: declined");

            t.white().send("{\"type\":\"draw\"}");
            stateWhere(t.black(), s -> s.has("drawOffer"));
            t.black().send("{\"type\":\"draw\"}");
            for (WsClient c : new WsClient[] {t.white(), t.black()}) {
                JsonNode state = stateWhere(c, s -> s.hasNonNull("result"));
                assertEquals("1/2-1/2", state.get("result").get("score").asText());
                assertEquals("draw agreed", state.get("result").get("reason").asText());
                assertFalse(state.has("drawOffer"));
            }
        }
    }

    /** Online, every new game was played with the same colours: the creator always had the first move. */
    @Test
    void aNewOnlineGameSwapsTheColours() throws Exception {
        try (Table t = table()) {
            t.white().send("{\"type\":\"newgame\"}");
            assertTrue(t.white().next("error").get("message").asText().contains("once it is over"));
            t.white().send("{\"type\":\"resign\"}");
            stateWhere(t.black(), s -> s.hasNonNull("result"));
            // one player asks, and nothing changes until the other agrees: the result stays on the screens
            t.black().send("{\"type\":\"newgame\"}");
            JsonNode asked = stateWhere(t.white(), s -> s.has("newGameOffer"));
            assertEquals("black", asked.get("newGameOffer").asText());
            assertTrue(asked.hasNonNull("result"));
            t.white().send("{\"type\":\"newgame\"}");
            JsonNode nowWhite = t.black().next("joined"), nowBlack = t.white().next("joined");
            assertEquals("white", nowWhite.get("seat").asText());
            assertEquals(t.blackToken(), nowWhite.get("token").asText(), "each keeps its token");
            assertEquals("black", nowBlack.get("seat").asText());
            JsonNode fresh = stateWhere(t.white(), s -> s.get("ply").asInt() == 0);
            assertFalse(fresh.has("result"));
            t.white().send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            assertTrue(t.white().next("error").get("message").asText().contains("white's turn"));
            t.black().send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            stateWhere(t.white(), s -> s.get("ply").asInt() == 1);
            // a reconnect with the token finds the player in its new seat
            t.black().close();
            try (WsClient back = new WsClient(server.uri())) {
                back.send("{\"type\":\"join\",\"room\":\"%s\",\"token\":\"%s\"}", t.code(), t.blackToken());
                assertEquals("white", back.next("joined").get("seat").asText());
            }
        }
    }

    /** Online, the opponent left for good: the game could never end. The player claims the win, in time. */
    @Test
    void theWinIsClaimedOverAnOpponentWhoLeft() throws Exception {
        try (Table t = table()) {
            t.white().send("{\"type\":\"claim\"}");
            assertEquals("your opponent is here", t.white().next("error").get("message").asText());
            t.black().close();
            JsonNode away = stateWhere(t.white(), s -> "away".equals(s.get("seats").get("black").asText()));
            long left = System.nanoTime(); // the claim time runs from the server's handling of the close, which this follows
            // the page counts its buttons down from this: the seat is the player's for the rest of the claim time
            long freeIn = away.get("seatsFreeIn").get("black").asLong();
            assertTrue(freeIn > 0 && freeIn <= SEAT_CLAIM.toMillis(), "black's seat free in " + freeIn + " ms");
            assertFalse(away.get("seatsFreeIn").has("white"), "a connected player's seat is not counted down");
            t.white().send("{\"type\":\"claim\"}");
            assertTrue(t.white().next("error").get("message").asText().startsWith("your opponent may come back: the win can be claimed in "));
            try (WsClient late = new WsClient(server.uri())) {
                late.send("{\"type\":\"join\",\"room\":\"%s\",\"seat\":\"black\"}", t.code());
                assertTrue(late.next("error").get("message").asText().matches("the black seat is taken \\(its player left \\d+ s ago; it is free after 3 s away\\)"));
            }
            Thread.sleep(Math.max(0, SEAT_CLAIM.toMillis() + 300 - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - left)));
            t.white().send("{\"type\":\"claim\"}");
            JsonNode over = stateWhere(t.white(), s -> s.hasNonNull("result"));
            assertEquals("1-0", over.get("result").get("score").asText());
            assertEquals("Black left the game", over.get("result").get("reason").asText());
            // with the other player gone, a new game needs nobody's agreement
            t.white().send("{\"type\":\"newgame\"}");
            assertEquals("black", t.white().next("joined").get("seat").asText());
        }
    }

    /**
     * Without a clock, a connected player who stopped moving stalled the game for good. A clock
     * runs from the first move for the side to move, adds its increment, and its flag ends the
     * game with nobody sending anything.
     */
    @Test
    void aClockRunsAddsItsIncrementAndItsFlagEndsTheGame() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            for (String bad : new String[] {"{\"minutes\":0}", "{\"minutes\":\"5\"}", "{\"minutes\":1,\"increment\":61}", "{\"minutes\":1e400}", "7",
                    "{\"minutes\":0.001}"}) { // 60 ms: the flag fell as the game began
                c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\",\"clock\":%s}", bad);
                assertTrue(c.next("error").get("message").asText().contains("clock"), bad);
            }
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\",\"clock\":{\"minutes\":1,\"increment\":5}}");
            c.next("joined");
            JsonNode start = c.next("state").get("clock");
            assertEquals(60_000, start.get("white").asLong());
            assertTrue(start.get("running").isNull(), "nothing runs before the first move");
            c.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            JsonNode after = stateWhere(c, s -> s.get("ply").asInt() == 1).get("clock");
            assertEquals("black", after.get("running").asText());
            assertEquals(65_000, after.get("white").asLong(), "the first move is not charged, and gets its increment");
            c.send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            JsonNode second = stateWhere(c, s -> s.get("ply").asInt() == 2).get("clock");
            long black = second.get("black").asLong();
            assertTrue(black > 60_000 && black <= 65_000, "black's move: charged, plus 5 s: " + black);

            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\",\"clock\":{\"minutes\":0.02}}");
            c.next("joined");
            long moved = System.nanoTime(); // before the move: the server may start Black's clock before send returns
            c.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            JsonNode flagged = stateWhere(c, s -> s.hasNonNull("result")); // nobody sends anything
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - moved);
            assertEquals("Black ran out of time", flagged.get("result").get("reason").asText());
            assertEquals("1-0", flagged.get("result").get("score").asText());
            assertEquals(0, flagged.get("clock").get("black").asLong());
            assertTrue(flagged.get("clock").get("running").isNull());
            assertTrue(waitedMs >= 1_100, "the flag fell after " + waitedMs + " ms of a 1.2 s clock");
            c.send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            assertTrue(c.next("error").get("message").asText().contains("ran out of time"));
            c.send("{\"type\":\"undo\"}"); // taken back, the flag fell again at once, and again: refused, said why
            assertEquals("the time is up: a new game sets the clock again", c.next("error").get("message").asText());
            c.send("{\"type\":\"newgame\"}");
            JsonNode fresh = stateWhere(c, s -> s.get("ply").asInt() == 0).get("clock");
            assertEquals(1_200, fresh.get("black").asLong(), "a new game has the whole time again");
        }
    }

    /**
     * Engine rooms left behind kept their searches queued for the one engine thread: three rooms
     * at the full level (5 s a move) abandoned at once made another player's easy game wait 15 s
     * for a reply. A room nobody is in now drops its engine's move, and searches it again when
     * its player comes back.
     */
    @Test
    void aRoomNobodyIsInHoldsNoEngineSearch() throws Exception {
        List<String[]> left = new ArrayList<>(); // code, token
        for (int i = 0; i < 3; i++) {
            try (WsClient c = new WsClient(server.uri())) {
                c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"international\",\"side\":\"black\",\"level\":\"full\"}");
                JsonNode joined = c.next("joined");
                left.add(new String[] {joined.get("room").asText(), joined.get("token").asText()});
            }
        }
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"russian\",\"side\":\"white\",\"level\":\"easy\"}");
            c.next("joined");
            long moved = System.nanoTime();
            c.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            stateWhere(c, s -> s.get("ply").asInt() == 2);
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - moved);
            assertTrue(waitedMs < 4_000, "the easy reply waited " + waitedMs + " ms behind rooms nobody is in");
        }
        try (WsClient back = new WsClient(server.uri())) {
            back.send("{\"type\":\"join\",\"room\":\"%s\",\"token\":\"%s\"}", left.get(0)[0], left.get(0)[1]);
            assertEquals("black", back.next("joined").get("seat").asText());
            assertTrue(stateWhere(back, s -> s.get("thinking").asBoolean()).get("ply").asInt() == 0, "searched again on the return");
            assertEquals(1, stateWhere(back, s -> s.get("ply").asInt() == 1).get("moves").size());
        }
    }

    /**
     * A game against the engine had no clock: its level set its pace. Now the engine keeps its
     * level's pace (full: 5 s a move) only while its time allows: on a 3 s clock it answers at
     * once, its time is charged, and the player's flag ends the game.
     */
    @Test
    void theEngineThinksWithinItsTimeOnTheClock() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            long created = System.nanoTime();
            c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"russian\",\"side\":\"black\",\"level\":\"full\",\"clock\":{\"minutes\":0.05}}");
            c.next("joined");
            JsonNode first = stateWhere(c, s -> s.get("ply").asInt() == 1);
            long firstMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - created);
            assertTrue(firstMs < 4_000, "the engine's first move took " + firstMs + " ms of a 3 s clock (its level: 5 s)");
            assertEquals("black", first.get("clock").get("running").asText());
            c.send("{\"type\":\"move\",\"move\":\"%s\"}", first.get("legal").get(0).get("text").asText());
            JsonNode answered = stateWhere(c, s -> s.get("ply").asInt() == 3);
            long white = answered.get("clock").get("white").asLong();
            assertTrue(white > 0 && white < 3_000, "the engine's second move is charged to its clock: " + white);
            assertEquals("black", answered.get("clock").get("running").asText());
            JsonNode flagged = stateWhere(c, s -> s.hasNonNull("result")); // the player stops moving
            assertEquals("Black ran out of time", flagged.get("result").get("reason").asText());
        }
    }

    /**
     * Online, the creator could move before the friend arrived: a clock ran out for the empty
     * seat and a draw was agreed with nobody. The game starts when the second player sits down.
     */
    @Test
    void anOnlineGameWaitsForTheSecondPlayer() throws Exception {
        try (WsClient white = new WsClient(server.uri()); WsClient black = new WsClient(server.uri())) {
            white.send("{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"russian\",\"side\":\"white\",\"clock\":{\"minutes\":1}}");
            String code = white.next("joined").get("room").asText();
            // a resignation too: it lost to nobody, and a new game then swapped the creator into the other seat
            for (String request : new String[] {"{\"type\":\"move\",\"move\":\"c3-d4\"}", "{\"type\":\"draw\"}", "{\"type\":\"resign\"}"}) {
                white.send(request);
                assertEquals("the other player has not joined yet: send them the room's link or code", white.next("error").get("message").asText());
            }
            black.send("{\"type\":\"join\",\"room\":\"%s\"}", code);
            JsonNode arrived = stateWhere(white, s -> "connected".equals(s.get("seats").get("black").asText()));
            // the arrival starts the game, and White's clock: a player who never moves cannot stall it
            assertEquals("white", arrived.get("clock").get("running").asText());
            white.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            assertEquals("black", stateWhere(black, s -> s.get("ply").asInt() == 1).get("clock").get("running").asText());
        }
    }

    /**
     * A draw offer stayed with the seat: the next player to take the seat of the one who offered
     * had "offered" it (one request agreed the draw), the next to take the seat of the one offered
     * to found an offer made to someone else. A seat changing hands drops it.
     */
    @Test
    void aDrawOfferLeavesWithThePlayerWhoseSeatIsTaken() throws Exception {
        try (Table t = table()) {
            t.black().send("{\"type\":\"draw\"}");
            stateWhere(t.white(), s -> s.has("drawOffer"));
            t.black().send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            stateWhere(t.white(), s -> s.get("ply").asInt() == 2);
            t.white().send("{\"type\":\"move\",\"move\":\"d4xf6\"}"); // played on: declined
            stateWhere(t.black(), s -> s.get("ply").asInt() == 3 && !s.has("drawOffer"));
            t.white().send("{\"type\":\"draw\"}"); // now White offers, to the Black who leaves
            stateWhere(t.black(), s -> s.has("drawOffer"));
            t.black().close();
            long left = awayFrom(t.white(), "black");
            Thread.sleep(Math.max(0, SEAT_CLAIM.toMillis() + 500 - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - left)));
            try (WsClient next = new WsClient(server.uri())) {
                next.send("{\"type\":\"join\",\"room\":\"%s\"}", t.code());
                assertEquals("black", next.next("joined").get("seat").asText());
                assertFalse(next.next("state").has("drawOffer"), "the offer made to the Black who left is gone");
                t.white().send("{\"type\":\"draw\"}");
                JsonNode offered = stateWhere(next, s -> s.has("drawOffer"));
                assertEquals("white", offered.get("drawOffer").asText());
                assertFalse(offered.hasNonNull("result"), "an offer, not an agreement");
            }
        }
    }

    /** A new game asked while the other player reloads waits for them: it started their clock in their absence. */
    @Test
    void aNewGameWaitsForAPlayerWhoIsReloading() throws Exception {
        try (Table t = table()) {
            t.black().send("{\"type\":\"resign\"}");
            stateWhere(t.white(), s -> s.hasNonNull("result"));
            t.black().close();
            stateWhere(t.white(), s -> "away".equals(s.get("seats").get("black").asText()));
            t.white().send("{\"type\":\"newgame\"}");
            assertEquals("white", stateWhere(t.white(), s -> s.has("newGameOffer")).get("newGameOffer").asText());
            t.white().send("{\"type\":\"newgame\"}");
            assertTrue(t.white().next("error").get("message").asText().startsWith("the other player is away: the new game starts when they agree"));
            try (WsClient back = new WsClient(server.uri())) {
                back.send("{\"type\":\"join\",\"room\":\"%s\",\"token\":\"%s\"}", t.code(), t.blackToken());
                assertEquals("black", back.next("joined").get("seat").asText());
                assertTrue(back.next("state").has("newGameOffer"), "the request waits for the player who came back");
                back.send("{\"type\":\"newgame\"}");
                assertEquals("white", back.next("joined").get("seat").asText());
            }
        }
    }

    /** Players had no names: the other side and the PDN said "?". A name goes with its seat, through a colour swap. */
    @Test
    void playersNamesAreShownCleanedAndKeptInThePdn() throws Exception {
        try (WsClient white = new WsClient(server.uri()); WsClient black = new WsClient(server.uri())) {
            white.send("{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"russian\",\"side\":\"white\",\"name\":42}");
            assertEquals("\"name\" must be a string", white.next("error").get("message").asText());
            white.send("{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"russian\",\"side\":\"white\",\"name\":\"  Alice\\u0007\\u202e \"}");
            String code = white.next("joined").get("room").asText();
            black.send("{\"type\":\"join\",\"room\":\"%s\",\"name\":\"%s\"}", code, "B".repeat(40));
            JsonNode names = stateWhere(white, s -> s.has("names") && !s.get("names").get("black").isNull()).get("names");
            assertEquals("Alice", names.get("white").asText(), "control and format characters go");
            assertEquals("B".repeat(24), names.get("black").asText(), "cut to 24 characters");
            white.send("{\"type\":\"export\"}");
            String pdn = white.next("pdn").get("text").asText();
            assertTrue(pdn.contains("[White \"Alice\"]") && pdn.contains("[Black \"" + "B".repeat(24) + "\"]"), pdn);
            white.send("{\"type\":\"resign\"}");
            stateWhere(black, s -> s.hasNonNull("result")); // two sockets: each request after the other's is seen
            black.send("{\"type\":\"newgame\"}");
            stateWhere(white, s -> s.has("newGameOffer"));
            white.send("{\"type\":\"newgame\"}");
            JsonNode swapped = stateWhere(white, s -> s.get("ply").asInt() == 0 && !s.hasNonNull("result")).get("names");
            assertEquals("Alice", swapped.get("black").asText(), "the name goes with its player");
        }
    }

    /** Undo after a resignation took back a move pair as well: it takes back the resignation. */
    @Test
    void undoTakesBackAResignationFirst() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\",\"clock\":{\"minutes\":3,\"increment\":2}}");
            c.next("joined");
            c.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            c.send("{\"type\":\"move\",\"move\":\"f6-e5\"}");
            stateWhere(c, s -> s.get("ply").asInt() == 2);
            c.send("{\"type\":\"resign\"}");
            stateWhere(c, s -> s.hasNonNull("result"));
            c.send("{\"type\":\"undo\"}");
            JsonNode back = stateWhere(c, s -> !s.hasNonNull("result"));
            assertEquals(2, back.get("ply").asInt());
            c.send("{\"type\":\"undo\"}");
            JsonNode one = stateWhere(c, s -> s.get("ply").asInt() == 1).get("clock");
            // each side has had its 2 s increment: a clock set back to the start would show 3:00 for both
            assertTrue(one.get("white").asLong() > 180_000 && one.get("black").asLong() > 180_000, "undo keeps the times: " + one);
        }
    }

    /** The engine resigns for nobody and takes no draw offer in the opening; a hotseat draw is agreed at once. */
    @Test
    void resignAndDrawAgainstTheEngineAndInHotseat() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"russian\",\"side\":\"black\",\"level\":\"easy\"}");
            c.next("joined");
            stateWhere(c, s -> s.get("ply").asInt() == 1);
            c.send("{\"type\":\"draw\"}");
            assertEquals("damka declines the draw: it takes none in the first 20 moves", c.next("error").get("message").asText());
            c.send("{\"type\":\"resign\"}");
            JsonNode over = stateWhere(c, s -> s.hasNonNull("result"));
            assertEquals("1-0", over.get("result").get("score").asText(), "Black, the player, resigned");
            assertEquals(false, over.get("thinking").asBoolean());

            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"english\"}");
            c.next("joined");
            c.send("{\"type\":\"draw\"}");
            JsonNode drawn = stateWhere(c, s -> s.hasNonNull("result"));
            assertEquals("draw agreed", drawn.get("result").get("reason").asText());
            c.send("{\"type\":\"newgame\"}");
            assertFalse(stateWhere(c, s -> !s.hasNonNull("result")).has("drawOffer"));
            c.send("{\"type\":\"resign\"}");
            assertEquals("Black resigned", stateWhere(c, s -> s.hasNonNull("result")).get("result").get("reason").asText(),
                    "in hotseat the side to move resigns (Black begins in english)");
        }
    }

    /**
     * The engine took no draw offer at all; now it takes one from move 20 when its last search saw
     * it no better than level, and plays on when it leads. Two random games of 40 plies, one that
     * left the engine (White) four pieces down, one four pieces up, are imported in turn.
     */
    @Test
    void theEngineTakesADrawWhenItIsNoBetter() throws Exception {
        org.damka.rules.Rules russian = org.damka.rules.Variants.RUSSIAN;
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"russian\",\"side\":\"black\",\"level\":\"club\"}");
            c.next("joined");
            c.send("{\"type\":\"import\",\"text\":\"%s\"}", pdn(randomGameWithWhiteAhead(russian, -4)));
            stateWhere(c, s -> s.get("ply").asInt() == 41); // the engine, White, has moved (and searched)
            c.send("{\"type\":\"draw\"}");
            assertEquals("draw agreed", stateWhere(c, s -> s.hasNonNull("result")).get("result").get("reason").asText());

            c.send("{\"type\":\"import\",\"text\":\"%s\"}", pdn(randomGameWithWhiteAhead(russian, 4)));
            JsonNode ahead = stateWhere(c, s -> s.get("ply").asInt() == 41);
            c.send("{\"type\":\"draw\"}");
            assertEquals("damka declines the draw: it plays on", c.next("error").get("message").asText());
            assertFalse(ahead.hasNonNull("result"));

            // A forced move is played without a search on a timed level: its value was taken as
            // level (0), and a draw was accepted a man up. (A position set up has no opening to sit out.)
            c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"russian\",\"side\":\"black\",\"level\":\"strong\"}");
            c.next("joined");
            stateWhere(c, s -> s.get("ply").asInt() == 1);
            c.send("{\"type\":\"import\",\"text\":\"W:Wa1,c3,e1,g1:Bd4,h8\"}");
            assertEquals("c3:e5", stateWhere(c, s -> s.get("ply").asInt() == 1).get("moves").get(0).asText());
            c.send("{\"type\":\"draw\"}");
            assertTrue(c.next("error").get("message").asText().startsWith("damka declines the draw: it has not weighed this position"));
        }
        // The easy level's 400 nodes see a king against a king as a few centi-men up: it declined.
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"russian\",\"side\":\"white\",\"level\":\"easy\"}");
            c.next("joined");
            c.send("{\"type\":\"import\",\"text\":\"W:WKc1:BKh8\"}");
            stateWhere(c, s -> s.get("ply").asInt() == 0);
            c.send("{\"type\":\"move\",\"move\":\"c1-d2\"}");
            stateWhere(c, s -> s.get("ply").asInt() == 2);
            c.send("{\"type\":\"draw\"}");
            assertEquals("draw agreed", stateWhere(c, s -> s.hasNonNull("result")).get("result").get("reason").asText());
        }
        // While it thinks, its last value is of a position before the player's move.
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"international\",\"side\":\"black\",\"level\":\"full\"}");
            c.next("joined");
            stateWhere(c, s -> s.get("thinking").asBoolean());
            c.send("{\"type\":\"draw\"}");
            assertEquals("damka is thinking: offer the draw on your turn", c.next("error").get("message").asText());
        }
    }

    /** The moves of a seeded random game of 40 plies, not over, in which White has {@code lead} pieces more (or fewer, below 0). */
    private static List<String> randomGameWithWhiteAhead(org.damka.rules.Rules rules, int lead) {
        for (long seed = 1; ; seed++) {
            java.util.Random random = new java.util.Random(seed);
            org.damka.game.Game g = new org.damka.game.Game(rules, org.damka.board.Fen.parse(rules, rules.startFen()));
            while (g.plies() < 40 && g.result().isEmpty()) {
                List<String> legal = g.legalMoveTexts();
                g.play(legal.get(random.nextInt(legal.size())));
            }
            int diff = g.position().count(0) - g.position().count(1);
            if (g.plies() == 40 && g.result().isEmpty() && (lead > 0 ? diff >= lead : diff <= lead)) return g.moves();
        }
    }

    private static String pdn(List<String> moves) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < moves.size(); i++) b.append(i % 2 == 0 ? (i / 2 + 1) + ". " : "").append(moves.get(i)).append(' ');
        return b.append('*').toString();
    }

    /** A GameType tag of a lone comma answered "internal error". */
    @Test
    void anImportWithAnOddGameTypeSaysWhatIsWrong() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
            c.next("joined");
            c.send("{\"type\":\"import\",\"text\":\"[GameType \\\",\\\"]\\n1. c3-d4 *\"}");
            assertEquals("the PDN game is of GameType ',', not russian (25)", c.next("error").get("message").asText());
            c.send("{\"type\":\"%s\"}", "x".repeat(5000));
            String message = c.next("error").get("message").asText();
            assertTrue(message.startsWith("unknown request type 'xxxxxxxxxxxxxxxxxxxx…'"), message);
        }
    }

    /**
     * A paste of a whole file imported its first game without a word, and moves after the game
     * ended by damka's draw rules were dropped silently. The first two games of a real russian
     * file (the 1950 USSR championship, CRLF, Cyrillic names, a FEN tag in numbers ending in ".",
     * which was refused as "unknown square '29'"); then a repetition played past its third time.
     */
    @Test
    void anImportSaysWhatItLeftOut() throws Exception {
        String fen = "[FEN \\\"W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.\\\"]\\r\\n";
        String file = "[White \\\"Блиндер Б.\\\"]\\r\\n[Black \\\"Миротин Б.\\\"]\\r\\n[Result \\\"1-0\\\"]\\r\\n" + fen
                + "\\r\\n1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 b6-a5 4. f2-e3 c7-b6 5. c1-b2 b6-c5 \\r\\n"
                + "6. d4:b6 a5:c7 7. c3-d4 e5:c3 8. b2:d4 d6-c5 9. d4:b6 a7:c5 10. d2-c3 f8-e7 \\r\\n"
                + "11. c3-d4 c7-b6 12. a1-b2 e7-d6 13. b2-c3 b6-a5 14. d4:b6 a5:c7 15. e1-d2 \\r\\n"
                + "d6-c5 16. c3-b4 c7-d6 17. d2-c3 b8-a7 18. g3-h4 d6-e5 19. f4:d6 c5:e7 \\r\\n"
                + "20. h2-g3 e7-d6 21. b4-a5 f6-e5 22. a3-b4 g7-f6 23. c3-d4 e5:c3 24. b4:d2 \\r\\n"
                + "f6-e5 25. g1-h2 a7-b6 26. a5:c7 d8:b6 27. g3-f4 e5:g3 28. h2:f4 d6-c5 \\r\\n"
                + "29. d2-c3 b6-a5 30. e3-d4 c5:g5 31. h4:f6   1-0\\r\\n\\r\\n"
                + "[White \\\"Коршунов Д.\\\"]\\r\\n[Black \\\"Коган М\\\"]\\r\\n[Result \\\"1/2-1/2\\\"]\\r\\n" + fen
                + "\\r\\n1. c3-b4 f6-e5 2. e3-f4 b6-a5 3. f2-e3 a5:c3 4. b2:f6 e7:g5 1/2-1/2\\r\\n";
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
            c.next("joined");
            c.next("state");
            c.send("{\"type\":\"import\",\"text\":\"%s\"}", file);
            JsonNode state = c.next("state");
            assertEquals(61, state.get("ply").asInt(), state.toString());
            assertEquals("h4:f6", state.get("moves").get(60).asText());
            assertEquals("the text holds 2 games: imported the first (Блиндер Б. – Миротин Б.)", c.next("imported").get("note").asText());

            c.send("{\"type\":\"import\",\"text\":\"%s\"}", "[FEN \\\"W:WKa1:BKh4\\\"] 1. a1-b2 h4-g5 2. b2-a1 g5-h4 3. a1-b2 h4-g5 4. b2-a1 g5-h4 5. a1-b2 *");
            state = c.next("state");
            assertEquals(8, state.get("ply").asInt(), state.toString());
            assertEquals("1/2-1/2", state.get("result").get("score").asText(), state.toString());
            assertEquals("not played: 5. a1-b2 (the game was over after 4... g5-h4: threefold repetition)", c.next("imported").get("note").asText());
            // named as the PDN numbers them, from a position with Black to move
            c.send("{\"type\":\"import\",\"text\":\"%s\"}", "[FEN \\\"B:WKa1:BKh4\\\"] 1... h4-g5 2. a1-b2 g5-h4 3. b2-a1 h4-g5 4. a1-b2 g5-h4 5. b2-a1 h4-g5 6. a1-b2 *");
            c.next("state");
            assertEquals("not played: 2 moves from 5... h4-g5 on (the game was over after 5. b2-a1: threefold repetition)",
                    c.next("imported").get("note").asText());
            c.send("{\"type\":\"import\",\"text\":\"%s\"}", "[FEN \\\"B:WKa1:BKh4\\\"] 1... h4-g5 2. a1-c5 *");
            String refused = c.next("error").get("message").asText();
            assertTrue(refused.startsWith("at 2. a1-c5: illegal move 'a1-c5'"), refused);

            c.send("{\"type\":\"import\",\"text\":\"1. c3-d4 f6-e5 *\"}");
            c.next("state");
            assertFalse(c.next("imported").has("note")); // nothing left out
        }
    }

    /** A PDN game without tags that begins with a comment was read as a position string and refused. */
    @Test
    void aPdnGameBeginningWithACommentIsImported() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
            c.next("joined");
            c.next("state");
            c.send("{\"type\":\"import\",\"text\":\"{a game from a club}\\n1. c3-d4 f6-e5 *\"}");
            JsonNode state = c.next("state");
            assertEquals(2, state.get("ply").asInt(), state.toString());
        }
    }

    /**
     * A move list alone, or a file that begins with a byte-order mark or an escape line, was read
     * as a position string ("must have the form <side>:W…:B…", quoting the whole paste).
     */
    @Test
    void aMoveListAloneOrAFileWithAnEscapeLineIsImported() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"international\"}");
            c.next("joined");
            c.next("state");
            c.send("{\"type\":\"import\",\"text\":\"32-28 19-23 28x19 14x23\"}");
            assertEquals(4, c.next("state").get("ply").asInt());
            c.send("{\"type\":\"import\",\"text\":\"\\ufeff% exported\\n[GameType \\\"20\\\"]\\n1. 32-28 $1 19-23! *\"}");
            assertEquals(2, c.next("state").get("ply").asInt());
        }
    }

    /**
     * An analysis that has ended (its time up, or one legal move, which is answered at once) said
     * nothing, so the page showed it as running; it now sends finished.
     */
    @Test
    void anAnalysisThatHasEndedSaysSo() throws Exception {
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
            c.next("joined");
            c.next("state");
            c.send("{\"type\":\"import\",\"text\":\"W:Wc3:Bb4,d4,b6,d6\"}"); // one legal move
            c.next("state");
            c.send("{\"type\":\"analyse\",\"lines\":1}");
            JsonNode m;
            do m = c.next("analysis"); while (!m.has("finished"));
            assertTrue(m.get("finished").asBoolean(), m.toString());
            assertEquals(0, m.get("ply").asInt());
            // a finished game (White has no pieces): nothing came at all
            c.send("{\"type\":\"import\",\"text\":\"W:W:BKh4\"}");
            c.next("state");
            m = c.next("analysis");
            assertTrue(m.get("finished").asBoolean(), m.toString());
            assertFalse(m.has("lines"), m.toString());
        }
    }

    /** An analysis nobody watches any more kept the engine thread that every other room waits for. */
    @Test
    void theAnalysisStopsWhenItsLastPlayerLeaves() throws Exception {
        String token;
        String code;
        try (WsClient c = new WsClient(server.uri())) {
            c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"international\"}");
            JsonNode joined = c.next("joined");
            token = joined.get("token").asText();
            code = joined.get("room").asText();
            c.send("{\"type\":\"analyse\",\"lines\":2}");
            c.next("analysis");
        }
        // A join that arrives before the server has seen the first socket close finds the player
        // still there (a reload, for the server): the analysis rightly goes on for it. Such a try
        // leaves again, and the next comes to an empty room once the close is seen.
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try (WsClient back = new WsClient(server.uri())) {
                back.send("{\"type\":\"join\",\"room\":\"%s\",\"token\":\"%s\"}", code, token);
                JsonNode state = back.next("state");
                if (state.get("analysis").asInt() != 0 && System.nanoTime() < end) continue;
                assertEquals(0, state.get("analysis").asInt(), "the analysis runs on with nobody in the room");
                assertNull(pollFor(back, "analysis", 1000), "analysis lines still come");
                return;
            }
        }
    }

    /**
     * On a pool of one engine thread, an analysis in one room made another room's engine replies
     * wait for its 15 s, and so did one queued behind it; both now step aside and go on after.
     */
    @Test
    void analysesStepAsideForAnotherRoomsEngineMove() throws Exception {
        try (WsClient analyst = new WsClient(server.uri()); WsClient second = new WsClient(server.uri());
             WsClient player = new WsClient(server.uri())) {
            for (WsClient a : List.of(analyst, second)) {
                a.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"international\"}");
                a.next("joined");
                a.send("{\"type\":\"analyse\",\"lines\":2}");
            }
            analyst.next("analysis"); // the first runs; the second waits for the thread
            int shown = 0;
            long watch = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
            for (JsonNode m; System.nanoTime() < watch && (m = pollFor(analyst, "analysis", 500)) != null; ) {
                shown = Math.max(shown, m.get("lines").get(0).get("depth").asInt());
            }
            player.send("{\"type\":\"create\",\"mode\":\"engine\",\"variant\":\"russian\",\"side\":\"white\",\"level\":\"easy\"}");
            player.next("joined");
            long sent = System.nanoTime();
            player.send("{\"type\":\"move\",\"move\":\"c3-d4\"}");
            JsonNode state;
            do state = player.next("state"); while (state.get("ply").asInt() < 2);
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
            assertTrue(waitedMs < 5000, "the engine's reply waited " + waitedMs + " ms for other rooms' analyses");
            // the first analysis goes on (15 s of search in all), never shallower than it had shown
            JsonNode later = pollFor(analyst, "analysis", 12_000);
            assertTrue(later != null, "the analysis went on after the engine's move");
            int depth = later.get("lines").get(0).get("depth").asInt();
            assertTrue(depth >= shown, "depth " + depth + " shown after depth " + shown);
        }
    }

    /** The next message of that type within the time, or null. */
    static JsonNode pollFor(WsClient c, String type, long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (long left = millis; left > 0; left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())) {
            JsonNode m = c.poll(left);
            if (m != null && type.equals(m.path("type").asText())) return m;
        }
        return null;
    }
    /**
     * One address holds at most its share of the game sockets: one script could hold all 512
     * connections. The socket over the limit is closed with 1008 and its reason; one closed makes
     * room for another.
     */
    @Test
    void socketsPerAddressAreLimited() throws Exception {
        try (GuiServer small = new GuiServer("127.0.0.1", 0, GuiLimits.defaults().withSocketsPerAddress(3))) {
            small.start();
            List<WsClient> held = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) held.add(new WsClient(small.uri()));
                for (WsClient c : held) {
                    c.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
                    assertEquals("joined", c.next("joined").path("type").asText());
                }
                try (WsClient fourth = new WsClient(small.uri())) {
                    assertEquals(1008, fourth.closed.get(10, TimeUnit.SECONDS), "the fourth socket from one address");
                }
                held.remove(0).close();
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                JsonNode m = null;
                while (m == null && System.nanoTime() < end) {
                    try (WsClient again = new WsClient(small.uri())) {
                        // Until the server has counted the close, it may shut this one at once (1008).
                        boolean refused = again.closed.isDone();
                        if (!refused) {
                            try {
                                again.send("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
                            } catch (CompletionException refusedMeanwhile) {
                                refused = true;
                            }
                        }
                        if (refused) {
                            Thread.sleep(50);
                            continue;
                        }
                        m = again.poll(2_000);
                        if (m != null && !m.path("type").asText().equals("joined")) m = null;
                    }
                }
                assertTrue(m != null, "no socket served after one of the three closed");
            } finally {
                for (WsClient c : held) c.close();
            }
        }
    }
}
