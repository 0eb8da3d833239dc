package org.damka.gui;

import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.damka.board.Position;
import org.damka.rules.Rules;
import org.damka.rules.Variants;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;

/**
 * One browser connection. Reads JSON requests (docs/gui.md lists them), answers a bad one with an
 * {@code error} message to this client only, and sends without blocking: a client that lets more
 * than {@link GuiLimits#maxQueuedMessages()} messages pile up is disconnected, so it cannot stall
 * the room it is in. (Public only because Jetty calls the listener methods reflectively.)
 */
public final class Client implements Session.Listener.AutoDemanding {
    /** One JSON value a message: anything after it is refused, not ignored. */
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    /** The longest error message sent (longer ones are cut). */
    static final int MAX_ERROR_CHARS = 300;

    private final GuiContext context;
    private final AtomicInteger queued = new AtomicInteger();
    private volatile Session session;
    /** The player's address (behind a local reverse proxy, the one it forwards): limits count by it. */
    private final String address;
    /** This socket counts against its address's limit until it closes (once). */
    private final java.util.concurrent.atomic.AtomicBoolean counted = new java.util.concurrent.atomic.AtomicBoolean();
    /** Refused at its address's limit: it is closing, and nothing it sends is served. */
    private volatile boolean refused;
    private Room room;
    private volatile int seat = Room.SPECTATOR;
    /** The name the player gave with its last create or join (online rooms show it), or null. */
    private volatile String name;

    Client(GuiContext context, String address) {
        this.context = context;
        this.address = address;
    }

    int seat() { return seat; }

    String name() { return name; }

    /** Called by the room (under its lock) when this client takes a seat in it. */
    void seated(Room r, int s) {
        room = r;
        seat = s;
    }

    @Override
    public void onWebSocketOpen(Session s) {
        session = s;
        if (!context.openSocket(address)) {
            refused = true;
            // 1008, policy violation: the page shows the reason and tries again later.
            s.close(1008, "too many connections from your address (" + context.limits().socketsPerAddress() + ")",
                    org.eclipse.jetty.websocket.api.Callback.NOOP);
            return;
        }
        counted.set(true);
    }

    @Override
    public void onWebSocketText(String text) {
        if (refused) return; // a socket refused at the address's limit, closing
        String type = "?";
        try {
            JsonNode request = MAPPER.readTree(text);
            if (request == null || !request.isObject()) throw new IllegalArgumentException("a request is a JSON object with a \"type\"");
            type = request.path("type").asText("?");
            handle(type, request);
        } catch (JsonProcessingException e) {
            // Where, not the parser's own words (they name its classes and settings).
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            error(type, "not a JSON object" + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
                    + ": a request is one JSON object with a \"type\"");
        } catch (IllegalArgumentException | IllegalStateException e) {
            error(type, e.getMessage());
        } catch (RuntimeException e) {
            System.err.println("damka gui: request '" + type + "' failed: " + e);
            error(type, "internal error");
        }
    }

    @Override
    public void onWebSocketBinary(java.nio.ByteBuffer payload, org.eclipse.jetty.websocket.api.Callback callback) {
        callback.succeed();
        error("?", "binary messages are not accepted; send JSON text");
    }

    private void handle(String type, JsonNode request) {
        switch (type) {
            case "create" -> create(request);
            case "join" -> join(request);
            case "move" -> { String move = text(request, "move"); inRoom((r, s) -> r.move(s, move)); }
            case "undo" -> inRoom(Room::undo);
            case "newgame" -> inRoom(Room::newGame);
            case "resign" -> inRoom(Room::resign);
            case "claim" -> inRoom(Room::claim);
            case "draw" -> { boolean accept = drawAnswer(request); inRoom((r, s) -> r.draw(s, accept)); }
            case "import" -> {
                String text = text(request, "text");
                Room r = inRoom();
                String note;
                synchronized (r) {
                    note = r.load(seat, text);
                }
                ObjectNode m = MAPPER.createObjectNode();
                m.put("type", "imported");
                if (note != null) m.put("note", note);
                send(m.toString());
            }
            case "export" -> {
                ObjectNode m = MAPPER.createObjectNode();
                m.put("type", "pdn");
                m.put("text", inRoom().pdn());
                send(m.toString());
            }
            case "analyse" -> {
                Room r = inRoom();
                JsonNode given = request.path("lines");
                int lines = given.isIntegralNumber() && given.canConvertToInt() ? given.intValue() : -1; // not true, "2" or 2.7
                r.checkMayAnalyse(seat, lines); // a refused request frees nobody's engine
                if (lines > 0 && !r.holdsEngine()) context.makeRoomForAnEngine(); // outside the room's lock
                r.analyse(seat, lines);
            }
            case "ping" -> send("{\"type\":\"pong\"}");
            default -> throw new IllegalArgumentException("unknown request type '" + abbreviate(type)
                    + "' (create, join, move, undo, newgame, resign, draw, claim, import, export, analyse, ping)");
        }
    }

    /** The longest player name kept (longer ones are cut). */
    static final int MAX_NAME = 24;

    /** A player's name from a request: no control characters, at most {@link #MAX_NAME} characters; null for none. */
    static String name(JsonNode request) {
        JsonNode n = request.get("name");
        if (n == null || n.isNull()) return null;
        if (!n.isTextual()) throw new IllegalArgumentException("\"name\" must be a string");
        String clean = n.asText().replaceAll("[\\p{Cntrl}\\p{Cf}]", "").strip();
        if (clean.codePointCount(0, clean.length()) > MAX_NAME) clean = clean.substring(0, clean.offsetByCodePoints(0, MAX_NAME)).strip();
        return clean.isEmpty() ? null : clean;
    }

