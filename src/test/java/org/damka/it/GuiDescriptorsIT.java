package org.damka.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code damka gui} out of file descriptors (a low ulimit, a flood of sockets): Jetty said every
 * failed accept with a warning and its stack trace, about three a second, to the user's console.
 * Now one line, and the board is served again once the sockets are gone.
 */
@Timeout(120)
class GuiDescriptorsIT {
    private static final Pattern URL = Pattern.compile("open (http://127\\.0\\.0\\.1:\\d+/)");

    @Test
    void outOfDescriptorsTheServerSaysSoOnceAndServesAgain(@TempDir Path dir) throws Exception {
        Path err = dir.resolve("stderr.txt");
        Process gui = new ProcessBuilder("sh", "-c", "ulimit -n 48 && exec \"$0\" -jar \"$1\" gui --host 127.0.0.1 --port 0",
                JarProcess.javaBinary(), JarProcess.jar().toString()).redirectError(err.toFile()).start();
        List<Socket> flood = new ArrayList<>();
        try {
            String line = new BufferedReader(new InputStreamReader(gui.getInputStream(), StandardCharsets.UTF_8)).readLine();
            Matcher m = URL.matcher(line == null ? "" : line);
            assertTrue(m.find(), "the server's address: " + line + " " + Files.readString(err));
            URI page = URI.create(m.group(1));
            for (int i = 0; i < 120; i++) { // more than its descriptors
                Socket s = new Socket();
                try {
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), page.getPort()), 100);
                    flood.add(s);
                } catch (IOException e) {
                    s.close();
                }
            }
            Thread.sleep(3_000);
            for (Socket s : flood) s.close();
            flood.clear();
            Thread.sleep(2_000);
            HttpURLConnection c = (HttpURLConnection) page.toURL().openConnection();
            c.setConnectTimeout(5_000);
            c.setReadTimeout(5_000);
            assertEquals(200, c.getResponseCode(), "the board after the flood");
            String stderr = Files.readString(err);
            assertTrue(!stderr.contains("Exception") && !stderr.contains("\tat ") && stderr.lines().count() <= 2, stderr);
        } finally {
            for (Socket s : flood) s.close();
            gui.destroyForcibly();
        }
    }

    /** SIGTERM (as Ctrl-C): the acceptor's closed channel is no failure to report (a first mend said "cannot accept a connection: null"). */
    @Test
    void aStoppedServerSaysNothing(@TempDir Path dir) throws Exception {
        Path err = dir.resolve("stderr.txt");
        Process gui = new ProcessBuilder(JarProcess.javaBinary(), "-jar", JarProcess.jar().toString(), "gui", "--host", "127.0.0.1", "--port", "0")
                .redirectError(err.toFile()).start();
        try {
            String line = new BufferedReader(new InputStreamReader(gui.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(line != null && URL.matcher(line).find(), "the server's address: " + line + " " + Files.readString(err));
            gui.destroy();
            assertTrue(gui.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "the server did not stop");
            assertEquals("", Files.readString(err));
        } finally {
            gui.destroyForcibly();
        }
    }
}
