package org.damka.protocol.dxp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.engine.Engine;
import org.damka.game.Game;
import org.damka.movegen.MoveList;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * damka as DXP follower over loopback against a hand-written initiator that writes and reads raw
 * bytes: every message must be ASCII ended by one NUL (the SOCKET layer 1 of the DamExchange
 * description, mesander.nl/damexchange/esocket.htm), and every damka move must be legal (checked
 * here with the move generator, not with the DXP code).
 */
@Timeout(60)
class DxpSessionTest {
    private static final Rules RULES = Variants.INTERNATIONAL;
    private static final String NAME32 = "damka" + " ".repeat(27);

    private ServerSocket server;
    private CompletableFuture<List<DxpSession.FinishedGame>> follower;
    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final Engine engine = new Engine();
    private Socket peer;
    private InputStream in;
    private OutputStream out;

    @BeforeEach
    void start() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        PrintStream log = new PrintStream(logBytes, true, StandardCharsets.UTF_8);
        follower = CompletableFuture.supplyAsync(() -> {
            try (Socket s = server.accept()) {
                DxpSession.Settings settings = DxpSession.Settings.named("damka").withMoveTimeMs(20).withSilenceMs(30_000);
                return new DxpSession(engine, new DxpChannel(s), DxpSession.Role.FOLLOWER, settings, log).run();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        peer = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        peer.setSoTimeout(20_000);
        in = peer.getInputStream();
        out = peer.getOutputStream();
    }

    @AfterEach
    void stop() throws IOException {
        peer.close();
        server.close();
    }

    private void send(String message) throws IOException {
        out.write((message + "\0").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Reads one message: bytes 1..127 up to a NUL, nothing else. */
    private String receive() throws IOException {
        StringBuilder sb = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) fail("connection closed after '" + sb + "'");
            if (b == 0) break;
            assertTrue(b >= 1 && b <= 127, "byte " + b + " is not ASCII 1..127");
            sb.append((char) b);
        }
        assertTrue(sb.length() >= 1 && sb.length() <= 127, "message length " + sb.length());
        return sb.toString();
    }

    /** The next message that is not a CHAT. */
    private String receiveSkippingChat() throws IOException {
        String m;
        do {
            m = receive();
        } while (m.startsWith("C"));
        return m;
    }

    /** Index of the legal move with these DXP fields, found from the generator's own data. */
    private static int legalIndex(Game g, String move) {
        int from = Integer.parseInt(move.substring(5, 7)), to = Integer.parseInt(move.substring(7, 9));
        int n = Integer.parseInt(move.substring(9, 11));
        assertEquals(11 + 2 * n, move.length(), "MOVE length for " + n + " captured: " + move);
        TreeSet<Integer> caps = new TreeSet<>();
        for (int k = 0; k < n; k++) caps.add(Integer.parseInt(move.substring(11 + 2 * k, 13 + 2 * k)));
        Geometry geo = RULES.geometry();
        MoveList legal = g.legalMoves(new MoveList());
        for (int i = 0; i < legal.size(); i++) {
            TreeSet<Integer> c = new TreeSet<>();
            for (int bit = 0; bit < 64; bit++) if ((legal.capturedLo(i) >>> bit & 1) != 0) c.add(geo.cell(bit) + 1);
            if (geo.cell(legal.from(i)) + 1 == from && geo.cell(legal.to(i)) + 1 == to && c.equals(caps)) return i;
        }
        return -1;
    }

    private static String encode(Game g, int i) {
        Geometry geo = RULES.geometry();
        MoveList legal = g.legalMoves(new MoveList());
        List<Integer> caps = new ArrayList<>();
        for (int bit = 0; bit < 64; bit++) if ((legal.capturedLo(i) >>> bit & 1) != 0) caps.add(geo.cell(bit) + 1);
        StringBuilder sb = new StringBuilder(String.format("M0001%02d%02d%02d", geo.cell(legal.from(i)) + 1, geo.cell(legal.to(i)) + 1, caps.size()));
        for (int k = caps.size() - 1; k >= 0; k--) sb.append(String.format("%02d", caps.get(k))); // any order is allowed
        return sb.toString();
    }

    @Test
    void playsAWholeGameWithChatAndTakeBack() throws Exception {
        // damka (follower) is White, 10 minutes, no move limit: it moves first.
        send("R01" + "Tester" + " ".repeat(26) + "W" + "010" + "000" + "A");
        assertEquals("A" + NAME32 + "0", receive());
        Game g = new Game(RULES, Fen.parse(RULES, RULES.startFen()));
        Random random = new Random(7);
        boolean tookBack = false, chatted = false;
        while (true) {
            // damka's turn
            String m = receiveSkippingChat();
            if (m.startsWith("E")) { // damka ends the game at its turn: it lost or it is a draw
                assertTrue(g.result().isPresent(), "GAMEEND " + m + " while the game goes on");
                assertEquals(g.result().get().outcome() == org.damka.game.GameResult.Outcome.DRAW ? "E20" : "E10", m);
                send("E00");
                break;
            }
            assertTrue(m.startsWith("M"), m);
            int i = legalIndex(g, m);
            assertTrue(i >= 0, "illegal move " + m + " in " + Fen.format(RULES, g.position()));
            g.play(g.legalMoves(new MoveList()), i);
            if (!chatted && g.plies() == 3) {
                send("CHello from the test");
                chatted = true;
            }
            if (!tookBack && g.plies() == 5) {
                // Back to move 2 with White to move (ply 2): damka must play that move again.
                send("B002W");
                assertEquals("K0", receiveSkippingChat());
                Game back = new Game(RULES, g.startPosition());
                for (int k = 0; k < 2; k++) back.play(g.moves().get(k));
                g = back;
                tookBack = true;
                continue;
            }
            if (g.result().isPresent() || g.plies() >= 160) {
                // Our turn with the game over (or long enough): we end it, and ask for no more games.
                send("E01");
                assertEquals("E01", receiveSkippingChat());
                break;
            }
            MoveList legal = g.legalMoves(new MoveList());
            int pick = random.nextInt(legal.size());
            send(encode(g, pick));
            g.play(legal, pick);
        }
        List<DxpSession.FinishedGame> games = follower.get(30, TimeUnit.SECONDS);
        assertEquals(1, games.size());
        assertEquals('W', games.get(0).myColor());
        assertEquals("Tester", games.get(0).opponent());
        assertEquals(g.moves(), games.get(0).moves(), "both sides saw the same game");
        String log = logBytes.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("chat from Tester: Hello from the test"), log);
    }

    /**
     * DXP has no clock messages: the peer counts damka's time from its own send to its own read,
     * which holds what damka cannot measure. Without charging Move Overhead for it each move, a
     * 300-ply sudden-death game under load ran 0.5-0.7 s over by the peer's count.
     */
    @Test
    void eachMoveIsChargedTheMoveOverheadOnTopOfItsSearch() throws Exception {
        long overheadMs = 1_000;
        engine.setMoveOverheadMs(overheadMs);
        send("R01" + "Tester" + " ".repeat(26) + "W" + "010" + "000" + "A"); // damka White, 10 minutes
        assertEquals("A" + NAME32 + "0", receive());
        Game g = new Game(RULES, Fen.parse(RULES, RULES.startFen()));
        int damkaMoves = 0;
        while (g.plies() < 10) {
            String m = receiveSkippingChat();
            int i = legalIndex(g, m);
            assertTrue(i >= 0, "illegal move " + m);
            g.play(g.legalMoves(new MoveList()), i);
            damkaMoves++;
            send(encode(g, 0));
            g.play(g.legalMoves(new MoveList()), 0);
        }
        receiveSkippingChat(); // damka's sixth move, then the game ends at its turn
        damkaMoves++;
        send("E01");
        assertEquals("E01", receiveSkippingChat());
        DxpSession.FinishedGame game = follower.get(30, TimeUnit.SECONDS).get(0);
        long charged = 600_000 - game.clockLeftMs();
        assertTrue(charged >= damkaMoves * overheadMs, damkaMoves + " moves charged " + charged + " ms in all");
        assertTrue(charged < damkaMoves * (overheadMs + 5_000), damkaMoves + " moves of 20 ms charged " + charged + " ms");
        assertTrue(logBytes.toString(StandardCharsets.UTF_8).contains("damka's clock "), logBytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void refusesGamesItCannotPlay() throws Exception {
        send("R02" + "Tester" + " ".repeat(26) + "W" + "010" + "000" + "A");
        assertEquals("A" + NAME32 + "1", receive(), "another protocol version");
        send("R01" + "Tester" + " ".repeat(26) + "W" + "010" + "000" + "BW" + "q".repeat(50));
        assertEquals("A" + NAME32 + "2", receive(), "not a position");
        send("R01" + "Tester" + " ".repeat(26) + "W" + "010" + "000" + "BW" + "z".repeat(5) + "e".repeat(45));
        assertEquals("A" + NAME32 + "2", receive(), "white to move has no piece: nothing to play");
        send("R01" + "Tester" + " ".repeat(26) + "W" + "010" + "000" + "BW" + "z".repeat(20) + "e".repeat(10) + "w".repeat(20) + "xyz");
        assertEquals("A" + NAME32 + "2", receiveSkippingChat(), "a GAMEREQ longer than its layout");
        for (String unreadable : new String[] {"R", "R0", "Rx1" + "Tester"}) {
            send(unreadable);
            assertEquals("A" + NAME32 + "2", receiveSkippingChat(), "'" + unreadable + "' cannot be read (it was answered as another version)");
        }
        peer.close();
        assertEquals(List.of(), follower.get(10, TimeUnit.SECONDS));
    }

    @Test
    void anOverlongMessageGetsOneErrorAndTheNextOneIsRead() throws Exception {
        send("X".repeat(200_000));
        String chat = receive();
        assertTrue(chat.startsWith("Cerror: cannot read message"), chat);
        send("R01" + "Tester" + " ".repeat(26) + "Z" + "010" + "000" + "A");
        assertEquals("A" + NAME32 + "0", receive(), "one CHAT for the whole message, then the GAMEREQ is served");
        send("E01");
        assertEquals("E01", receive());
        peer.close();
        follower.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aPeersControlBytesAreEscapedInTheLog() throws Exception {
        out.write("Chello\nfake log line\u0007\u00e9\0".getBytes(StandardCharsets.ISO_8859_1));
        out.write(("R01" + "Te\r\nster" + " ".repeat(24) + "Z" + "010" + "000" + "A\0").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        assertEquals("A" + NAME32 + "0", receiveSkippingChat(), "the chat is refused (not ASCII), the game accepted");
        send("E01");
        assertEquals("E01", receive());
        peer.close();
        List<DxpSession.FinishedGame> games = follower.get(10, TimeUnit.SECONDS);
        assertEquals("Te\\x0d\\x0aster", games.get(0).opponent(), "the name printed with the finished game is escaped too");
        String log = logBytes.toString(StandardCharsets.UTF_8);
        for (String line : log.split("\n")) {
            assertTrue(line.startsWith("dxp: "), "a log line not written by the log: '" + line + "' in\n" + log);
            assertTrue(line.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "not printable ASCII: '" + line + "'");
        }
        assertTrue(log.contains("hello\\x0afake log line\\x07\\u00e9"), log);
        assertTrue(log.contains("Te\\x0d\\x0aster"), log);
    }

    /** A peer that only chats is as good as silent: it cannot hold the follower (and a listener) for ever. */
    @Test
    void aPeerThatOnlyChatsIsClosedAfterTheSilenceLimit() throws Exception {
        try (ServerSocket second = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            DxpSession.Settings settings = DxpSession.Settings.named("damka").withMoveTimeMs(20).withSilenceMs(1_500);
            CompletableFuture<String> failure = CompletableFuture.supplyAsync(() -> {
                try (Socket s = second.accept()) {
                    DxpSession session = new DxpSession(new Engine(), new DxpChannel(s), DxpSession.Role.FOLLOWER, settings, null);
                    session.run();
                    return session.failure();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            try (Socket chatter = new Socket(InetAddress.getLoopbackAddress(), second.getLocalPort())) {
                OutputStream o = chatter.getOutputStream();
                long start = System.nanoTime();
                while (!failure.isDone() && System.nanoTime() - start < 10_000_000_000L) {
                    o.write("Cstill here\0".getBytes(StandardCharsets.US_ASCII));
                    o.flush();
                    Thread.sleep(300);
                }
            } catch (IOException closedByTheFollower) {
                // expected once the limit is reached
            }
            String why = failure.get(10, TimeUnit.SECONDS);
            assertEquals("no game or move from opponent for 2 s (only chat, acknowledgements or refused messages)", why);
        }
    }

    /**
     * A move limit ends the game once both sides have played it: damka as Black accepted one move
     * more of White's first (GAMEEND after 21 plies of a 10-move game; as White, after 20).
     */
    @Test
    void theMoveLimitEndsTheGameAfterBlacksLastMove() throws Exception {
        send("R01" + "Tester" + " ".repeat(26) + "Z" + "010" + "002" + "A"); // damka Black, 2 moves each
        assertEquals("A" + NAME32 + "0", receive());
        Game g = new Game(RULES, Fen.parse(RULES, RULES.startFen()));
        for (int move = 0; move < 2; move++) {
            send(encode(g, 0));
            g.play(g.legalMoves(new MoveList()), 0);
            String reply = receiveSkippingChat();
            assertTrue(reply.startsWith("M"), reply);
            g.play(g.legalMoves(new MoveList()), legalIndex(g, reply));
        }
        assertEquals("E00", receiveSkippingChat(), "GAMEEND right after damka's second move");
        send("K0"); // an answer to a take-back nobody asked for: said, as an unasked GAMEACC is (it was ignored)
        assertEquals("Cerror: unexpected BACKACC: damka asks for no take-backs", receive());
        send("E01");
        peer.close();
        List<DxpSession.FinishedGame> games = follower.get(10, TimeUnit.SECONDS);
        assertEquals("2 moves played", games.get(0).reason());
        assertEquals(4, games.get(0).moves().size());
    }

    @Test
    void anIllegalMoveEndsTheGame() throws Exception {
        // damka is Black: we move first, illegally (a man two rows forward).
        DxpSession.FinishedGame game = refusedMove("R01" + "Tester" + " ".repeat(26) + "Z" + "010" + "000" + "A",
                "M0001322300", "Cerror: illegal move 32-23.*");
        assertEquals("*", game.result());
        assertTrue(game.reason().contains("illegal move"), game.reason());
    }

    /** Two captures go from 35 to 39: a MOVE without its captured pieces was called illegal, as if a quiet move. */
    @Test
    void aCaptureNamedByItsEndsAloneWhereTwoGoThereIsAmbiguous() throws Exception {
        String field = new DxpBoard().positionField(Fen.parse(RULES, "W:WK35:B4,12,18,29,30,33"));
        DxpSession.FinishedGame game = refusedMove("R01" + "Tester" + " ".repeat(26) + "Z" + "010" + "000" + "B" + "W" + field,
                "M0001353900", "Cerror: ambiguous move 35x39: 2 captures go from 35 to 39 \\(35x39x\\d+(x\\d+)* 35x39x\\d+(x\\d+)*\\);"
                        + " a MOVE names the pieces it captures");
        assertEquals("ambiguous move 35x39 by Tester", game.reason());
    }

    /**
     * Starts a game with {@code request}, plays {@code move} for the opponent, and checks that
     * damka refuses it in a chat matching {@code chat} and ends the game: the one game it records.
     */
    private DxpSession.FinishedGame refusedMove(String request, String move, String chat) throws Exception {
        send(request);
        assertEquals("A" + NAME32 + "0", receive());
        send(move);
        String said = receive();
        assertTrue(said.matches(chat), said);
        assertEquals("E00", receive());
        send("E01");
        peer.close();
        List<DxpSession.FinishedGame> games = follower.get(10, TimeUnit.SECONDS);
        assertEquals(1, games.size());
        return games.get(0);
    }

    @Test
    void boardFieldsUseTheDxpLetters() {
        DxpBoard b = new DxpBoard();
        Position start = Fen.parse(RULES, RULES.startFen());
        assertEquals("z".repeat(20) + "e".repeat(10) + "w".repeat(20), b.positionField(start));
        assertEquals(start, b.parsePosition('W', b.positionField(start)));
        Position kings = Fen.parse(RULES, "B:WK1,K50:BK46,K5");
        String field = b.positionField(kings);
        assertEquals('W', field.charAt(0));
        assertEquals('Z', field.charAt(4));
        assertEquals('Z', DxpBoard.colorToMove(kings));
    }
}
