package org.damka.gui;

import java.net.URI;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ResourceHandler;
import org.eclipse.jetty.util.resource.ResourceFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;

/**
 * {@code damka gui}: an embedded Jetty serving the board (HTML, CSS, JS and SVG from the jar, no
 * CDN) and the game WebSocket at {@code /ws}. Nothing here is loaded unless the gui is started.
 */
public final class GuiServer implements AutoCloseable {
    private final Server server;
    private final ServerConnector connector;
    private final GuiContext context;

    public GuiServer(String host, int port) {
        this(host, port, GuiTables.none());
    }

    /** A server whose engine rooms share these endgame tables (the heap left for them counts them). */
    public GuiServer(String host, int port, GuiTables tables) {
        this(host, port, GuiLimits.defaults(tables.bytes()), tables);
    }

    GuiServer(String host, int port, GuiLimits limits) {
        this(host, port, limits, GuiTables.none());
    }

    GuiServer(String host, int port, GuiLimits limits, GuiTables tables) {
        context = new GuiContext(limits, tables);
        QueuedThreadPool threads = new QueuedThreadPool(64, 4);
        threads.setName("damka-gui");
        threads.setDaemon(true);
        server = new Server(threads);
        connector = new QuietAcceptConnector(server);
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        server.addBean(new NetworkConnectionLimit(limits.maxConnections(), connector));

        ResourceHandler assets = new ResourceHandler();
        assets.setBaseResource(ResourceFactory.of(server).newClassLoaderResource("/gui/"));
        assets.setDirAllowed(false);
        assets.setWelcomeFiles("index.html");
        assets.setWelcomeMode(org.eclipse.jetty.server.ResourceService.WelcomeMode.SERVE);
        assets.setCacheControl("no-cache");

        WebSocketUpgradeHandler ws = WebSocketUpgradeHandler.from(server, container -> {
            container.setMaxTextMessageSize(limits.maxMessageBytes());
            container.setMaxBinaryMessageSize(limits.maxMessageBytes());
            container.setIdleTimeout(limits.connectionIdle());
            container.setMaxOutgoingFrames(limits.maxQueuedMessages());
            boolean loopback = isLoopbackLiteral(host) || "localhost".equalsIgnoreCase(host);
            container.addMapping("/ws", (request, response, callback) -> {
                String hostHeader = request.getHeaders().get(HttpHeader.HOST);
                // A reverse proxy on this machine passes the site's own Host on, and says it is a
                // proxy (a browser's WebSocket cannot add these headers).
                boolean proxied = request.getHeaders().contains(HttpHeader.X_FORWARDED_FOR) || request.getHeaders().contains(HttpHeader.FORWARDED);
                if (loopback && !proxied && !loopbackHost(hostHeader)) {
                    Response.writeError(request, response, callback, HttpStatus.FORBIDDEN_403, "this server answers only to localhost");
                    return null;
                }
                if (!sameOrigin(request.getHeaders().get(HttpHeader.ORIGIN), hostHeader)) {
                    Response.writeError(request, response, callback, HttpStatus.FORBIDDEN_403, "the game socket serves only its own pages");
                    return null;
                }
                String address = clientAddress(Request.getRemoteAddr(request), request.getHeaders().get(HttpHeader.X_FORWARDED_FOR),
                        request.getHeaders().get(HttpHeader.FORWARDED));
                return new Client(context, address);
            });
        });
        ws.setHandler(assets);
        server.setHandler(ws);
        server.setStopTimeout(2000);
    }

    /**
     * Jetty says each failed accept (out of file descriptors: a low ulimit, a flood of sockets)
     * with a stack trace, about three a second; this says it in one line a minute at most and
     * tries again after a second, as Jetty does.
     */
    private static final class QuietAcceptConnector extends ServerConnector {
        private long saidAtNanos;

        QuietAcceptConnector(Server server) {
            super(server);
        }

