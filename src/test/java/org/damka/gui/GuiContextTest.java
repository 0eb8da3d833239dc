package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import org.damka.rules.Variants;
import org.junit.jupiter.api.Test;

/** Room codes, seat tokens, idle expiry and the engine cap. */
class GuiContextTest {
    /**
     * The seat-claim time of the tests that need rooms left "too recently": long enough that
     * creating the rooms before the check fits in it on a loaded machine (1 s did not: an engine
     * room's creation beside a self-play run and two builds took longer).
     */
    private static final Duration CLAIM = Duration.ofSeconds(3);

    static GuiLimits limits(Duration idle, int maxEngines) {
        return GuiLimits.defaults().withRoomsPerAddress(10_000).withRoomIdle(idle).withEngines(maxEngines, 1);
    }

    @Test
    void codesHaveFiftyRandomBitsAndAreReadForgivingly() {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 64))) {
            assertEquals(32, GuiContext.CODE_ALPHABET.chars().distinct().count());
            assertTrue(GuiContext.CODE_LENGTH * 5 >= 40);
            Set<String> codes = new HashSet<>();
            Room r = null;
            for (int i = 0; i < GuiLimits.defaults().maxRooms(); i++) {
                r = ctx.create(Room.Mode.ONLINE, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a");
                assertTrue(r.code.matches("[0-9A-HJKMNP-TV-Z]{10}"), r.code);
                codes.add(r.code);
            }
            assertEquals(GuiLimits.defaults().maxRooms(), codes.size());
            assertThrows(IllegalArgumentException.class,
                    () -> ctx.create(Room.Mode.ONLINE, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "b"));
            String typed = r.code.toLowerCase().substring(0, 5) + " - " + r.code.substring(5).replace('0', 'o').replace('1', 'l');
            assertEquals(r, ctx.find(typed));
            assertNull(ctx.find(r.code.substring(1)));
            assertNull(ctx.find(null));
            assertEquals(22, ctx.newToken().length(), "128 bits in base64url");
        }
    }

    @Test
    void roomsNobodyUsesExpire() throws Exception {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMillis(200), 64))) {
            Room r = ctx.create(Room.Mode.ONLINE, Variants.HEXAGONAL, 1, Level.EASY, ctx.newToken(), "a");
            assertNotNull(ctx.find(r.code));
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (ctx.find(r.code) != null && System.nanoTime() < end) Thread.sleep(50);
            assertNull(ctx.find(r.code));
            // a client that found the room just before it expired is told so, and not seated in a
            // room nobody can find (whose next engine move would claim an engine never released)
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.reserve(null, null));
            assertEquals("the room has expired", e.getMessage());
        }
    }

    /**
     * At the cap of 1000 rooms, rooms made and left by a script refused every address until they
     * expired (30 minutes): one nobody has been in for the seat-claim time now makes way.
     */
    @Test
    void atTheRoomCapARoomLeftBehindMakesWay() throws Exception {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 64).withSeatClaim(CLAIM))) {
            Room first = ctx.create(Room.Mode.HOTSEAT, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a");
            Thread.sleep(5);
            for (int i = 1; i < GuiLimits.defaults().maxRooms(); i++) ctx.create(Room.Mode.HOTSEAT, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a");
            assertThrows(IllegalArgumentException.class, () -> seated(ctx, Room.Mode.HOTSEAT, "b"), "left too recently (a reload)");
            Thread.sleep(CLAIM.toMillis() + 100);
            seated(ctx, Room.Mode.HOTSEAT, "b");
            assertNull(ctx.find(first.code), "the longest idle room made way");
            assertEquals(GuiLimits.defaults().maxRooms(), ctx.roomCount());
        }
    }

    /**
     * Creates racing at the cap all dropped the same oldest room (a soak review: 307 rooms from one
     * address against its 64, 1,533 in all against 1,000): each believed it had made way.
     */
    @Test
    void createsRacingAtTheCapsKeepThem() throws Exception {
        int perAddress = 8;
        try (GuiContext ctx = new GuiContext(GuiLimits.defaults().withRoomsPerAddress(perAddress).withSeatClaim(Duration.ZERO))) {
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(16);
            java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(16);
            java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < 16; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 200; i++) ctx.create(Room.Mode.HOTSEAT, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a");
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            pool.shutdown();
            assertEquals(perAddress, ctx.roomCount(), "every create beyond the cap made way for itself, one room each");
        }
    }

    /**
     * The engine cap counts {@link GuiLimits#ENGINE_BYTES} of heap for each engine room: a 512 MB
     * heap filled with 25-30 rooms (a soak review), each 20 MB then, and new engine games were
     * refused for memory before the cap that frees left rooms' engines was reached.
     */
    @Test
    void anEngineRoomTakesNoMoreHeapThanTheCapCountsFor() throws Exception {
        for (String variant : new String[] {"international", "hexagonal"}) {
            java.util.function.Supplier<EnginePlayer> searched = () -> {
                EnginePlayer p = new EnginePlayer(variant, null);
                try {
                    assertNotNull(p.chooseMove(null, java.util.List.of(), Level.EASY, null, new java.util.Random(1), () -> false));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return p;
            };
            java.util.List<EnginePlayer> engines = new java.util.ArrayList<>();
            engines.add(searched.get()); // the weights and classes every engine shares
            long before = heapUsed();
            int n = 8;
            for (int i = 0; i < n; i++) engines.add(searched.get());
            long each = (heapUsed() - before) / n;
            assertTrue(each <= GuiLimits.ENGINE_BYTES, variant + ": " + (each >> 10) + " KB an engine room, counted " + (GuiLimits.ENGINE_BYTES >> 10));
            assertTrue(each >= EnginePlayer.HASH_MB << 20, variant + ": the measure sees the table at least: " + (each >> 10) + " KB");
            engines.forEach(EnginePlayer::close);
        }
        assertEquals(20, GuiLimits.enginesFor(512L << 20));
        assertEquals(64, GuiLimits.enginesFor(6L << 30));
        assertEquals(1, GuiLimits.enginesFor(64L << 20));
    }

    private static long heapUsed() {
        Runtime r = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) System.gc();
        return r.totalMemory() - r.freeMemory();
    }

    /** A room of the given mode with its creator seated in it (a client without a connection). */
    private static Room seated(GuiContext ctx, Room.Mode mode, String address) {
        String token = ctx.newToken();
        Room r = ctx.create(mode, Variants.RUSSIAN, 0, Level.EASY, token, address);
        r.join(new Client(ctx, "203.0.113.7"), token, null);
        return r;
    }

    @Test
    void enginesAreCapped() {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 2))) {
            seated(ctx, Room.Mode.ENGINE, "a");
            seated(ctx, Room.Mode.ENGINE, "a");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ctx.create(Room.Mode.ENGINE, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a"));
            assertTrue(e.getMessage().contains("too many engine games"));
            assertEquals(2, ctx.roomCount());
            // hotseat rooms need no engine
            ctx.create(Room.Mode.HOTSEAT, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a");
        }
    }

    /** Engine rooms left behind give their engines up to new games, whoever left them. */
    @Test
    void anEngineHeldByARoomNobodyIsInGoesToANewGame() throws Exception {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 2).withSeatClaim(CLAIM))) {
            Room left = ctx.create(Room.Mode.ENGINE, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a");
            Thread.sleep(5);
            Room leftLater = ctx.create(Room.Mode.ENGINE, Variants.RUSSIAN, 0, Level.EASY, ctx.newToken(), "a");
            assertThrows(IllegalArgumentException.class, () -> seated(ctx, Room.Mode.ENGINE, "b"), "left too recently (a reload)");
            Thread.sleep(CLAIM.toMillis() + 100);
            Room fresh = seated(ctx, Room.Mode.ENGINE, "b");
            assertNull(ctx.find(left.code), "the longest idle empty room gave its engine up");
            assertEquals(leftLater, ctx.find(leftLater.code));
            assertTrue(fresh.holdsEngine() && leftLater.holdsEngine() && !left.holdsEngine());
            // a request the room refuses frees nobody's engine; an analysis it allows takes one
            Client analyst = new Client(ctx, "203.0.113.7");
            analyst.onWebSocketText("{\"type\":\"create\",\"mode\":\"online\",\"variant\":\"russian\"}");
            analyst.onWebSocketText("{\"type\":\"analyse\",\"lines\":1}");
            assertEquals(leftLater, ctx.find(leftLater.code), "refused: analysis is not available online");
            analyst.onWebSocketText("{\"type\":\"create\",\"mode\":\"hotseat\",\"variant\":\"russian\"}");
            analyst.onWebSocketText("{\"type\":\"analyse\",\"lines\":1}");
            assertNull(ctx.find(leftLater.code), "the analysis took the idle room's engine");
            // rooms someone is in keep theirs
            assertThrows(IllegalArgumentException.class, () -> seated(ctx, Room.Mode.ENGINE, "d"));
        }
    }

    /** Both players of a finished online game ask for a new one at once: one new game, no error. */
    @Test
    void bothPlayersRestartingAnOnlineGameIsOneRestart() {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 2))) {
            String token = ctx.newToken();
            Room r = ctx.create(Room.Mode.ONLINE, Variants.RUSSIAN, 0, Level.EASY, token, "a");
            r.join(new Client(ctx, "203.0.113.7"), token, null);
            r.join(new Client(ctx, "203.0.113.7"), null, null);
            org.damka.game.Game mirror = org.damka.game.Game.replay(Variants.RUSSIAN, null, java.util.List.of());
            java.util.Random random = new java.util.Random(1);
            while (mirror.result().isEmpty()) {
                java.util.List<String> legal = mirror.legalMoveTexts();
                String move = legal.get(random.nextInt(legal.size()));
                r.move(mirror.position().sideToMove(), move);
                mirror.play(move);
            }
            r.newGame(0);
            r.newGame(1); // refused before: "an online game can be restarted once it is over"
            assertThrows(IllegalArgumentException.class, () -> r.move(1, "c3-d4"), "White moves first in the new game");
            r.move(0, "c3-d4");
        }
    }

    /**
     * A join holds its seat (reserve) before it sits in it (enter): a new game between the two
     * swapped the colours, and the player sat in its old seat, both players Black.
     */
    @Test
    void aPlayerWhoseSeatSwappedWhileJoiningSitsInItsNewSeat() {
        // a seat free at once when left: the new game below starts without the other's agreement
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 2).withSeatClaim(Duration.ZERO))) {
            String tokenA = ctx.newToken();
            Room r = ctx.create(Room.Mode.ONLINE, Variants.RUSSIAN, 0, Level.EASY, tokenA, "a");
            Client a = new Client(ctx, "203.0.113.7"), b = new Client(ctx, "203.0.113.8");
            r.join(a, tokenA, null);
            String tokenB = r.join(b, null, null).token();
            r.resign(1);
            r.leave(b);
            Room.Seat held = r.reserve(tokenB, null); // Black's page comes back ...
            assertEquals(1, held.seat());
            r.newGame(0); // ... while White starts a new game (alone: at once, the colours swapped)
            Client back = new Client(ctx, "203.0.113.8");
            r.enter(back, held);
            assertEquals(0, back.seat(), "the token sits in White's seat now");
            assertEquals(1, a.seat());
            r.move(0, "c3-d4");
        }
    }

    /** A typed "hello" reached the server as HE110 and was refused as a room that "may have expired". */
    @Test
    void aCodeThatIsNoCodeIsSaidSoAndAGoneRoomMayBeARestart() {
        assertEquals("no room with the code 'HE110' (a code has 10 letters and digits; O is read as 0, I and L as 1)", GuiContext.noRoom("HE110"));
        assertEquals("no room with the code '0000-00000-0' (it may have expired, or the server was restarted)", GuiContext.noRoom("0000-00000-0"));
    }

    /** With black against the engine, undo after its first move had it play again: a new move each time. */
    @Test
    void undoBeforeThePlayersFirstMoveIsRefused() throws Exception {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 2))) {
            String token = ctx.newToken();
            Room r = ctx.create(Room.Mode.ENGINE, Variants.RUSSIAN, 1, Level.EASY, token, "a");
            r.join(new Client(ctx, "203.0.113.7"), token, null);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!r.pdn().contains("1. ") && System.nanoTime() < deadline) Thread.sleep(20);
            String played = r.pdn();
            assertTrue(played.contains("1. "), "the engine's first move: " + played);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.undo(1));
            assertEquals("there is no move of yours to take back", e.getMessage());
            assertEquals(played, r.pdn(), "the engine's move stays");
        }
    }

    /** Every move replaced a clock's flag timer, and the cancelled ones stayed queued (with their room) for hours. */
    @Test
    void cancelledFlagTimersDoNotPileUp() {
        try (GuiContext ctx = new GuiContext(limits(Duration.ofMinutes(30), 2))) {
            String token = ctx.newToken();
            Room r = ctx.create(Room.Mode.HOTSEAT, Variants.RUSSIAN, 0, Level.EASY, token, "a");
            r.setClock(new GameClock(180 * 60_000L, 0));
            r.join(new Client(ctx, "203.0.113.7"), token, null);
            for (int i = 0; i < 500; i++) {
                r.move(Room.BOTH, "c3-d4");
                r.undo(Room.BOTH);
            }
            assertTrue(ctx.queuedTimers() <= 3, "timers queued: " + ctx.queuedTimers());
        }
    }

    @Test
    void theSocketAcceptsItsOwnPagesAndClientsThatAreNotBrowsers() {
        String[][] accepted = {{null, "localhost:8080"}, {"http://localhost:8080", "localhost:8080"},
            {"http://LOCALHOST:8080", "localhost:8080"}, {"https://board.example", "board.example"},
            {"http://[::1]:8080", "[::1]:8080"}, {"http://192.168.1.5", "192.168.1.5:80"}};
        for (String[] c : accepted) assertTrue(GuiServer.sameOrigin(c[0], c[1]), c[0] + " on " + c[1]);
        String[][] refused = {{"http://evil.example", "localhost:8080"}, {"http://localhost:8081", "localhost:8080"},
            {"null", "localhost:8080"}, {"file:///tmp/x.html", "localhost:8080"}, {"http://localhost:8080", null},
            {"http://a b", "localhost:8080"}, {"http://localhost:8080", "bad host:x"}};
        for (String[] c : refused) assertFalse(GuiServer.sameOrigin(c[0], c[1]), c[0] + " on " + c[1]);
    }

    /** A server bound to loopback answers only to loopback names (a re-pointed web site's name is refused). */
    @Test
    void aLoopbackServerAnswersOnlyToLoopbackNames() {
        for (String h : new String[] {"localhost:8080", "LOCALHOST", "127.0.0.1:8080", "127.1.2.3", "[::1]:8080"}) {
            assertTrue(GuiServer.loopbackHost(h), h);
        }
        for (String h : new String[] {"evil.example:8080", "192.168.1.5:8080", "localhost.evil.example", "[::2]", "bad host", "", null,
            "cafe", "1.2.3.4.5"}) {
            assertFalse(GuiServer.loopbackHost(h), String.valueOf(h));
        }
    }
    /**
     * The limits count a player's own address: behind a reverse proxy on this machine, the one
     * it forwards (all players came from 127.0.0.1 and shared one address's rooms); from anyone
     * else the forwarding headers are not believed.
     */
    @Test
    void theAddressLimitsCountIsTheClientsEvenBehindALocalProxy() {
        assertEquals("203.0.113.7", GuiServer.clientAddress("127.0.0.1", "203.0.113.7", null));
        assertEquals("203.0.113.7", GuiServer.clientAddress("127.0.0.1", "10.1.1.1, 203.0.113.7", null), "the hop the proxy added");
        assertEquals("[2001:db8::1]", GuiServer.clientAddress("::1", null, "for=\"[2001:db8::1]\";proto=https"));
        assertEquals("198.51.100.2", GuiServer.clientAddress("198.51.100.2", "203.0.113.7", null), "a remote peer names no one else");
        assertEquals("127.0.0.1", GuiServer.clientAddress("127.0.0.1", "evil.example", null), "not an address");
        assertEquals("127.0.0.1", GuiServer.clientAddress("127.0.0.1", null, null));
    }

    @Test
    void socketsPerAddressAreCounted() {
        try (GuiContext c = new GuiContext(GuiLimits.defaults().withSocketsPerAddress(2))) {
            assertTrue(c.openSocket("203.0.113.7"));
            assertTrue(c.openSocket("203.0.113.7"));
            assertFalse(c.openSocket("203.0.113.7"), "a third from the same address");
            assertTrue(c.openSocket("198.51.100.2"), "another address is not affected");
            c.closeSocket("203.0.113.7");
            assertTrue(c.openSocket("203.0.113.7"), "one closed makes room");
        }
    }
}
