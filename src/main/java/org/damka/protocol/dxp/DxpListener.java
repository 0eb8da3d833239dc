package org.damka.protocol.dxp;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.function.Consumer;

import org.damka.engine.Engine;

/**
 * The follower's server: serves DXP connections one after another on a bound socket, for as long
 * as it runs or until the settings' number of games have been played (0: no limit). A connection is served from its
 * first message on (normally its GAMEREQ), so a connection that sends nothing (a port probe, a
 * client that goes away) takes nothing from the next one; it is closed after
 * {@link #FIRST_MESSAGE_MS} (or the silence limit of {@link DxpSession.Settings}, if shorter). A connection whose first message comes while another is served is
 * refused: a GAMEREQ gets GAMEACC {@code 3} (no games), then a CHAT says why, and it is closed.
 * It is refused only after {@link #BUSY_GRACE_MS}: a peer that ends a game, closes and connects
 * again at once must not find the listener still noticing that the last connection closed.
 * Out of file descriptors (or any other failure to accept) it waits before trying again, longer
 * each time up to a second, and says so once, not once a try; at most
 * {@link #MAX_OPEN_CONNECTIONS} connections are open at once, the next ones closed at once.
 */
public final class DxpListener {
    private final ServerSocket server;
    private final Engine engine;
    private final DxpSession.Settings settings;
    private final PrintStream log;
    private final Consumer<DxpSession.FinishedGame> onGame;
    static final long BUSY_GRACE_MS = 2_000;
    /** Connections open at once (one served, the others waiting for their first message or being refused). */
    static final int MAX_OPEN_CONNECTIONS = 16;
    private static final long FIRST_RETRY_MS = 10, LAST_RETRY_MS = 1_000;
    /** The longest wait for a connection's first message (a port probe, a client gone quiet). */
    static final long FIRST_MESSAGE_MS = 10_000;
    private final java.util.concurrent.Semaphore openConnections = new java.util.concurrent.Semaphore(MAX_OPEN_CONNECTIONS);
    private final Object lock = new Object();
    private String servedPeer; // the connection being served, or null
    private int gamesPlayed;

    /**
     * @param settings the session settings; their {@code games} is the limit in all (0 = serve until the process ends)
     * @param log      the message log, or null
     * @param onGame   told of every finished game
     */
    public DxpListener(ServerSocket server, Engine engine, DxpSession.Settings settings, PrintStream log,
                       Consumer<DxpSession.FinishedGame> onGame) {
        this.server = server;
        this.engine = engine;
        this.settings = settings;
        this.log = log;
        this.onGame = onGame;
    }

