package org.damka.match;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.notation.HubBoard;
import org.damka.notation.HubLine;
import org.damka.rules.Rules;

/**
 * An engine that speaks the Hub protocol (Scan's; protocol.md, "Hub"), selected by
 * {@code proto=hub}. Handshake: {@code hub} ... {@code wait}, {@code set-param name=variant} (the
 * Hub name, {@code normal} for international), one {@code set-param} per spec option,
 * {@code init} ... {@code ready}; an {@code error} line before {@code ready} (an unknown variant
 * or parameter) fails the start, and so does any line before {@code wait} other than {@code id}
 * and {@code param}: the engine speaks another protocol (Scan 2.0's first Hub protocol answers
 * {@code name …}, {@code author …}). A new game: {@code new-game}, then {@code ping} ... {@code pong}.
 * A move: {@code pos pos=<start> moves="…"} (the whole game, in Hub numbering), a {@code level},
 * {@code go think}, then {@code info … score=…} lines and {@code done move=…}.
 *
 * <p>The engine's move is translated into damka's notation for the referee; a move that names no
 * legal move is returned with the reason in {@link Reply#moveError()}, so it loses as an illegal
 * move. Scores in men (1.00 = 100 cp; ±(100 - plies/100) for a won or lost game) become
 * centipawns as {@link UciClient} reports them.
 *
 * <p>The process layer is the match's own {@link EngineProcess} (deadlines on every read, the
 * protocol log, crash reports, no process left behind), not the tests' {@code HubClient}.
 * When the engine misses a deadline during a search, the client sends {@code stop} and waits a
 * moment for the late {@code done}; an engine that still does not answer is killed, so a stale
 * reply can never be taken for the answer to a later request.
 */
public final class HubEngineClient extends ProcessEngineClient {
    private final HubBoard board;

    /** Parameters as {@link UciClient#UciClient}. */
    public HubEngineClient(EngineSpec spec, String label, Rules rules, long startTimeoutMs, long readyTimeoutMs, MatchLog log) {
        super(spec, label, rules, startTimeoutMs, readyTimeoutMs, log);
        this.board = new HubBoard(rules);
    }

    @Override
    protected String handshakeReplies() {
        return "hub … wait, init … ready";
    }

    @Override
    protected void handshake(long deadline) throws EngineException, InterruptedException {
        process.send("hub");
        List<String> variants = null; // the declared values of the variant parameter, if any
        while (true) {
            String text = readLine(deadline);
            HubLine line = HubLine.parse(text);
            String cmd = line.command();
            if (cmd.equals("wait")) break;
            if (!cmd.isEmpty() && !cmd.equals("id") && !cmd.equals("param")) {
                throw new EngineException(EngineException.Kind.START_FAILED, "not a Hub 2 engine: it answered 'hub' with '"
                        + Referee.printable(text) + "' (a Hub 2 engine sends id, param and wait)");
            }
            if (cmd.equals("id") && line.value("name") != null) idName = line.value("name").trim();
            if (cmd.equals("param") && "variant".equals(line.value("name"))) {
                String values = line.value("values");
                variants = values == null ? List.of() : List.of(values.trim().split("\\s+"));
            }
        }
        String variant = HubBoard.variantName(rules);
        if (variants != null && !variants.isEmpty() && !variants.contains(variant)) {
            throw new EngineException(EngineException.Kind.START_FAILED, "the engine does not play " + variant
                    + " (its variants: " + Referee.printable(String.join(" ", variants), 300) + ")");
        }
        // An engine without a variant parameter plays international draughts only.
        if (variants != null || !variant.equals("normal")) setParam("variant", variant);
        for (Map.Entry<String, String> option : spec.options().entrySet()) setParam(option.getKey(), option.getValue());
        process.send("init");
        skipUntil(deadline, line -> HubLine.parse(line).command().equals("ready")); // error reports are kept by readLine
    }

    private void setParam(String name, String value) throws EngineException {
        process.send("set-param " + HubLine.pair("name", name) + " " + HubLine.pair("value", value));
    }

    @Override
    protected void sendNewGame() throws EngineException {
        process.send("new-game");
        process.send("ping");
    }

    @Override
    protected boolean isReady(String line) {
        return HubLine.parse(line).command().equals("pong");
    }

    @Override
    protected boolean endsSearch(String line) {
        return HubLine.parse(line).command().equals("done");
    }