        @Override
        protected boolean handleAcceptFailure(Throwable failure) {
            // A closed channel is the server stopping (or Jetty's own doing): Jetty's handling, which is quiet then.
            if (!isRunning() || !(failure instanceof java.io.IOException) || failure instanceof java.nio.channels.ClosedChannelException) {
                return super.handleAcceptFailure(failure);
            }
            synchronized (this) {
                long now = System.nanoTime();
                if (saidAtNanos == 0 || now - saidAtNanos > java.util.concurrent.TimeUnit.MINUTES.toNanos(1)) {
                    saidAtNanos = now;
                    System.err.println("gui: cannot accept a connection: " + failure.getMessage() + "; trying again each second");
                }
            }
            try {
                Thread.sleep(1000);
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * Whether a WebSocket upgrade comes from this server's own page: a browser always names the
     * page's origin, so any other web site the user visits could otherwise play, create rooms and
     * take the engines through the user's browser. A client that is not a browser sends no Origin.
     */
    static boolean sameOrigin(String origin, String host) {
        if (origin == null) return true;
        if (host == null) return false;
        try {
            URI o = URI.create(origin);
            if (o.getHost() == null || !("http".equals(o.getScheme()) || "https".equals(o.getScheme()))) return false;
            int port = o.getPort() >= 0 ? o.getPort() : "https".equals(o.getScheme()) ? 443 : 80;
            URI h = URI.create("http://" + host);
            int hostPort = h.getPort() >= 0 ? h.getPort() : port == 443 ? 443 : 80;
            return o.getHost().equalsIgnoreCase(h.getHost()) && port == hostPort;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The player's address, which the per-address limits count: the connection's peer, or, when
     * the peer is a reverse proxy on this machine (a loopback address), the client it names last
     * in {@code X-Forwarded-For} (nginx appends the address it was reached from) or
     * {@code Forwarded}. Only a local proxy is believed: anyone else could name any address.
     */
    static String clientAddress(String peer, String xForwardedFor, String forwarded) {
        if (!isLoopbackLiteral(peer)) return peer;
        String named = null;
        if (xForwardedFor != null) {
            String[] hops = xForwardedFor.split(",");
            named = hops[hops.length - 1].trim();
        } else if (forwarded != null) {
            for (String part : forwarded.split("[,;]")) {
                String p = part.trim();
                if (p.regionMatches(true, 0, "for=", 0, 4)) named = p.substring(4).replace("\"", "");
            }
        }
        // An address is all it may be (a name or anything longer is not one).
        return named != null && named.matches("[0-9A-Fa-f:.\\[\\]]{2,47}") ? named : peer;
    }

    /**
     * Whether a Host header names this machine by a loopback name. A server bound to loopback is
     * reached by no other: another name is a web site whose address was re-pointed at 127.0.0.1
     * (DNS rebinding), which would pass the Origin check with its own name on both headers.
     */
    static boolean loopbackHost(String host) {
        if (host == null) return false;
        try {
            String name = URI.create("http://" + host).getHost();
            return name != null && (name.equalsIgnoreCase("localhost") || isLoopbackLiteral(name));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** An IPv4 or bracketed/bare IPv6 literal of the loopback (only literals: no name is looked up). */
    private static boolean isLoopbackLiteral(String address) {
        if (address == null) return false;
        String a = address.startsWith("[") && address.endsWith("]") ? address.substring(1, address.length() - 1) : address;
        if (!a.matches("\\d{1,3}(\\.\\d{1,3}){3}|[0-9a-fA-F]*:[0-9a-fA-F:]*")) return false;
        try {
            return java.net.InetAddress.getByName(a).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** Starts listening; throws when the address cannot be bound. */
    public void start() throws Exception {
        server.start();
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** The address to open in a browser. */
    public URI uri() {
        String host = connector.getHost();
        if (host == null || host.equals("0.0.0.0") || host.equals("::")) host = "localhost";
        if (host.contains(":")) host = "[" + host + "]";
        return URI.create("http://" + host + ":" + port() + "/");
    }

    public void join() throws InterruptedException {
        server.join();
    }

    @Override
    public void close() throws Exception {
        context.close();
        server.stop();
    }
}