    /** Accepts connections until the settings' number of games were played; returns the games played. */
    public int run() throws InterruptedException {
        initialiseSocketClosing();
        long retryMs = 0, failures = 0, refused = 0;
        while (!server.isClosed()) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (SocketException e) {
                if (server.isClosed()) break; // closed after the last game
                retryMs = acceptFailed(e, retryMs, failures++);
                continue;
            } catch (IOException e) {
                retryMs = acceptFailed(e, retryMs, failures++);
                continue;
            }
            if (failures > 0) {
                log("accepting connections again (" + failures + (failures == 1 ? " try" : " tries") + " failed)");
                failures = 0;
                retryMs = 0;
            }
            if (!openConnections.tryAcquire()) {
                if (refused++ % 100 == 0) log("too many connections open (" + MAX_OPEN_CONNECTIONS + "); closing new ones");
                close(socket);
                continue;
            }
            refused = 0;
            Thread served = org.damka.system.Daemons.start("damka-dxp-connection", () -> {
                try {
                    handle(socket);
                } finally {
                    openConnections.release();
                }
            });
            if (served == null) { // the system refused a thread (ulimit -u)
                log("cannot serve a connection: no thread to spare");
                openConnections.release();
                close(socket);
            }
        }
        synchronized (lock) {
            while (servedPeer != null) lock.wait();
            return gamesPlayed;
        }
    }

    /**
     * A failed accept (out of file descriptors, most often: a port flood, a low ulimit) is tried
     * again after a pause that doubles up to a second; said on the first failure only. Returns
     * the next pause.
     */
    private long acceptFailed(IOException e, long retryMs, long failuresBefore) throws InterruptedException {
        if (failuresBefore == 0) log("cannot accept a connection: " + e.getMessage() + "; trying again");
        long next = retryMs == 0 ? FIRST_RETRY_MS : Math.min(LAST_RETRY_MS, retryMs * 2);
        Thread.sleep(next);
        return next;
    }

    /**
     * Closes a socket once while descriptors are free: the JDK's socket closing initialises a
     * class that needs one, and if that first happens while none is left the class is broken
     * for the life of the process (every later close failed, and the listener never recovered).
     */
    private static void initialiseSocketClosing() {
        try {
            java.nio.channels.SocketChannel.open().close();
        } catch (IOException | RuntimeException | LinkageError e) {
            // out of descriptors already: closing may fail later, and is caught there
        }
    }

    /** One connection: wait for its first message, then serve it or refuse it. */
    private void handle(Socket socket) {
        String peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
        DxpChannel channel;
        String first;
        try {
            channel = new DxpChannel(socket);
            // An initiator sends its GAMEREQ at once: a silent connection keeps one of the few places no longer than this.
            socket.setSoTimeout((int) Math.min(FIRST_MESSAGE_MS, settings.silenceMs()));
            first = channel.readRaw();
            socket.setSoTimeout(0);
        } catch (IOException e) {
            log("connection from " + peer + " closed before its first message" + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            close(socket);
            return;
        }
        if (first == null) {
            close(socket); // a port probe
            return;
        }
        String busyWith;
        synchronized (lock) {
            long deadline = System.nanoTime() + BUSY_GRACE_MS * 1_000_000;
            try {
                for (long left; servedPeer != null && !server.isClosed() && (left = deadline - System.nanoTime()) > 0; ) {
                    lock.wait(left / 1_000_000 + 1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the process is ending: refuse
            }
            busyWith = server.isClosed() ? "no more games" : servedPeer;
            if (busyWith == null) servedPeer = peer;
        }
        if (busyWith != null) {
            refuse(channel, first, peer, busyWith);
            return;
        }
        try {
            log("serving the connection from " + peer);
            channel.unread(first);
            DxpSession session = new DxpSession(engine, channel, DxpSession.Role.FOLLOWER, settings, log);
            for (DxpSession.FinishedGame g : session.run()) {
                onGame.accept(g);
                synchronized (lock) {
                    gamesPlayed++;
                }
            }
            if (session.failure() != null) log("connection from " + peer + " ended: " + session.failure());
        } catch (IOException e) {
            log("connection from " + peer + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) { // a fault of ours: one line, the connection closed, the listener serving on
            log("connection from " + peer + " failed: internal error: " + e);
        } finally {
            close(channel);
            synchronized (lock) {
                servedPeer = null;
                if (settings.games() > 0 && gamesPlayed >= settings.games()) close(server);
                // Said before run() is woken: once it returns, the process may end before a later line.
                log(server.isClosed() ? "played " + gamesPlayed + (gamesPlayed == 1 ? " game" : " games") + "; no more connections"
                        : "waiting for the next connection");
                lock.notifyAll();
            }
        }
    }

    /** Answers a GAMEREQ with GAMEACC 3 (no games), says why in a CHAT, and closes. */
    private void refuse(DxpChannel channel, String first, String peer, String busyWith) {
        boolean finished = busyWith.equals("no more games");
        log("refusing the connection from " + peer + " (" + (finished ? busyWith : "busy with " + busyWith) + ")");
        try (channel) {
            if (first.startsWith("R")) channel.send(new DxpMessage.GameAcc(settings.name(), '3'));
            channel.send(new DxpMessage.Chat(finished ? "no more games" : "busy: playing another game; try again later"));
        } catch (IOException e) {
            // it went away: closed either way
        }
    }

    private static void close(Closeable c) {
        try {
            c.close();
        } catch (IOException | LinkageError ignored) {
            // closing: nothing more to do (a LinkageError: the JDK could not set its closing up)
        }
    }

    private void log(String line) {
        DxpSession.log(log, line);
    }
}