    @Override
    public Reply play(String startFen, List<String> moves, SearchRequest request, long timeoutMs)
            throws EngineException, InterruptedException {
        Game game = Game.replay(rules, startFen, moves);
        Position start = game.startPosition();
        List<String> hubMoves = board.gameMoves(game);

        StringBuilder pos = new StringBuilder("pos ").append(HubLine.pair("pos", board.positionString(start)));
        if (!hubMoves.isEmpty()) pos.append(' ').append(HubLine.pair("moves", String.join(" ", hubMoves)));
        process.discardPending();
        process.send(pos.toString());
        process.send("level " + level(request, game.position().sideToMove()));
        process.send("go think");
        long begin = System.nanoTime();
        long deadline = deadlineAfter(timeoutMs);
        Integer score = null;
        while (true) {
            String text = readSearchLine(deadline, begin, "done");
            HubLine line = HubLine.parse(text);
            switch (line.command()) {
                case "info" -> {
                    Integer s = parseScore(line.value("score"));
                    if (s != null) score = s;
                }
                case "done" -> {
                    long elapsed = msToLastArrival(begin);
                    if (line.error() != null) return new Reply(text, score, elapsed, "an unreadable done line: " + line.error());
                    String move = line.value("move");
                    if (move == null || move.isBlank()) return new Reply(null, score, elapsed);
                    try {
                        return new Reply(board.toNotation(game.position(), move), score, elapsed);
                    } catch (IllegalArgumentException e) {
                        return new Reply(move, score, elapsed, e.getMessage());
                    }
                }
                default -> { } // anything else is for humans (and the protocol log)
            }
        }
    }

    /**
     * The arguments of the {@code level} line for a request, {@code side} being the side to move.
     * Hub's {@code time} is the engine's remaining time and {@code inc} is added before the move
     * (protocol.md), while the referee adds it after; so {@code time} is the clock less the
     * increment, and time plus increment is exactly what the referee allows.
     */
    static String level(SearchRequest r, int side) {
        if (r.clock()) {
            long clock = side == Position.WHITE ? r.whiteTime() : r.blackTime();
            long inc = side == Position.WHITE ? r.whiteInc() : r.blackInc();
            String level = "time=" + seconds(Math.max(0, clock - inc));
            return inc > 0 ? level + " inc=" + seconds(inc) : level;
        }
        if (r.depth() > 0) return "depth=" + r.depth();
        if (r.nodes() > 0) return "nodes=" + r.nodes();
        if (r.moveTime() > 0) return "move-time=" + seconds(r.moveTime());
        return "infinite";
    }

    private static String seconds(long ms) {
        return BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString();
    }

    /**
     * An {@code info score=} value (men, e.g. {@code 0.12} or {@code -3}) in centipawns. Values
     * from 99 to 100 men are won or lost games: 100 - plies/100 becomes ±({@value UciClient#MATE_CP}
     * - moves); other values are kept below that range. Null for a missing or unreadable value.
     */
    static Integer parseScore(String value) {
        if (value == null) return null;
        BigDecimal men;
        try {
            men = new BigDecimal(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
        // Settle absurd exponents from the double first: scaling 1e999999999 exactly is slow or throws.
        double approx = men.doubleValue();
        if (Math.abs(approx) > 101) return (int) Math.signum(approx) * (UciClient.MATE_CP - 1000);
        if (Math.abs(approx) < 0.001) return 0;
        BigDecimal hundredths = men.movePointRight(2);
        if (hundredths.abs().compareTo(BigDecimal.valueOf(10_000)) > 0) {
            return men.signum() * (UciClient.MATE_CP - 1000); // beyond any score: just a big one
        }
        int h = hundredths.setScale(0, java.math.RoundingMode.HALF_UP).intValue();
        int sign = h < 0 ? -1 : 1;
        if (Math.abs(h) >= 9_900) {
            int plies = 10_000 - Math.abs(h);
            return sign * (UciClient.MATE_CP - (plies + 1) / 2);
        }
        return h;
    }

    /** {@code error message="…"} (Hub 2), or the words after {@code error} (Scan 2.0's {@code error bad position}). */
    @Override
    protected String errorIn(String text) {
        HubLine line = HubLine.parse(text);
        if (!line.command().equals("error")) return null;
        String message = line.value("message");
        if (message != null) return message;
        String rest = text.trim().substring(5).trim();
        return rest.isEmpty() ? "error" : rest;
    }
}
