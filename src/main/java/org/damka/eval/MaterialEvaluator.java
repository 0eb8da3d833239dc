package org.damka.eval;

import java.util.List;

import org.damka.board.Position;
import org.damka.rules.Rules;

/** Material only: men and kings counted with their values. The baseline evaluation. */
public final class MaterialEvaluator implements Evaluator {
    private final int man;
    private final int king;

    public MaterialEvaluator(Rules rules) {
        this.man = 100;
        this.king = rules.flyingKings() ? 300 : 150;
    }

    @Override
    public int evaluate(Position p) {
        int white = material(p, Position.WHITE), black = material(p, Position.BLACK);
        return p.sideToMove() == Position.WHITE ? white - black : black - white;
    }

    private int material(Position p, int side) {
        int kings = p.kingCount(side);
        return (p.count(side) - kings) * man + kings * king;
    }

    @Override
    public List<Term> explain(Position p) {
        return List.of(new Term("material", material(p, Position.WHITE), material(p, Position.BLACK)));
    }
}
