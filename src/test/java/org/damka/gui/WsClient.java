package org.damka.gui;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A plain WebSocket client of the gui server (java.net.http), for protocol and load tests. */
final class WsClient implements AutoCloseable {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
    final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final WebSocket ws;
    private final StringBuilder partial = new StringBuilder();

    WsClient(URI server) {
        this(server, null);
    }

    /** A client that names the page it runs in, as a browser does (null: none). */
    WsClient(URI server, String origin) {
        URI uri = URI.create("ws://" + server.getHost() + ":" + server.getPort() + "/ws");
        WebSocket.Builder builder = HTTP.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10));
        if (origin != null) builder.header("Origin", origin);
        ws = builder.buildAsync(uri, new WebSocket.Listener() {
            @Override
            public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    try {
                        received.add(MAPPER.readTree(partial.toString()));
                    } catch (Exception e) {
                        received.add(MAPPER.createObjectNode().put("type", "unreadable").put("text", partial.toString()));
                    }
                    partial.setLength(0);
                }
                w.request(1);
                return null;
            }

            @Override
            public CompletionStage<?> onClose(WebSocket w, int status, String reason) {
                closed.complete(status);
                return null;
            }

            @Override
            public void onError(WebSocket w, Throwable error) {
                closed.complete(-1);
            }
        }).join();
    }

    void send(String text) {
        ws.sendText(text, true).join();
    }

    /** Sends without waiting (the server may close the connection while it reads). */
    CompletableFuture<WebSocket> sendAsync(String text) {
        return ws.sendText(text, true);
    }

    void send(String format, Object... args) {
        send(String.format(format, args));
    }

    /** The next message of the given type, skipping others (e.g. state updates); fails after 30 s. */
    JsonNode next(String type) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            JsonNode m = received.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (m == null) throw new AssertionError("no '" + type + "' message within 30 s");
            if (type.equals(m.path("type").asText())) return m;
        }
    }

    /** The next message whatever its type, or null if none comes within the time. */
    JsonNode poll(long millis) throws InterruptedException {
        return received.poll(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        if (!ws.isOutputClosed()) ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").exceptionally(e -> null);
        ws.abort();
    }
}
