package org.damka.protocol;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Records real exchanges with the engine jar for protocol.md: {@code > command} lines sent and
 * {@code < reply} lines received, one session per variant. A command is finished when its
 * answer has come ({@code bestmove}, perft total) or, for the others, when a hidden
 * {@code isready} is answered. {@code sleep N} in a script waits N ms.
 *
 * <p>Run by {@code scripts/record-sessions.sh}; not a test.
 */
public final class SessionRecorder {
    private static final Map<String, List<String>> SESSIONS = new LinkedHashMap<>();
    static {
        SESSIONS.put("russian", List.of("uci", "isready", "ucinewgame",
                "position startpos moves c3-d4 f6-g5 d4-c5 b6xd4", "d", "legalmoves",
                "position startpos moves c3-d4 f6-g5 d4-c5 b6:d4 e3:c5", "go depth 6", "eval",
                "position startpos", "go movetime 200", "go perft 3", "quit"));
        SESSIONS.put("brazilian", List.of("setoption name UCI_Variant value brazilian",
                "position fen W:Wc3,e3:Bd4,f6,b6,d6", "legalmoves", "go depth 4",
                "position startpos moves c3-d4 f6-g5", "go wtime 60000 btime 60000 winc 1000 binc 1000", "quit"));
        SESSIONS.put("international", List.of("setoption name UCI_Variant value international", "setoption name Ponder value true",
                "position fen W:W32:B27,17,5 moves 32x12", "d",
                "position startpos moves 32-28 19-23 28x19 14x23",
                "go ponder wtime 10000 btime 10000 winc 100 binc 100", "sleep 300", "ponderhit", "quit"));
        SESSIONS.put("english", List.of("setoption name UCI_Variant value english", "position startpos moves 9-13 22-18",
                "go depth 3 searchmoves 10-14 11-15", "go infinite", "sleep 300", "stop", "position fen B:W21-32:B1-12 moves 9-14 23-19 14-18 22-17",
                "setoption name Hash value 0", "frobnicate", "quit"));
        SESSIONS.put("hexagonal", List.of("setoption name UCI_Variant value hexagonal", "d", "legalmoves",
                "go depth 4", "position fen W:Wb2:Ba1,a2,Kk5", "go depth 4", "quit"));
    }

    private SessionRecorder() { }

    /** The script of each variant's session, in protocol.md's order. */
    static Map<String, List<String>> scripts() {
        return SESSIONS;
    }

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "target/damka.jar";
        for (Map.Entry<String, List<String>> s : SESSIONS.entrySet()) {
            System.out.println("### " + s.getKey());
            System.out.println();
            System.out.println("```");
            for (String line : record(jar, s.getValue())) System.out.println(line);
            System.out.println("```");
            System.out.println();
        }
    }

    static List<String> record(String jar, List<String> script) throws IOException, InterruptedException {
        // In an empty folder of its own: endgame tables in the working folder (EGDBPath's default,
        // where `damka egdb build` writes) would change the answers.
        Path folder = Files.createTempDirectory("damka-sessions");
        String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(javaCommand, "-jar", Path.of(jar).toAbsolutePath().toString())
                .directory(folder.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        LinkedBlockingQueue<String> queue = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
                String l;
                while ((l = r.readLine()) != null) queue.add(l);
            } catch (IOException e) {
                // ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        OutputStream in = p.getOutputStream();
        List<String> out = new ArrayList<>();
        for (String cmd : script) {
            if (cmd.startsWith("sleep ")) {
                // What arrived while waiting is shown before the next command, where it belongs.
                Thread.sleep(Long.parseLong(cmd.substring(6)));
                String l;
                while ((l = queue.poll()) != null) out.add("< " + l);
                continue;
            }
            out.add("> " + cmd);
            in.write((cmd + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
            if (cmd.equals("quit")) break;
            if (cmd.startsWith("go perft")) {
                take(queue, out, "Nodes searched", true);
            } else if (cmd.startsWith("go") && !cmd.contains("infinite") && !cmd.contains("ponder")) {
                take(queue, out, "bestmove", true);
            } else if (cmd.equals("stop") || cmd.equals("ponderhit")) {
                take(queue, out, "bestmove", false);
            } else if (cmd.equals("isready")) {
                take(queue, out, "readyok", false);
            } else if (cmd.equals("uci")) {
                take(queue, out, "uciok", false);
            } else if (!cmd.startsWith("go")) {
                // go infinite / go ponder answer after stop or ponderhit; the rest: hidden isready.
                in.write("isready\n".getBytes(StandardCharsets.US_ASCII));
                in.flush();
                List<String> lines = new ArrayList<>();
                take(queue, lines, "readyok", false);
                out.addAll(lines.subList(0, lines.size() - 1));
            }
        }
        p.waitFor(10, TimeUnit.SECONDS);
        String l;
        while ((l = queue.poll()) != null) out.add("< " + l);
        Files.deleteIfExists(folder);
        return out;
    }

    /** Moves lines to out up to the one starting with last (or an error, if orError). */
    private static void take(LinkedBlockingQueue<String> queue, List<String> out, String last, boolean orError)
            throws InterruptedException {
        while (true) {
            String l = queue.poll(60, TimeUnit.SECONDS);
            if (l == null) throw new IllegalStateException("no '" + last + "' from the engine after:\n" + String.join("\n", out));
            out.add("< " + l);
            if (l.startsWith(last) || (orError && l.startsWith("info string error"))) return;
        }
    }
}
