package org.damka.cli;

import java.awt.Desktop;
import java.io.PrintStream;
import java.util.concurrent.Callable;

import org.damka.egdb.EgdbSettings;
import org.damka.gui.GuiServer;
import org.damka.gui.GuiTables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code damka gui}: serves the board in the browser (play the engine, hotseat, online rooms). */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "Serve a board in the browser: play damka, two players on one device, or online by room code.")
final class GuiCommand implements Callable<Integer> {
    private final PrintStream out, err;

    @Option(names = "--host", description = "Address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 lets other devices connect).")
    String host = "127.0.0.1";

    @Option(names = "--port", description = "Port to listen on (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port = 8080;

    @Option(names = "--open", description = "Open the page in the default browser.")
    boolean open;

    @Option(names = "--egdb-path", description = "The endgame tables' folder (default: ${DEFAULT-VALUE}); the engine games share one copy.")
    String egdbPath = EgdbSettings.DEFAULT_PATH;

    @Option(names = "--egdb-pieces", description = "Probe endgame tables up to this many pieces at the levels strong and full and in analysis (default: ${DEFAULT-VALUE}; 0: none).")
    int egdbPieces = EgdbSettings.DEFAULT_PIECES;

    GuiCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            err.println("damka gui: --port must be 0..65535, got " + port);
            return 2;
        }
        if (host.isBlank()) {
            err.println("damka gui: --host is empty (127.0.0.1: this machine only; 0.0.0.0: every address)");
            return 2;
        }
        // An IPv6 address may come as in a URL ([::1]); a name that does not resolve is said so
        // here, as dxp says it (the server's own failure would only say "null").
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        try {
            java.net.InetAddress.getByName(host);
        } catch (java.net.UnknownHostException | SecurityException e) {
            err.println("damka gui: unknown host '" + host + "' (127.0.0.1: this machine only; 0.0.0.0: every address)");
            return 2;
        }
        if (egdbPieces < 0 || egdbPieces > EgdbSettings.MAX_PIECES) {
            err.println("damka gui: --egdb-pieces must be 0.." + EgdbSettings.MAX_PIECES + ", got " + egdbPieces);
            return 2;
        }
        java.nio.file.Path tablesDir;
        try {
            tablesDir = org.damka.files.FileErrors.path(egdbPath);
        } catch (IllegalArgumentException e) {
            err.println("damka gui: --egdb-path: " + e.getMessage());
            return 2;
        }
        java.util.function.Consumer<String> log = line -> {
            out.println("damka gui: " + line);
            out.flush();
        };
        GuiTables tables = GuiTables.select(tablesDir, egdbPieces, Runtime.getRuntime().maxMemory(), log);
        GuiServer server = new GuiServer(host, port, tables);
        try {
            server.start();
        } catch (Exception e) {
            Throwable cause = e;
            while (cause.getCause() != null) cause = cause.getCause(); // Jetty wraps the reason ("Address already in use")
            String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
            err.println("damka gui: cannot listen on " + host + ":" + port + ": " + why);
            server.close();
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception ignored) {
                // exiting anyway
            }
        }));
        out.println("damka gui: open " + server.uri() + " (Ctrl-C stops)");
        out.flush();
        tables.loadInBackground(log);
        if (open) openBrowser(server);
        server.join();
        return 0;
    }

    private void openBrowser(GuiServer server) {
        try {
            if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                Desktop.getDesktop().browse(server.uri());
                return;
            }
        } catch (Exception | Error e) {
            // headless or no browser: fall through to the message below
        }
        err.println("damka gui: could not open a browser; open " + server.uri() + " yourself");
    }
}