    private void create(JsonNode request) {
        Room.Mode mode = switch (request.path("mode").asText("")) {
            case "engine" -> Room.Mode.ENGINE;
            case "hotseat" -> Room.Mode.HOTSEAT;
            case "online" -> Room.Mode.ONLINE;
            default -> throw new IllegalArgumentException("mode must be engine, hotseat or online");
        };
        String variant = request.path("variant").asText("");
        Rules rules = Variants.byName(variant);
        if (rules == null) throw new IllegalArgumentException("unknown variant '" + abbreviate(variant) + "' (one of " + String.join(", ", Variants.names()) + ")");
        int side = switch (request.path("side").asText("white")) {
            case "white" -> Position.WHITE;
            case "black" -> Position.BLACK;
            case "random" -> context.random().nextInt(2);
            default -> throw new IllegalArgumentException("side must be white, black or random");
        };
        Level level = Level.parse(request.path("level").asText(null));
        String token = context.newToken();
        String given = name(request);
        GameClock clock = clock(request.get("clock"));
        Room r = context.create(mode, rules, side, level, token, address);
        if (clock != null) r.setClock(clock);
        leaveRoom(); // only now: a refused request leaves the client where it was
        name = given;
        r.join(this, token, null); // the engine makes the first move when it has it (english: Black starts)
    }

    /** A clock asked for as {"minutes": m, "increment": seconds}, or null for none. */
    private static GameClock clock(JsonNode c) {
        if (c == null || c.isNull()) return null;
        if (!c.isObject() || !c.path("minutes").isNumber() || !(c.path("increment").isMissingNode() || c.path("increment").isNumber())) {
            throw new IllegalArgumentException("clock must be {\"minutes\": m, \"increment\": seconds}");
        }
        // out of range (a huge number rounds to Long.MAX_VALUE): refused by the clock
        return new GameClock(Math.round(c.get("minutes").asDouble() * 60_000), Math.round(c.path("increment").asDouble(0) * 1000));
    }

    private void join(JsonNode request) {
        String code = request.path("room").asText("");
        Room r = context.find(code);
        if (r == null) throw new IllegalArgumentException(GuiContext.noRoom(code));
        String token = request.path("token").asText(null);
        String wanted = request.hasNonNull("seat") ? request.get("seat").asText() : null;
        String given = name(request);
        if (r == room && seat != Room.SPECTATOR && r.seatFor(token, wanted) != seat) {
            // else one player could take the other seat too, leaving its own "away" and the friend nowhere
            throw new IllegalArgumentException("you already have a seat in this room");
        }
        // The seat is held before the client leaves its room: a refused join (or one that loses a
        // race for the seat) leaves the client where it was.
        Room.Seat held = r.reserve(token, wanted);
        if (r != room) leaveRoom();
        if (given != null) name = given; // a rejoin without one keeps the name given before
        r.enter(this, held);
    }

    /** A draw request offers (or accepts) unless it says "accept": false, which declines. */
    private static boolean drawAnswer(JsonNode request) {
        JsonNode accept = request.get("accept");
        if (accept == null || accept.isNull()) return true;
        if (!accept.isBoolean()) throw new IllegalArgumentException("\"accept\" must be true or false");
        return accept.booleanValue();
    }

    /**
     * Runs a request in this client's room with its seat read under the room's lock: a new
     * online game swaps the seats, and a move read as White's must not be played after it.
     */
    private void inRoom(java.util.function.ObjIntConsumer<Room> request) {
        Room r = inRoom();
        synchronized (r) {
            request.accept(r, seat);
        }
    }

    private Room inRoom() {
        Room r = room;
        if (r == null) throw new IllegalArgumentException("join or create a room first");
        return r;
    }

    private static String text(JsonNode request, String field) {
        JsonNode n = request.get(field);
        if (n == null || !n.isTextual()) throw new IllegalArgumentException("\"" + field + "\" must be a string");
        return n.asText();
    }

    /** User text quoted back in an error, cut to a readable length. */
    static String abbreviate(String s) {
        if (s.codePointCount(0, s.length()) <= 20) return s;
        return s.substring(0, s.offsetByCodePoints(0, 20)) + "…"; // never half a surrogate pair (an emoji)
    }

    private void leaveRoom() {
        Room r = room;
        room = null;
        if (r != null) r.leave(this); // reads the seat under the room's lock
        seat = Room.SPECTATOR;
    }

    private void error(String type, String message) {
        ObjectNode m = MAPPER.createObjectNode();
        m.put("type", "error");
        m.put("request", type.length() > 20 ? type.substring(0, 20) : type);
        // Messages may quote the request (a move, a position string): no client gets 64 kB echoed.
        m.put("message", message == null ? "bad request" : message.length() > MAX_ERROR_CHARS ? message.substring(0, MAX_ERROR_CHARS) + "…" : message);
        send(m.toString());
    }

    /** Sends without blocking; a client too slow to take its messages is disconnected. */
    void send(String text) {
        Session s = session;
        if (s == null || !s.isOpen()) return;
        if (queued.incrementAndGet() > context.limits().maxQueuedMessages()) {
            queued.decrementAndGet();
            s.close(1008, "too slow: messages not read", Callback.NOOP);
            return;
        }
        s.sendText(text, Callback.from(queued::decrementAndGet, failure -> {
            queued.decrementAndGet();
            s.disconnect();
        }));
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
        leaveRoom();
        release();
    }

    @Override
    public void onWebSocketError(Throwable cause) {
        leaveRoom();
        release();
    }

    private void release() {
        if (counted.compareAndSet(true, false)) context.closeSocket(address);
    }
}
