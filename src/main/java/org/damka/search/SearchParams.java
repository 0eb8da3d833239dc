package org.damka.search;

/**
 * The switches and numbers of the search's selective parts, so that a self-play harness can
 * compare two configurations. {@link #DEFAULT} is what the engine plays with. Each part is built
 * from its all-off value with one-field {@code with…} methods, so no caller writes a row of bare
 * numbers and switches. Measured with
 * {@code org.damka.dev.SelfPlay} (russian, 200 games, 20000 nodes a move, seed 11): the threat
 * extension on vs off -26 +- 37 Elo (left off; at 50k nodes, 300-400 games: -3 russian, -31
 * international, -14 english). Late move reductions and ProbCut were measured by matches
 * (bench/RESULTS.md, "Selectivity"): the reductions gained in every variant tried; ProbCut with Scan's
 * margin gained in international and brazilian (on there, {@link #forRules}); the internal
 * iterative reduction in russian, english and hexagonal (on there; its second ply at deep
 * nodes in english only). The horizon's clean exchanges gained in every variant (on); Scan's
 * success-rate history in english only, and not surely (a switch, off); futility at the
 * frontier gained at fixed nodes in international but not at equal time (a switch, off).
 *
 * @param aspiration          search iterations from depth 4 on with a window around the last score
 * @param aspirationDelta     the first half-width of that window
 * @param lmr                 late move reductions
 * @param probCut             cut-offs predicted by a shallow search with a raised bound
 * @param futility            quiet moves skipped one ply from the horizon by the evaluation
 * @param iir                 nodes without a table move searched a ply shallower
 * @param threatExtension     at the horizon, a quiet position in which the opponent would have a
 *                            capture is searched one ply more instead of being evaluated
 * @param killers             quiet moves that caused cut-offs at the same ply are tried early
 * @param history             how the other quiet moves are ordered
 * @param quiescence          the quiet moves searched at the horizon
 */
