package org.damka.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.Callable;

import org.damka.engine.Engine;
import org.damka.protocol.dxp.DxpChannel;
import org.damka.protocol.dxp.DxpSession;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code damka dxp}: play international draughts over DamExchange, as the server (follower,
 * {@code --listen}) or as the client (initiator, {@code --connect}) of a series of games. The
 * server binds only the address it is given and serves one connection. Results go to stdout, the
 * message log to stderr.
 */
@Command(name = "dxp", mixinStandardHelpOptions = true,
        description = "Play international draughts over DamExchange (DXP): --listen (follower) or --connect (initiator).")
final class DxpCommand implements Callable<Integer> {
    static final class Mode {
        @Option(names = "--listen", paramLabel = "HOST:PORT", arity = "0..1", fallbackValue = "127.0.0.1:27531",
                description = "wait for one initiator on this address (default 127.0.0.1:27531)")
        String listen;

        @Option(names = "--connect", paramLabel = "HOST:PORT", description = "connect to a DXP follower and request games")
        String connect;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    @Option(names = "--games", defaultValue = "2", description = "games to request, colours alternating (client; default ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--time", defaultValue = "5", description = "minutes per side per game in GAMEREQ (client; default ${DEFAULT-VALUE})")
    int minutes;

    @Option(names = "--moves", defaultValue = "75", description = "moves per game in GAMEREQ, 0 = no limit (client; default ${DEFAULT-VALUE})")
    int moves;

    @Option(names = "--move-time", defaultValue = "0", paramLabel = "MS",
            description = "think this many ms per move, ignoring the clock (0 = use the clock; default ${DEFAULT-VALUE})")
    long moveTimeMs;

    @Option(names = "--name", defaultValue = "damka", description = "program name sent in GAMEREQ/GAMEACC")
    String name;

    @Option(names = "--quiet", description = "do not log the messages on stderr")
    boolean quiet;

    private final PrintStream out;

    DxpCommand(PrintStream out) {
        this.out = out;
    }

    DxpCommand() {
        this(System.out);
    }

    @Override
    public Integer call() throws Exception {
        if (games < 1 || games > 999) return fail("--games must be 1..999");
        if (minutes < 0 || minutes > 999) return fail("--time must be 0..999 minutes");
        if (moves < 0 || moves > 999) return fail("--moves must be 0..999");
        if (moveTimeMs < 0) return fail("--move-time must not be negative");
        InetSocketAddress address;
        try {
            address = parseAddress(mode.listen != null ? mode.listen : mode.connect);
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        PrintStream log = quiet ? null : System.err;
        DxpSession.Settings settings = new DxpSession.Settings(name, games, minutes, moves, moveTimeMs);
        List<DxpSession.FinishedGame> played;
        if (mode.listen != null) {
            try (ServerSocket server = new ServerSocket()) {
                server.bind(address, 1);
                if (log != null) log.println("dxp: listening on " + address.getAddress().getHostAddress() + ":" + server.getLocalPort());
                Socket socket = server.accept();
                server.close(); // one connection only
                played = new DxpSession(new Engine(), new DxpChannel(socket), DxpSession.Role.FOLLOWER, settings, log).run();
            }
        } else {
            Socket socket = new Socket();
            try {
                socket.connect(address, 10_000);
            } catch (IOException e) {
                socket.close();
                return fail("cannot connect to " + mode.connect + ": " + e.getMessage());
            }
            played = new DxpSession(new Engine(), new DxpChannel(socket), DxpSession.Role.INITIATOR, settings, log).run();
        }
        for (DxpSession.FinishedGame g : played) out.println(g);
        out.flush();
        return 0;
    }

    private static int fail(String message) {
        System.err.println("dxp: " + message);
        return 2;
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
