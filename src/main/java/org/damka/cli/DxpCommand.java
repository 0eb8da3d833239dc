package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.Callable;

import org.damka.engine.Engine;
import org.damka.protocol.dxp.DxpChannel;
import org.damka.protocol.dxp.DxpListener;
import org.damka.protocol.dxp.DxpSession;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code damka dxp}: play international draughts over DamExchange, as the server (follower,
 * {@code --listen}) or as the client (initiator, {@code --connect}) of a series of games. The
 * server binds only the address it is given and serves connections one after another (refusing a
 * second one while it plays) until {@code --games} games were played or the process is stopped.
 * Results go to stdout, the message log to stderr. Exit codes: 0 every requested game was
 * played, 1 the connection or the series failed (cannot bind or connect, refused, closed, a
 * silent peer), 2 bad arguments.
 */
@Command(name = "dxp", mixinStandardHelpOptions = true,
        description = "Play international draughts over DamExchange (DXP): --listen (follower) or --connect (initiator).")
final class DxpCommand implements Callable<Integer> {
    static final class Mode {
        @Option(names = "--listen", paramLabel = "HOST:PORT", arity = "0..1", fallbackValue = "127.0.0.1:27531",
                description = "serve initiators on this address, one at a time (default 127.0.0.1:27531)")
        String listen;

        @Option(names = "--connect", paramLabel = "HOST:PORT", description = "connect to a DXP follower and request games")
        String connect;
    }

    /** Games the initiator requests when --games is not given. */
    private static final int DEFAULT_GAMES = 2;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    @Option(names = "--games", paramLabel = "N",
            description = "client: games to request, colours alternating (default " + DEFAULT_GAMES + "); server: stop after N games (default: never)")
    Integer games;

    @Option(names = "--time", defaultValue = "5", description = "minutes per side per game in GAMEREQ (client; default ${DEFAULT-VALUE})")
    int minutes;

    @Option(names = "--moves", defaultValue = "75", description = "moves per game in GAMEREQ, 0 = no limit (client; default ${DEFAULT-VALUE})")
    int moves;

    @Option(names = "--move-time", defaultValue = "0", paramLabel = "MS", converter = Durations.Millis.class,
            description = "think this long per move, ignoring the clock (0 = use the clock; default ${DEFAULT-VALUE} ms)")
    long moveTimeMs;

    @Option(names = "--timeout", defaultValue = "60", paramLabel = "SECONDS", converter = Durations.Seconds.class,
            description = "longest wait for the peer to connect or answer; for its move, this plus the game's thinking time (default ${DEFAULT-VALUE} s)")
    long timeoutMs;

    @Option(names = "--name", defaultValue = "damka", description = "program name sent in GAMEREQ/GAMEACC")
    String name;

    @Option(names = "--quiet", description = "do not log the messages on stderr")
    boolean quiet;

    private final PrintStream out;
    private final PrintStream err;

    DxpCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        int gameCount = games != null ? games : mode.listen != null ? 0 : DEFAULT_GAMES;
        if (games != null && (games < 1 || games > 999)) return usage("--games must be 1..999");
        if (minutes < 0 || minutes > 999) return usage("--time must be 0..999 minutes");
        if (moves < 0 || moves > 999) return usage("--moves must be 0..999");
        if (moveTimeMs < 0) return usage("--move-time must not be negative");
        if (timeoutMs < 1) return usage("--timeout must be positive");
        InetSocketAddress address;
        try {
            address = parseAddress(mode.listen != null ? mode.listen : mode.connect);
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        PrintStream log = quiet ? null : err;
        DxpSession.Settings settings = DxpSession.Settings.named(name).withGames(gameCount)
                .withClock(minutes, moves).withMoveTimeMs(moveTimeMs).withSilenceMs(timeoutMs);
        return mode.listen != null ? listen(address, settings, log) : connect(address, settings, log);
    }

    private int listen(InetSocketAddress address, DxpSession.Settings settings, PrintStream log) throws InterruptedException {
        try (ServerSocket server = new ServerSocket()) {
            try {
                server.bind(address, 4);
            } catch (IOException e) {
                return fail("cannot listen on " + mode.listen + ": " + e.getMessage());
            }
            if (log != null) log.println("dxp: listening on " + address.getAddress().getHostAddress() + ":" + server.getLocalPort());
            new DxpListener(server, new Engine(), settings, log, this::print).run();
            return 0;
        } catch (IOException e) {
            return fail("cannot listen on " + mode.listen + ": " + e.getMessage());
        }
    }

    private int connect(InetSocketAddress address, DxpSession.Settings settings, PrintStream log)
            throws IOException, InterruptedException {
        Socket socket = new Socket();
        try {
            socket.connect(address, (int) Math.min(Integer.MAX_VALUE, timeoutMs));
        } catch (IOException e) {
            socket.close();
            return fail("cannot connect to " + mode.connect + ": " + e.getMessage());
        }
        DxpSession session = new DxpSession(new Engine(), new DxpChannel(socket), DxpSession.Role.INITIATOR, settings, log);
        try {
            session.run().forEach(this::print);
        } catch (IOException e) {
            return fail("connection to " + mode.connect + " failed: " + e.getMessage());
        }
        if (session.failure() != null) return fail(session.failure());
        return 0;
    }

    private void print(DxpSession.FinishedGame game) {
        synchronized (out) {
            out.println(game);
            out.flush();
        }
    }

    private int usage(String message) {
        err.println("dxp: " + message);
        return 2;
    }

    private int fail(String message) {
        err.println("dxp: " + message);
        return 1;
    }
    /** HOST:PORT, also [IPv6]:PORT. */
    static InetSocketAddress parseAddress(String text) {
        String t = text == null ? "" : text.trim();
        int colon = t.lastIndexOf(':');
        if (colon <= 0 || colon == t.length() - 1) throw new IllegalArgumentException("address must be HOST:PORT, got '" + t + "'");
        String host = t.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        int port;
        try {
            port = Integer.parseInt(t.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad port in '" + t + "'");
        }
        if (port < 0 || port > 65535) throw new IllegalArgumentException("port must be 0..65535, got " + port);
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (IOException e) {
            throw new IllegalArgumentException("unknown host '" + host + "'");
        }
    }
}
