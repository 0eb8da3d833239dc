package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code damka dxp --listen} (follower) against {@code damka dxp --connect} (initiator) over
 * loopback: a series of complete games with colours alternating. Each side referees the other's
 * moves with the rules core, so a game that ends with a rules result (not "*") was legal all along.
 */
@Timeout(180)
class DxpIT {
    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern GAME = Pattern.compile("game (\\d): damka (white|black) vs damka: (1-0|0-1|1/2-1/2) \\((.+)\\) after (\\d+) plies");

    @Test
    void serverAndClientPlayTwoCompleteGames() throws Exception {
        try (JarProcess server = new JarProcess("dxp", "--listen", "127.0.0.1:0", "--move-time", "15")) {
            int port = -1;
            long deadline = System.currentTimeMillis() + 15_000;
            while (port < 0 && System.currentTimeMillis() < deadline) {
                Matcher m = LISTENING.matcher(server.transcript());
                if (m.find()) port = Integer.parseInt(m.group(1));
                else Thread.sleep(50);
            }
            assertTrue(port > 0, "server did not say where it listens\n" + server.transcript());
            try (JarProcess client = new JarProcess("dxp", "--connect", "127.0.0.1:" + port,
                    "--games", "2", "--time", "1", "--moves", "0", "--move-time", "15")) {
                List<String> clientGames = List.of(client.next(150_000), client.next(60_000));
                assertTrue(client.waitFor(10_000), client.transcript());
                assertEquals(0, client.exitValue(), client.transcript());
                assertTrue(server.waitFor(10_000), "the server ends with the connection\n" + server.transcript());
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
            }
        }
    }
}
