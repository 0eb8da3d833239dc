package org.damka.protocol.dxp;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * DamExchange layer 1 over a TCP stream: each message is sent as its ASCII characters followed by
 * one NUL byte, and read back up to the next NUL. Writes are whole messages (thread-safe); reads
 * are for one reader thread. A message longer than {@link #MAX_READ} bytes is cut there and
 * returned as is, the rest of it skipped up to its NUL, so a peer that never sends NUL cannot grow
 * memory without bound and a long message gets one answer.
 */
public final class DxpChannel implements Closeable {
    static final int MAX_READ = 4096;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private String unread; // a message read ahead, returned again by the next read

    public DxpChannel(Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** The next raw message (without its NUL), or null at the end of the stream. */
    public String readRaw() throws IOException {
        if (unread != null) {
            String m = unread;
            unread = null;
            return m;
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream(128);
        while (true) {
            int b = in.read();
            if (b < 0) return buf.size() == 0 ? null : buf.toString(StandardCharsets.ISO_8859_1);
            if (b == 0) return buf.toString(StandardCharsets.ISO_8859_1);
            buf.write(b);
            if (buf.size() >= MAX_READ) {
                // The rest of an overlong message is skipped: it gets one answer, not one per chunk.
                for (int c = in.read(); c > 0; c = in.read()) { }
                return buf.toString(StandardCharsets.ISO_8859_1);
            }
        }
    }

    /** Makes {@code raw} the next message read again (a server that looked at it before choosing a session). */
    public void unread(String raw) {
        unread = raw;
    }

    /** Sends one message and its NUL terminator. */
    public void send(DxpMessage message) throws IOException {
        sendRaw(message.encode());
    }

    /** Sends a text as one message (tests use it to send malformed input). */
    public void sendRaw(String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.US_ASCII);
        byte[] frame = new byte[body.length + 1];
        System.arraycopy(body, 0, frame, 0, body.length);
        synchronized (out) {
            out.write(frame);
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
