package org.damka.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.damka.board.Fen;
import org.damka.board.Position;
import org.damka.game.Game;
import org.damka.game.GameResult;
import org.damka.movegen.Move;
import org.damka.movegen.MoveList;
import org.damka.movegen.MoveNotation;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * A game as the browser sees it: the pieces, the legal moves with the full path of squares and
 * the captured squares of each (so the board can animate every jump and tell apart captures that
 * share their ends), the move list, the last move and the result. Everything comes from the
 * rules core; the browser only draws it.
 */
final class GameView {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Pattern SEPARATOR = Pattern.compile("[-x:]");

    private GameView() { }

    static ObjectNode board(Rules rules) {
        BoardLayout layout = BoardLayout.of(rules);
        ObjectNode b = JSON.objectNode();
        b.put("variant", rules.name());
        b.put("shape", layout.shape());
        b.put("width", layout.width());
        b.put("height", layout.height());
        b.put("firstSide", side(rules.firstSide()));
        ArrayNode cells = b.putArray("cells");
        for (BoardLayout.Cell c : layout.cells()) {
            cells.addObject().put("name", c.name()).put("x", c.x()).put("y", c.y());
        }
        return b;
    }

    /**
     * Fills a state message with the game's position, legal moves, history and its result (the
     * board's, or one the players decided; no legal moves once there is one).
     */
    static void fill(ObjectNode state, Game game, Optional<GameResult> result) {
        Rules rules = game.rules();
        Geometry g = rules.geometry();
        Position p = game.position();
        state.put("variant", rules.name());
        state.put("ply", game.plies());
        state.put("toMove", side(p.sideToMove()));
        state.put("fen", Fen.format(rules, p));
        ArrayNode pieces = state.putArray("pieces");
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            int side = p.sideAt(bit);
            if (side < 0) continue;
            pieces.addObject().put("cell", g.cellName(c)).put("side", side(side)).put("king", p.isKing(bit));
        }
        ArrayNode moves = state.putArray("moves");
        game.moves().forEach(moves::add);
        ArrayNode legal = state.putArray("legal");
        if (result.isEmpty()) {
            MoveList list = game.legalMoves(new MoveList());
            MoveNotation notation = new MoveNotation(rules);
            for (int i = 0; i < list.size(); i++) {
                legal.add(move(g, notation.format(p, list, i), list.capturedLo(i), list.capturedHi(i)));
            }
        }
        if (game.plies() > 0) state.set("last", lastMove(game));
        if (result.isPresent()) {
            state.putObject("result").put("score", result.get().outcome().score()).put("reason", result.get().reason());
        }
    }

    /** The last move played, with its path and captured squares. */
    private static ObjectNode lastMove(Game game) {
        int last = game.plies() - 1;
        Move m = game.moveValues().get(last);
        return move(game.rules().geometry(), game.moves().get(last), m.capturedLo(), m.capturedHi());
    }

    private static ObjectNode move(Geometry g, String text, long capturedLo, long capturedHi) {
        ObjectNode m = JSON.objectNode();
        m.put("text", text);
        ArrayNode path = m.putArray("path");
        for (String square : SEPARATOR.split(text)) path.add(square);
        ArrayNode captured = m.putArray("captured");
        for (String name : cells(g, capturedLo, capturedHi)) captured.add(name);
        return m;
    }

    private static List<String> cells(Geometry g, long lo, long hi) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < g.cells(); c++) {
            int bit = g.bit(c);
            if ((((bit < 64 ? lo : hi) >>> (bit & 63)) & 1) != 0) out.add(g.cellName(c));
        }
        return out;
    }

    static String side(int side) {
        return side == Position.WHITE ? "white" : "black";
    }
}
