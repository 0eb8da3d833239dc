package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code damka dxp --listen} (follower) against {@code damka dxp --connect} (initiator) over
 * loopback: a series of complete games with colours alternating. Each side referees the other's
 * moves with the rules core, so a game that ends with a rules result (not "*") was legal all along.
 * The listener serves one connection after another: port probes do not use it up, and a second
 * connection while it plays is refused in DXP terms.
 */
@Timeout(180)
class DxpIT {
    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern GAME = Pattern.compile("game (\\d): damka (white|black) vs damka: (1-0|0-1|1/2-1/2) \\((.+)\\) after (\\d+) plies, damka's clock \\d+\\.\\d s by its own count");

    @Test
    void serverAndClientPlayTwoCompleteGames() throws Exception {
        try (JarProcess server = new JarProcess("dxp", "--listen", "127.0.0.1:0", "--move-time", "15", "--games", "2")) {
            int port = portOf(server);
            try (JarProcess client = new JarProcess("dxp", "--connect", "127.0.0.1:" + port,
                    "--games", "2", "--time", "1", "--moves", "0", "--move-time", "15")) {
                List<String> clientGames = List.of(client.next(150_000), client.next(60_000));
                assertTrue(client.waitFor(10_000), client.transcript());
                assertEquals(0, client.exitValue(), client.transcript());
                assertTrue(server.waitFor(10_000), "the server ends after --games 2\n" + server.transcript());
                assertEquals(0, server.exitValue(), server.transcript());
                List<String> serverGames = List.of(server.next(1_000), server.next(1_000));
                for (int k = 0; k < 2; k++) {
                    Matcher c = GAME.matcher(clientGames.get(k));
                    Matcher s = GAME.matcher(serverGames.get(k));
                    assertTrue(c.matches(), clientGames.get(k) + "\n" + client.transcript());
                    assertTrue(s.matches(), serverGames.get(k) + "\n" + server.transcript());
                    assertEquals(String.valueOf(k + 1), c.group(1));
                    assertEquals(k == 0 ? "white" : "black", c.group(2), "the initiator is White first, then Black");
                    assertEquals(k == 0 ? "black" : "white", s.group(2));
                    assertEquals(c.group(3), s.group(3), "both sides agree on the result");
                    assertEquals(c.group(5), s.group(5), "and on the length");
                }
                String log = server.transcript();
                assertTrue(log.contains("stderr: << dxp: < R01damka                           Z001000A"), log);
                assertTrue(log.contains("stderr: << dxp: < R01damka                           W001000A"), log);
                assertTrue(log.contains("dxp: played 2 games; no more connections"), log);
            }
        }
    }

