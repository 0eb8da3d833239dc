package org.damka.movegen;

import java.util.Random;

import org.damka.board.Position;
import org.damka.rules.Rules;

/** Test helper: random positions of {@link DifferentialTest} for tests in other packages. */
public final class DifferentialTestAccess {
    private DifferentialTestAccess() { }

    /** A random legal-looking placement of men and kings with a random side to move. */
    public static Position randomPlacement(Rules rules, Random random) {
        return DifferentialTest.randomPlacement(rules, random);
    }
}
