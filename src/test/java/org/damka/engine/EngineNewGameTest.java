package org.damka.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.damka.movegen.Move;
import org.damka.search.SearchInfo;
import org.damka.search.SearchLimits;
import org.damka.search.SearchListener;
import org.junit.jupiter.api.Test;

/**
 * What a new game keeps and forgets. A GUI sets the variant before every game and often sends
 * {@code go} right after {@code ucinewgame}: the same variant must not throw the built search
 * away, and the table must be emptied once (at {@code ucinewgame}), not again on the move's clock;
 * but whatever the order, a search after a new game or a new variant sees nothing of the old one.
 */
class EngineNewGameTest {
    private static final int DEPTH = 9;

    /** The nodes of a search to {@link #DEPTH} from the engine's position. */
    private static long nodes(Engine engine) throws InterruptedException {
        AtomicLong nodes = new AtomicLong(-1);
        engine.go(SearchLimits.depth(DEPTH), new SearchListener() {
            @Override public void info(SearchInfo info) { if (info.depth() == DEPTH) nodes.set(info.nodes()); }
            @Override public void bestMove(Move move, Move ponder) { }
        });
        engine.waitForSearch();
        return nodes.get();
    }

    private static long fresh(String variant) throws InterruptedException {
        Engine engine = new Engine();
        engine.setVariant(variant);
        try {
            return nodes(engine);
        } finally {
            engine.close();
        }
    }

    @Test
    void theSameVariantOrEvaluationAgainKeepsTheBuiltSearch() {
        Engine engine = new Engine();
        engine.setVariant("russian");
        engine.prepare();
        assertTrue(engine.searchBuilt());
        String start = engine.fen();
        engine.play(engine.game().legalMoves(new org.damka.movegen.MoveList()).move(0));
        assertTrue(!engine.fen().equals(start));
        engine.setVariant("russian");
        engine.setEvaluation(engine.evaluation());
        assertTrue(engine.searchBuilt(), "nothing changed: the search stays");
        assertEquals(start, engine.fen(), "the variant set again still starts its game again");
        engine.setVariant("brazilian");
        assertFalse(engine.searchBuilt(), "another variant needs another search");
        engine.close();
    }

    @Test
    void aSearchAfterANewGameOrVariantSeesNothingOfTheOldOne() throws InterruptedException {
        long russian = fresh("russian"), brazilian = fresh("brazilian");
        Engine engine = new Engine();
        engine.setVariant("russian");
        assertEquals(russian, nodes(engine));
        assertTrue(nodes(engine) != russian, "a second search finds the first's table: the checks below can tell");

        engine.setVariant("brazilian"); // a variant, then a new game: the table is emptied at ucinewgame
        engine.newGame();
        assertEquals(brazilian, nodes(engine), "variant, then new game");

        engine.setVariant("russian"); // a variant without a new game: the table is emptied before the search
        assertEquals(russian, nodes(engine), "variant without a new game");

        engine.newGame(); // a new game in the same variant
        engine.setVariant("russian");
        assertEquals(russian, nodes(engine), "new game, then the same variant");
        engine.close();
    }
}
