package org.damka.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * Load: many online rooms at once on loopback, two WebSocket players each, playing random legal
 * moves (from the server's list) for a bounded time, a new game after each finished one. Every
 * player checks that it sees every move, in order, exactly as the mover sent it. Prints the move
 * latency (send to the opponent's state) and the heap after GC before and after.
 * {@code -Ddamka.load.seconds=60 -Ddamka.load.rooms=50} makes it longer (the CI run is short).
 */
class GuiLoadIT {
    static final int ROOMS = Integer.getInteger("damka.load.rooms", 50);
    static final int SECONDS = Integer.getInteger("damka.load.seconds", 3);
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    /** One room's shared facts: when the last move was sent, and every move sent (by game, by ply). */
    static final class Table {
        final AtomicLong sentAt = new AtomicLong();
        volatile int sentPly;
        private final List<List<String>> games = new ArrayList<>();
        volatile String code;

        /** The moves sent in a game; only the last two games are kept (memory stays flat). */
        synchronized List<String> sent(int game) {
            while (games.size() <= game) {
                games.add(Collections.synchronizedList(new ArrayList<>()));
                if (games.size() > 2) games.set(games.size() - 3, null);
            }
            return games.get(game);
        }
    }

    static final class Player implements WebSocket.Listener {
        final Table table;
        final Random random;
        final Queue<String> problems;
        final Latencies latencies;
        final StringBuilder partial = new StringBuilder();
        final CompletableFuture<String> joined = new CompletableFuture<>();
        volatile boolean stopping;
        volatile WebSocket ws;
        String seat;
        int lastPly = -1;
        boolean lastOver;
        boolean lastBothHere;
        int game;
        long movesSeen;

        Player(Table table, long seed, Queue<String> problems, Latencies latencies) {
            this.table = table;
            this.random = new Random(seed);
            this.problems = problems;
            this.latencies = latencies;
        }

        /** Sends are chained: java.net.http allows one outstanding send per WebSocket. */
        private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);

        synchronized void send(String text) {
            sending = sending.thenCompose(x -> ws.sendText(text, true)).exceptionally(e -> {
                if (!stopping) problems.add(seat + " could not send: " + e);
                return null;
            });
        }

        void connect(URI server) {
            ws = HTTP.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + server.getPort() + "/ws"), this).join();
        }

        @Override
        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    handle(MAPPER.readTree(partial.toString()));
                } catch (Exception e) {
                    problems.add(seat + ": " + e);
                }
                partial.setLength(0);
            }
            w.request(1);
            return null;
        }

        synchronized void handle(JsonNode m) {
            switch (m.path("type").asText()) {
                case "joined" -> {
                    seat = m.get("seat").asText();
                    joined.complete(m.get("room").asText());
                }
                case "error" -> problems.add(seat + " got an error: " + m.get("message").asText());
                case "state" -> state(m);
                default -> { }
            }
        }

        private void state(JsonNode s) {
            int ply = s.get("ply").asInt();
            boolean over = s.hasNonNull("result");
            if (lastPly >= 0 && ply == lastPly + 1) {
                movesSeen++;
                String move = s.get("moves").get(ply - 1).asText();
                List<String> sent = table.sent(game);
                String expected = sent.size() >= ply ? sent.get(ply - 1) : null;
                if (!move.equals(expected)) problems.add(seat + " saw move " + ply + " as " + move + ", sent " + expected);
                if (table.sentPly == ply && s.get("toMove").asText().equals(seat)) {
                    latencies.add(System.nanoTime() - table.sentAt.get());
                }
            } else if (ply == 0 && lastOver) {
                game++;
            } else if (!(ply == lastPly || lastPly < 0)) {
                problems.add(seat + " saw ply " + ply + " after ply " + lastPly + " (lost or out of order)");
            }
            // online the game starts when both are there: the arrival's state is the first to move on
            boolean bothHere = !s.get("seats").toString().contains("free");
            boolean repeated = ply == lastPly && bothHere == lastBothHere; // the same position again (someone joined or left)
            lastPly = ply;
            lastBothHere = bothHere;
            lastOver = over;
            if (stopping || repeated) return;
            if (over) {
                send("{\"type\":\"newgame\"}"); // both players ask: a new game, the colours swapped
                return;
            }
            if (!s.get("toMove").asText().equals(seat)) return;
            if (!bothHere) return;
            JsonNode legal = s.get("legal");
            String move = legal.get(random.nextInt(legal.size())).get("text").asText();
            table.sent(game).add(move);
            table.sentPly = ply + 1;
            table.sentAt.set(System.nanoTime());
            send("{\"type\":\"move\",\"move\":\"" + move + "\"}");
        }
    }

    /** Move latencies in buckets of 0.1 ms up to 10 s: a fixed size whatever the length of the run. */
    static final class Latencies {
        static final long BUCKET_NANOS = 100_000;
        final java.util.concurrent.atomic.AtomicLongArray buckets = new java.util.concurrent.atomic.AtomicLongArray(100_000);
        final AtomicLong count = new AtomicLong();

        void add(long nanos) {
            buckets.incrementAndGet((int) Math.min(buckets.length() - 1, Math.max(0, nanos / BUCKET_NANOS)));
            count.incrementAndGet();
        }

        /** The q-quantile in milliseconds (upper edge of its bucket). */
        double quantile(double q) {
            long n = count.get(), seen = 0;
            if (n == 0) return Double.NaN;
            for (int i = 0; i < buckets.length(); i++) {
                seen += buckets.get(i);
                if (seen >= Math.ceil(q * n)) return (i + 1) * BUCKET_NANOS / 1e6;
            }
            return Double.NaN;
        }
    }

    static long heapAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    @Test
    void fiftyRoomsPlayAtOnceAndEveryMoveArrivesInOrder() throws Exception {
        Queue<String> problems = new ConcurrentLinkedQueue<>();
        Latencies latencies = new Latencies();
        String[] variants = {"russian", "brazilian", "international", "english", "hexagonal"};
        // Every player of this test connects from 127.0.0.1: more sockets than one address may hold.
        try (GuiServer server = new GuiServer("127.0.0.1", 0, GuiLimits.defaults().withSocketsPerAddress(4 * ROOMS))) {
            server.start();
            long heapBefore = heapAfterGc();
            List<Player> players = new ArrayList<>();
            List<Table> tables = new ArrayList<>();
            for (int r = 0; r < ROOMS; r++) {
                Table t = new Table();
                Player white = new Player(t, 2L * r, problems, latencies), black = new Player(t, 2L * r + 1, problems, latencies);
                white.connect(server.uri());
                black.connect(server.uri());
                white.send("{\"type\":\"create\",\"mode\":\"online\",\"side\":\"white\",\"variant\":\""
                        + variants[r % variants.length] + "\"}");
                t.code = white.joined.get(10, TimeUnit.SECONDS);
                players.add(white);
                players.add(black);
                tables.add(t);
            }
            long start = System.nanoTime();
            // Black's arrival starts each game: White moves on the state that follows.
            for (int r = 0; r < ROOMS; r++) {
                players.get(2 * r + 1).send("{\"type\":\"join\",\"room\":\"" + tables.get(r).code + "\"}");
            }
            Thread.sleep(TimeUnit.SECONDS.toMillis(SECONDS) / 3);
            long heapWarm = heapAfterGc();
            Thread.sleep(TimeUnit.SECONDS.toMillis(SECONDS) * 2 / 3);
            long heapEnd = heapAfterGc();
            for (Player p : players) p.stopping = true;
            double seconds = (System.nanoTime() - start) / 1e9;
            Thread.sleep(1000); // the last moves in flight arrive
            for (Player p : players) p.ws.abort();

            // each room's creator sees every move of its room (the colours swap with each new game)
            long moves = 0;
            for (int r = 0; r < ROOMS; r++) moves += players.get(2 * r).movesSeen;
            System.out.printf("gui load: %d rooms, %d moves in %.1f s (%.0f moves/s); move latency median %.1f ms,"
                            + " p99 %.1f ms; heap after GC (server and test clients) %d MB idle, %d MB at 1/3, %d MB at the end%n",
                    ROOMS, moves, seconds, moves / seconds, latencies.quantile(0.5), latencies.quantile(0.99),
                    heapBefore >> 20, heapWarm >> 20, heapEnd >> 20);
            assertTrue(problems.isEmpty(), () -> String.join("\n", problems));
            for (int r = 0; r < ROOMS; r++) {
                Player creator = players.get(2 * r), guest = players.get(2 * r + 1);
                assertEquals(java.util.Set.of("white", "black"), java.util.Set.of(creator.seat, guest.seat), "room " + r + "'s seats");
                assertTrue(creator.movesSeen > 0, "room " + r + " played");
                assertEquals(creator.lastPly, guest.lastPly, "both players of room " + r + " saw the same last move");
            }
        }
    }
}