public record SearchParams(boolean aspiration, int aspirationDelta, Reductions lmr, ProbCut probCut, Futility futility,
                           InternalReduction iir, boolean threatExtension, boolean killers, History history, Quiescence quiescence) {

    /** What orders the quiet moves after the table move and the killers. */
    public enum History {
        /** generation order */
        OFF,
        /** how often the move (side, from, to) caused a cut-off, weighted by the depth squared */
        CUTOFFS,
        /** as Scan 2.0: the rate at which the move was the best of a node where it was tried */
        SUCCESS
    }

    /**
     * Late move reductions as Scan 2.0 makes them: a quiet move (neither a capture nor a
     * promotion) that comes after the first moves of a node is searched shallower with a null
     * window, and again at full depth if it beats alpha. Killers are reduced too: the re-search
     * catches the ones that work. A reduced move keeps at least one ply before the horizon, so at
     * depth 2 nothing is reduced.
     *
     * @param on             reductions are made
     * @param minDepth       ... at nodes with at least this depth left
     * @param fullMoves      ... after this many moves searched at full depth at a non-PV node
     * @param pvFullMoves    ... after this many at a PV node, where the reduction is one ply
     * @param deepMoves      from this move on a non-PV node reduces two plies instead of one
     * @param deeperMoves    from this move on a non-PV node reduces three plies
     * @param exchangeOffers a move that offers an exchange (the opponent must capture) is reduced
     *                       too, as in Scan; else it keeps its depth, being the first step of
     *                       most combinations
     * @param killers        killer moves are reduced too, as in Scan (the re-search catches the
     *                       ones that work)
     */
    public record Reductions(boolean on, int minDepth, int fullMoves, int pvFullMoves, int deepMoves,
                             int deeperMoves, boolean exchangeOffers, boolean killers) {
        /** A move index no node reaches: {@code deeperMoves} that never reduces three plies. */
        public static final int NEVER = Integer.MAX_VALUE;
        /** No reductions; the starting point of the named ones. */
        public static final Reductions OFF = new Reductions(false, 0, 0, 0, 0, NEVER, false, false);
        public static final Reductions SCAN = OFF.withOn(true).withMinDepth(2).withFullMoves(1).withPvFullMoves(3).withDeepMoves(4)
                .withExchangeOffers(true).withKillers(true);

        /** The plies by which the quiet move at index move of a node with depth left is reduced. */
        int plies(int depth, int move, boolean pvNode) {
            if (!on || depth < minDepth || move < (pvNode ? pvFullMoves : fullMoves)) return 0;
            if (pvNode) return 1;
            return move >= deeperMoves ? 3 : move >= deepMoves ? 2 : 1;
        }

        public Reductions withOn(boolean enabled) {
            return new Reductions(enabled, minDepth, fullMoves, pvFullMoves, deepMoves, deeperMoves, exchangeOffers, killers);
        }

        public Reductions withMinDepth(int depth) {
            return new Reductions(on, depth, fullMoves, pvFullMoves, deepMoves, deeperMoves, exchangeOffers, killers);
        }

        public Reductions withFullMoves(int moves) {
            return new Reductions(on, minDepth, moves, pvFullMoves, deepMoves, deeperMoves, exchangeOffers, killers);
        }

        public Reductions withPvFullMoves(int moves) {
            return new Reductions(on, minDepth, fullMoves, moves, deepMoves, deeperMoves, exchangeOffers, killers);
        }

        public Reductions withDeepMoves(int move) {
            return new Reductions(on, minDepth, fullMoves, pvFullMoves, move, deeperMoves, exchangeOffers, killers);
        }

        public Reductions withDeeperMoves(int move) {
            return new Reductions(on, minDepth, fullMoves, pvFullMoves, deepMoves, move, exchangeOffers, killers);
        }

        public Reductions withExchangeOffers(boolean reduced) {
            return new Reductions(on, minDepth, fullMoves, pvFullMoves, deepMoves, deeperMoves, reduced, killers);
        }

        public Reductions withKillers(boolean reduced) {
            return new Reductions(on, minDepth, fullMoves, pvFullMoves, deepMoves, deeperMoves, exchangeOffers, reduced);
        }
    }

    /**
     * ProbCut as Scan 2.0 makes it: before its move loop, a non-PV node searches itself at a
     * fraction of its depth against a null window raised by a margin that grows with the depth;
     * if even that bound is beaten, the node fails high without a full search (its score less the
     * margin). No ProbCut is tried inside such a shallow search, nor near a win or a loss.
     *
     * @param on           the cut is tried
     * @param minDepth     ... at nodes with at least this depth left
     * @param marginPerPly the raise of the bound per ply of depth (a man is 100, in Scan too)
     * @param depthPercent the shallow search's depth in percent of the node's
     */
    public record ProbCut(boolean on, int minDepth, int marginPerPly, int depthPercent) {
        /** No cut; the starting point of the named ones. */
        public static final ProbCut OFF = new ProbCut(false, 0, 0, 0);
        /**
         * Scan's numbers (its search.cpp: from depth 3, 40% of the depth, 5 centi-men a ply), off.
         * The first trial used twice its margin (10 a ply) and no variant gained clearly; where
         * Scan's own margin gained, it is on: {@link SearchParams#PROBCUT_VARIANTS}.
         */
        public static final ProbCut SCAN = OFF.withMinDepth(3).withMarginPerPly(5).withDepthPercent(40);

        public ProbCut withOn(boolean enabled) {
            return new ProbCut(enabled, minDepth, marginPerPly, depthPercent);
        }

        public ProbCut withMinDepth(int depth) {
            return new ProbCut(on, depth, marginPerPly, depthPercent);
        }

        public ProbCut withMarginPerPly(int margin) {
            return new ProbCut(on, minDepth, margin, depthPercent);
        }

        public ProbCut withDepthPercent(int percent) {
            return new ProbCut(on, minDepth, marginPerPly, percent);
        }
    }

    /**
     * The quiet moves searched at the horizon after the evaluation (stand pat) failed to reach
     * beta, as Scan 2.0 does: promotions, and while no king is on the board, moves that offer an
     * exchange. Each is followed by the capture sequence it starts and is scored as such; the
     * evaluation stands when none does better. damka's exchanges are clean one-for-one ones
     * (every capture the opponent has takes one man, and each can be taken back), offered only
     * when the opponent threatens nothing, and once a line: offering every move after which the
     * opponent must capture, again after each exchange, cost 110 Elo in russian (bench/RESULTS.md).
     *
     * @param promotions a man that can crown is moved
     * @param exchanges  a man move that offers a clean exchange (no king on the board)
     */
    public record Quiescence(boolean promotions, boolean exchanges) {
        public static final Quiescence NONE = new Quiescence(false, false);
        /** What the engine plays with: at 50k nodes a move it gained 10 +- 23 Elo (russian), 29 +- 30 (international), 42 +- 24 (english). */
        public static final Quiescence CLEAN_EXCHANGES = NONE.withExchanges(true);

        public Quiescence withPromotions(boolean searched) {
            return new Quiescence(searched, exchanges);
        }

        public Quiescence withExchanges(boolean searched) {
            return new Quiescence(promotions, searched);
        }

        boolean any() { return promotions || exchanges; }
    }

    /**
     * Futility at the frontier: at a non-PV node one ply from the horizon, with no capture to
     * make, whose evaluation plus a margin is at most alpha, a quiet move after the first that
     * neither promotes nor forces a capture is not searched: its child's horizon would stand on
     * an evaluation close to this one. (A reverse futility cut, failing high where the
     * evaluation beats beta by 60 a ply at depths 1 and 2, screened −7 ± 27 in international.)
     *
     * @param on     the moves are skipped
     * @param margin how far below alpha the evaluation must be (a man is 100)
     */
    public record Futility(boolean on, int margin) {
        public static final Futility OFF = new Futility(false, 50);

        public Futility withOn(boolean enabled) {
            return new Futility(enabled, margin);
        }

        public Futility withMargin(int centiMen) {
            return new Futility(on, centiMen);
        }
    }

    /**
     * Internal iterative reduction, as Stockfish makes it: a node at depth {@code minDepth} or more
     * without a move from the table is searched a ply shallower. Such a node was never searched or
     * only failed low (damka stores no move then); its move order is a guess, so its full-depth
     * search costs the most and is the least likely to matter. A node that does matter is
     * visited again in the next iteration, then with a table move, at its full depth. Stockfish
     * takes two plies from a deep cut-node; damka has no cut-node flag and takes them from a deep
     * non-PV node.
     *
     * @param on          the reduction is made
     * @param minDepth    ... at nodes with at least this depth left
     * @param twoPlyDepth a non-PV node with at least this depth left is reduced two plies
     *                    ({@link #NEVER}: no node)
     */
    public record InternalReduction(boolean on, int minDepth, int twoPlyDepth) {
        /** A {@code twoPlyDepth} no node reaches: the reduction is one ply everywhere. */
        public static final int NEVER = Integer.MAX_VALUE;
        public static final InternalReduction OFF = new InternalReduction(false, 4, NEVER);

        public InternalReduction withOn(boolean enabled) {
            return new InternalReduction(enabled, minDepth, twoPlyDepth);
        }

        public InternalReduction withMinDepth(int depth) {
            return new InternalReduction(on, depth, twoPlyDepth);
        }

        public InternalReduction withTwoPlyDepth(int depth) {
            return new InternalReduction(on, minDepth, depth);
        }

        /** The plies by which a node at this depth with this table move (0: none) is reduced. */
        int plies(int depth, int ttMove, boolean pvNode) {
            if (!on || ttMove != 0 || depth < minDepth) return 0;
            return !pvNode && depth >= twoPlyDepth ? 2 : 1;
        }
    }

    /**
     * Where ProbCut is on, each by an SPRT(0, 20) at 100 ms a move that accepted: international
     * +37.6 ± 30.1 Elo (232 games), brazilian +23.5 ± 19.2 (252 games).
     */
    static final java.util.Set<String> PROBCUT_VARIANTS = java.util.Set.of("international", "brazilian");

    /**
     * Where the internal iterative reduction is on, each by a match at 100 ms a move: english
     * +34.0 ± 19.6 Elo (400 games), russian +19.1 ± 16.6 (400), hexagonal +21.3 ± 17.9 (800).
     * Where ProbCut is on nearly every node it could reduce has a table move (it fired at 0.2% of
     * international's nodes at depth 4 or more; a match was stopped at −9.1 ± 34.4 after 114
     * games): off.
     */
    static final java.util.Set<String> IIR_VARIANTS = java.util.Set.of("russian", "english", "hexagonal");

    /**
     * Where the reduction takes two plies from non-PV nodes at depth 8 or more: english, by two
     * matches at 100 ms a move, +16.5 ± 13.4 Elo (800 games). In russian it did not gain: −6.1 ±
     * 14.1 (400 games).
     */
    static final java.util.Set<String> IIR_TWO_PLY_VARIANTS = java.util.Set.of("english");
    private static final int IIR_TWO_PLY_DEPTH = 8;

    /** Every selective part off and moves in generation order: the starting point of {@link #DEFAULT}. */
    public static final SearchParams NONE = new SearchParams(false, 0, Reductions.OFF, ProbCut.OFF, Futility.OFF, InternalReduction.OFF, false, false,
            History.OFF, Quiescence.NONE);

    public static final SearchParams DEFAULT = NONE.withAspirationDelta(30).withAspiration(true).withLmr(Reductions.SCAN).withProbCut(ProbCut.SCAN)
            .withOrdering(true, History.CUTOFFS).withQuiescence(Quiescence.CLEAN_EXCHANGES);

    /**
     * What the engine plays with in a variant: {@link #DEFAULT}, with ProbCut, the internal
     * iterative reduction and its second ply on in the variants where each won a match at equal
     * time. Moves that offer an exchange are reduced in english too: exempting them there cost
     * 68 +- 23 Elo at 200k nodes a move (bench/RESULTS.md, "Moves that offer an exchange keep
     * their depth").
     */
    public static SearchParams forRules(org.damka.rules.Rules rules) {
        String name = rules.name();
        InternalReduction iir = DEFAULT.iir().withOn(IIR_VARIANTS.contains(name))
                .withTwoPlyDepth(IIR_TWO_PLY_VARIANTS.contains(name) ? IIR_TWO_PLY_DEPTH : InternalReduction.NEVER);
        return DEFAULT.withProbCut(PROBCUT_VARIANTS.contains(name)).withIir(iir);
    }

    public SearchParams withLmr(boolean on) {
        return new SearchParams(aspiration, aspirationDelta, lmr.withOn(on), probCut, futility, iir, threatExtension, killers, history, quiescence);
    }

    public SearchParams withLmr(Reductions reductions) {
        return new SearchParams(aspiration, aspirationDelta, reductions, probCut, futility, iir, threatExtension, killers, history, quiescence);
    }

    public SearchParams withQuiescence(Quiescence q) {
        return new SearchParams(aspiration, aspirationDelta, lmr, probCut, futility, iir, threatExtension, killers, history, q);
    }

    public SearchParams withProbCut(boolean on) {
        return new SearchParams(aspiration, aspirationDelta, lmr, probCut.withOn(on), futility, iir, threatExtension, killers, history, quiescence);
    }

    public SearchParams withProbCut(ProbCut cut) {
        return new SearchParams(aspiration, aspirationDelta, lmr, cut, futility, iir, threatExtension, killers, history, quiescence);
    }

    public SearchParams withFutility(boolean on) {
        return withFutility(futility.withOn(on));
    }

    public SearchParams withFutility(Futility f) {
        return new SearchParams(aspiration, aspirationDelta, lmr, probCut, f, iir, threatExtension, killers, history, quiescence);
    }

    public SearchParams withIir(boolean on) {
        return withIir(iir.withOn(on));
    }

    public SearchParams withIir(InternalReduction reduction) {
        return new SearchParams(aspiration, aspirationDelta, lmr, probCut, futility, reduction, threatExtension, killers, history, quiescence);
    }

    public SearchParams withThreatExtension(boolean on) {
        return new SearchParams(aspiration, aspirationDelta, lmr, probCut, futility, iir, on, killers, history, quiescence);
    }

    public SearchParams withAspiration(boolean on) {
        return new SearchParams(on, aspirationDelta, lmr, probCut, futility, iir, threatExtension, killers, history, quiescence);
    }

    /** The same with the aspiration window's first half-width (a man is 100). */
    public SearchParams withAspirationDelta(int centiMen) {
        return new SearchParams(aspiration, centiMen, lmr, probCut, futility, iir, threatExtension, killers, history, quiescence);
    }

    public SearchParams withOrdering(boolean killersOn, History historyKind) {
        return new SearchParams(aspiration, aspirationDelta, lmr, probCut, futility, iir, threatExtension, killersOn, historyKind, quiescence);
    }
}