    private static int portOf(JarProcess server) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < deadline) {
            Matcher m = LISTENING.matcher(server.transcript());
            if (m.find()) return Integer.parseInt(m.group(1));
            Thread.sleep(50);
        }
        throw new AssertionError("server did not say where it listens\n" + server.transcript());
    }

    @Test
    void listenerSurvivesProbesAndRefusesASecondConnection() throws Exception {
        try (JarProcess server = new JarProcess("dxp", "--listen", "127.0.0.1:0", "--move-time", "15", "--games", "3")) {
            int port = portOf(server);
            for (int k = 0; k < 3; k++) {
                new Socket(InetAddress.getLoopbackAddress(), port).close(); // a port probe
            }
            // A first initiator holds a game: damka plays Black and waits for its move.
            try (Socket first = new Socket(InetAddress.getLoopbackAddress(), port)) {
                first.setSoTimeout(20_000);
                send(first, "R01Holder" + " ".repeat(26) + "Z" + "010" + "000" + "A");
                assertEquals("Adamka" + " ".repeat(27) + "0", receive(first));
                // A second one meanwhile is told no, with a reason, and closed.
                try (Socket second = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    second.setSoTimeout(20_000);
                    send(second, "R01Second" + " ".repeat(26) + "W" + "010" + "000" + "A");
                    assertEquals("Adamka" + " ".repeat(27) + "3", receive(second), "GAMEACC 3: no game");
                    String chat = receive(second);
                    assertEquals("Cbusy: playing another game; try again later", chat);
                    assertEquals(-1, second.getInputStream().read(), "then closed");
                }
                // A peer that connects while the game ends (as one that closes a game and connects
                // again at once) is served once it has ended, not refused.
                try (Socket again = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    again.setSoTimeout(20_000);
                    send(again, "R01Again" + " ".repeat(27) + "Z" + "010" + "000" + "A");
                    Thread.sleep(300); // the listener has read it while the first game still runs
                    send(first, "E01"); // we give up the held game and stop
                    assertEquals("E01", receive(first));
                    first.close();
                    assertEquals("Adamka" + " ".repeat(27) + "0", receive(again));
                    send(again, "E01");
                    assertEquals("E01", receive(again));
                }
            }
            // The listener is still there for a real initiator, and stops after --games 3 in all.
            try (JarProcess client = new JarProcess("dxp", "--connect", "127.0.0.1:" + port,
                    "--games", "1", "--time", "1", "--moves", "10", "--move-time", "15")) {
                String game = client.next(60_000);
                assertTrue(game.matches("game 1: damka white vs damka: \\* \\(10 moves played\\) after 20 plies, damka's clock \\d+\\.\\d s by its own count"), game);
                assertTrue(client.waitFor(10_000), client.transcript());
                assertEquals(0, client.exitValue(), client.transcript());
            }
            assertTrue(server.waitFor(10_000), "the server ends after --games 3\n" + server.transcript());
            assertEquals(0, server.exitValue(), server.transcript());
            assertTrue(server.next(1_000).startsWith("game 1: damka black vs Holder: * (Holder ended the game)"), server.transcript());
            assertTrue(server.next(1_000).startsWith("game 1: damka black vs Again: * (Again ended the game)"), server.transcript());
            // Black ends the game at its own tenth move (it waited for White's GAMEEND until session 52)
            assertTrue(server.next(1_000).startsWith("game 1: damka black vs damka: * (10 moves played) after 20 plies"), server.transcript());
            assertTrue(server.transcript().contains("refusing the connection from 127.0.0.1:"), server.transcript());
            // Its last word, said before the process may end (it was lost when the peer ended the last game).
            assertTrue(server.transcript().contains("dxp: played 3 games; no more connections"), server.transcript());
        }
    }

    /**
     * Out of file descriptors (a low ulimit, idle connections piling up) the listener retried its
     * accept at once: a core spent and a line "cannot accept" per try (1.65 M lines in 20 s, from a
     * review); the first close then failed for good, and it never served again. It now waits
     * between tries, says so once, and serves the next initiator when descriptors are back.
     */
    @Test
    void outOfFileDescriptorsTheListenerWaitsAndServesAgain() throws Exception {
        Process server = new ProcessBuilder("sh", "-c", "ulimit -n 20 && exec \"$0\" -jar \"$1\" dxp --listen 127.0.0.1:0 --move-time 15",
                JarProcess.javaBinary(), JarProcess.jar().toString()).redirectErrorStream(true).start();
        List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        Thread reader = new Thread(() -> {
            try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(server.getInputStream(), StandardCharsets.US_ASCII))) {
                for (String l; (l = r.readLine()) != null; ) lines.add(l);
            } catch (IOException e) {
                // the process ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        List<Socket> idle = new java.util.ArrayList<>();
        try {
            int port = -1;
            for (long deadline = System.currentTimeMillis() + 15_000; port < 0 && System.currentTimeMillis() < deadline; Thread.sleep(50)) {
                synchronized (lines) {
                    for (String l : lines) {
                        Matcher m = LISTENING.matcher(l);
                        if (m.find()) port = Integer.parseInt(m.group(1));
                    }
                }
            }
            assertTrue(port > 0, "the listener's port: " + lines);
            for (int i = 0; i < 30; i++) { // more than its descriptors: the last ones wait in the backlog, or not at all
                Socket s = new Socket();
                try {
                    s.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 300);
                    idle.add(s);
                } catch (IOException e) {
                    s.close();
                }
            }
            Thread.sleep(500);
            java.time.Duration before = server.toHandle().info().totalCpuDuration().orElseThrow();
            Thread.sleep(2_000);
            long cpuMs = server.toHandle().info().totalCpuDuration().orElseThrow().minus(before).toMillis();
            assertTrue(cpuMs < 500, "CPU while out of descriptors: " + cpuMs + " ms in 2 s");
            assertTrue(lines.size() < 200, lines.size() + " lines: " + lines.subList(0, Math.min(20, lines.size())));
            for (Socket s : idle) s.close();
            idle.clear();
            Thread.sleep(1_000); // the listener sees them closed and frees their descriptors
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                s.setSoTimeout(10_000);
                send(s, "R01test                            W001000A");
                assertTrue(receive(s).startsWith("Adamka"), "a GAMEREQ after the flood is accepted");
            }
            assertTrue(lines.stream().noneMatch(l -> l.contains("Exception") || l.contains("Error")), String.join("\n", lines));
        } finally {
            for (Socket s : idle) s.close();
            server.destroyForcibly();
        }
    }

    private static void send(Socket s, String message) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write((message + "\0").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static String receive(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) > 0) b.append((char) c);
        if (c < 0) throw new IOException("closed after '" + b + "'");
        return b.toString();
    }
}
