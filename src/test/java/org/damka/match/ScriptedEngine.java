package org.damka.match;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.damka.board.Fen;
import org.damka.game.Game;
import org.damka.rules.Rules;

/**
 * An in-process engine for tests: its answer is computed from the game so far (a
 * {@link EngineClient.Reply}, or an {@link EngineException} to throw). It records every request.
 */
final class ScriptedEngine implements EngineClient {
    final Function<Game, Object> answer;
    final List<SearchRequest> requests = new ArrayList<>();
    final Rules rules;
    private final String name;

    ScriptedEngine(Rules rules, Function<Game, Object> answer) {
        this(rules, "scripted", answer);
    }

    ScriptedEngine(Rules rules, String name, Function<Game, Object> answer) {
        this.rules = rules;
        this.name = name;
        this.answer = answer;
    }

    @Override public String name() { return name; }
    @Override public void start() { }
    @Override public void newGame() { }
    @Override public boolean alive() { return true; }
    @Override public List<String> errors() { return List.of(); }
    @Override public void close() { }

    @Override
    public synchronized Reply play(String startFen, List<String> moves, SearchRequest request, long timeoutMs)
            throws EngineException {
        requests.add(request);
        Game g = new Game(rules, Fen.parse(rules, startFen == null ? rules.startFen() : startFen));
        for (String m : moves) g.play(m);
        Object a = answer.apply(g);
        if (a instanceof EngineException e) throw e;
        return (Reply) a;
    }
}
