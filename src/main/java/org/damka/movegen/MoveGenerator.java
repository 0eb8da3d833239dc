package org.damka.movegen;

import org.damka.board.Position;
import org.damka.rules.CapturePrecedence;
import org.damka.rules.Geometry;
import org.damka.rules.Rules;

/**
 * Legal move generation for one variant. Quiet moves and the "is there a capture?" test are
 * bitboard code of each geometry family (one word: {@link SquareMoveGenerator}; two words:
 * {@link HexMoveGenerator}); the capture walker that enumerates capture sequences is shared and
 * table-driven. It applies every capture rule in one place: compulsory continuation, Turkish
 * strike (captured pieces stay and block until the move ends), flying or short kings, the
 * landing rule of flying kings, promotion during a capture, the precedence among captures
 * ({@link CapturePrecedence}: the majority rule today), and merging of paths with the same
 * (from, to, captured set).
 *
 * <p>An instance keeps scratch state: use one per thread.
 */
public abstract class MoveGenerator {
    /** The four slanted directions, for the bitboard code of the families. */
    protected static final int ALL_DIRECTIONS = (1 << Geometry.DIRECTIONS) - 1;

    protected final Rules rules;
    protected final Geometry geometry;
    private final int[] next;
    private final int layout;
    /** The directions of the board's neighbour table, and per direction: its opposite, the others. */
    private final int directions;
    private final int[] back, across;
    private final int everyDirection;
    private final boolean flyingKings;
    private final CapturePrecedence precedence;
    /** False under free choice: every capture is kept and no rank is computed. */
    private final boolean ranked;
    private final Rules.PromotionInCapture promotionInCapture;
    /** Directions a man captures in, per side. */
    protected final int[] manCaptureDirections = new int[2];
    /** Counting mode's list: the captures that need merging (see {@link #mayRepeat}). */
    private final MoveList scratch = new MoveList(MoveList.ONE_POSITION);
    /**
     * The fewest pieces a man's capture can take when two of its paths are the same move. On a
     * square board a man's jumps land on one lattice whose graph has no odd cycle, and each
     * captured piece fixes the jump over it, so the captured set fixes the path's jumps: a second
     * path with the same ends needs a cycle of them, four at least. Hexagonal cells have
     * triangles, and a man that goes on as a king can end where a man's path ends: merge from
     * two there, as for kings.
     */
    private final int manRepeatsFrom;
    /**
     * Whether counting mode may count men's moves by bitboards ({@link #menToWalk}): the family
     * can, single jumps all rank alike, and no longer capture by a man ranks below them.
     */
    protected final boolean menCountShortcut;
    private final int singleJumpRank;

    // Walker state for the move being built.
    private MoveList out;
    /** Counting mode (perft's last ply): finished captures that cannot repeat are only counted. */
    private boolean counting;
    private int counted;
    private int listStart;
    private int origin;
    private boolean originIsKing;
    private long enemyKingsLo, enemyKingsHi;
    /** Side to move, the enemy pieces and the empty cells (with the origin) of the walk. */
    protected int side;
    protected long enemyLo, enemyHi, emptyLo, emptyHi;
    /** The highest rank of the captures listed so far (ranked precedence only). */
    private int best;
    private long promotionLo, promotionHi;

    /** menCountByBitboards: the family implements {@link #menToWalk}. */
    protected MoveGenerator(Rules rules, boolean menCountByBitboards) {
        this.rules = rules;
        this.geometry = rules.geometry();
        this.next = geometry.nextTable();
        this.layout = geometry.layoutBits();
        this.directions = geometry.directions();
        this.everyDirection = (1 << directions) - 1;
        this.back = new int[directions];
        this.across = new int[directions];
        for (int d = 0; d < directions; d++) {
            back[d] = geometry.opposite(d);
            across[d] = everyDirection & ~(1 << d) & ~(1 << back[d]);
        }
        this.flyingKings = rules.flyingKings();
        this.precedence = rules.capturePrecedence();
        this.ranked = precedence != CapturePrecedence.FREE_CHOICE;
        this.promotionInCapture = rules.promotionInCapture();
        this.singleJumpRank = precedence.rank(1, 0, false);
        this.menCountShortcut = menCountByBitboards && singleJumpsRankBelowLongerCaptures(precedence);
        this.manRepeatsFrom = geometry.twoWords()
                || promotionInCapture == Rules.PromotionInCapture.CONTINUE_AS_KING ? 2 : 4;
        int forwardWhite = (1 << Geometry.UP_LEFT) | (1 << Geometry.UP_RIGHT);
        int forwardBlack = (1 << Geometry.DOWN_LEFT) | (1 << Geometry.DOWN_RIGHT);
        manCaptureDirections[Position.WHITE] = rules.menCaptureBackward() ? everyDirection : forwardWhite;
        manCaptureDirections[Position.BLACK] = rules.menCaptureBackward() ? everyDirection : forwardBlack;
    }

    /** True if a man's single jumps all rank alike and no longer capture by a man ranks below them. */
    private static boolean singleJumpsRankBelowLongerCaptures(CapturePrecedence precedence) {
        int single = precedence.rank(1, 0, false);
        if (precedence.rank(1, 1, false) != single) return false;
        for (int pieces = 2; pieces <= 4; pieces++) {
            for (int kings = 0; kings <= pieces; kings++) {
                if (precedence.rank(pieces, kings, false) < single) return false;
            }
        }
        return true;
    }

    /** The generator for a variant, chosen once by its geometry. */
    public static MoveGenerator create(Rules rules) {
        return rules.geometry().twoWords() ? new HexMoveGenerator(rules) : new SquareMoveGenerator(rules);
    }

    public Rules rules() { return rules; }

    /** Fills the list with every legal move of the side to move; returns their number. */
    public final int generate(Position p, MoveList list) {
        list.clear();
        long menLo = jumpingMenLo(p), menHi = jumpingMenHi(p);
        if ((menLo | menHi) != 0 || kingsCanCapture(p)) {
            generateCaptures(p, list, menLo, menHi);
        } else {
            generateQuiet(p, list);
        }
        return list.size;
    }

    /**
     * The number of legal moves (perft's last ply), counted without listing them: quiet moves by
     * popcounts, men's single jumps by bitboards where the family can ({@link #menToWalk}),
     * other captures by the walker in counting mode (it lists only those it must merge).
     */
    public final int countMoves(Position p) {
        int side = p.sideToMove();
        if (menCountShortcut && ((p.piecesLo(side) & p.kingsLo()) | (p.piecesHi(side) & p.kingsHi())) == 0) {
            long walk = menToWalk(p);
            return walk == 0 ? countedByBitboards : countByWalk(p, walk, 0, countedByBitboards);
        }
        long menLo = jumpingMenLo(p), menHi = jumpingMenHi(p);
        if ((menLo | menHi) == 0 && !kingsCanCapture(p)) return countQuiet(p);
        return countByWalk(p, menLo, menHi, 0);
    }

    /**
     * Counts the captures of the given men and every king by the walker in counting mode, plus
     * singleJumps one-jump captures made by other men. The walked captures outrank those unless
     * they too are single jumps or the choice is free.
     */
    protected final int countByWalk(Position p, long menLo, long menHi, int singleJumps) {
        scratch.clear();
        counting = true;
        counted = 0;
        generateCaptures(p, scratch, menLo, menHi);
        counting = false;
        int walked = counted + scratch.size;
        return !ranked || best == singleJumpRank ? walked + singleJumps : walked;
    }

    /**
     * perft(2) of a position: the legal moves of each of its children, summed (perft's last two
     * plies). Here every move is played into {@code child} and its moves counted; a family may
     * count some children from the bitboards of the move instead. {@code list} is scratch.
     */
    public long countChildMoves(Position p, MoveList list, Position child) {
        int n = generate(p, list);
        long total = 0;
        for (int i = 0; i < n; i++) {
            child.copyFrom(p);
            list.play(child, i);
            total += countMoves(child);
        }
        return total;
    }

    /**
     * The number of legal moves when the side to move is known to have no capture
     * ({@link #hasCapture} false): the search's horizon, which has just tested for captures.
     */
    public final int countQuietMoves(Position p) {
        return countQuiet(p);
    }

    /**
     * Lists the legal moves when the side to move is known to have no capture ({@link #hasCapture}
     * false): the search's horizon, which has just tested for captures.
     */
    public final int generateQuietMoves(Position p, MoveList list) {
        list.clear();
        generateQuiet(p, list);
        return list.size;
    }

    /** True if the side to move has a capture (and so must capture). */
    public final boolean hasCapture(Position p) {
        return (jumpingMenLo(p) | jumpingMenHi(p)) != 0 || kingsCanCapture(p);
    }

    /**
     * The men of the side to move that can jump now (an enemy piece next to them in a direction
     * they capture in, an empty cell behind it), low word of the layout.
     */
    protected abstract long jumpingMenLo(Position p);

    /** The same, high word. */
    protected abstract long jumpingMenHi(Position p);

    /** True if some king of the side to move can capture. */
    protected abstract boolean kingsCanCapture(Position p);

    /** Adds the non-capturing moves of the side to move. */
    protected abstract void generateQuiet(Position p, MoveList list);

    /** Counts the non-capturing moves of the side to move. */
    protected abstract int countQuiet(Position p);

    /**
     * Counting mode's shortcut for a side with men only, in a family that can do it by bitboards
     * ({@code menCountShortcut}): a man none of whose jumps can go on makes one move per jump,
     * and with no capture at all the quiet moves are popcounts. Returns the men (low word) with
     * a jump that may go on, for the walker, and puts the moves counted without it in
     * {@link #countedByBitboards}: the quiet moves if no man can capture, else the other men's jumps.
     */
    protected long menToWalk(Position p) {
        throw new UnsupportedOperationException("no bitboard count of men's moves in this family");
    }

    /** Set by {@link #menToWalk}. */
    protected int countedByBitboards;

    /** Adds every legal capture, walking the given jumping men and every king. */
    private void generateCaptures(Position p, MoveList list, long menLo, long menHi) {
        side = p.sideToMove();
        int enemy = side ^ 1;
        long ownLo = p.piecesLo(side), ownHi = p.piecesHi(side);
        enemyLo = p.piecesLo(enemy);
        enemyHi = p.piecesHi(enemy);
        enemyKingsLo = enemyLo & p.kingsLo();
        enemyKingsHi = enemyHi & p.kingsHi();
        long freeLo = geometry.boardLo() & ~(p.whiteLo() | p.blackLo());
        long freeHi = geometry.boardHi() & ~(p.whiteHi() | p.blackHi());
        promotionLo = geometry.promotionLo(side);
        promotionHi = geometry.promotionHi(side);
        out = list;
        listStart = list.size;
        best = 0;
        indexedList = null;
        walkPieces(menLo | (ownLo & p.kingsLo()), 0, freeLo, freeHi, p.kingsLo());
        long hi = menHi | (ownHi & p.kingsHi());
        if (hi != 0) walkPieces(hi, 64, freeLo, freeHi, p.kingsHi());
        out = null;
    }

    private void walkPieces(long pieces, int offset, long freeLo, long freeHi, long kings) {
        for (; pieces != 0; pieces &= pieces - 1) {
            int low = Long.numberOfTrailingZeros(pieces);
            int bit = low + offset;
            origin = bit;
            // The capturing piece's own start square counts as empty.
            emptyLo = offset == 0 ? freeLo | (1L << low) : freeLo;
            emptyHi = offset == 0 ? freeHi : freeHi | (1L << low);
            originIsKing = ((kings >>> low) & 1) != 0;
            if (originIsKing) {
                kingCapture(bit, 0, 0, 0, everyDirection, false);
            } else {
                manCapture(bit, 0, 0, 0);
            }
        }
    }

    private static boolean has(long lo, long hi, int bit) {
        return (((bit < 64 ? lo : hi) >>> bit) & 1) != 0;
    }

    /**
     * A man stands on sq having taken count pieces: capture on, or end the move here. A family
     * may override this with bitboard code; it must call {@link #afterJump} for every jump and
     * {@link #endManCapture} when there is none.
     */
    protected void manCapture(int sq, long capLo, long capHi, int count) {
        boolean continued = false;
        int dirs = manCaptureDirections[side];
        for (int d = 0; d < directions; d++) {
            if ((dirs & (1 << d)) == 0) continue;
            int victim = next[d * layout + sq];
            if (victim < 0 || !has(enemyLo, enemyHi, victim) || has(capLo, capHi, victim)) continue;
            int landing = next[d * layout + victim];
            if (landing < 0 || !has(emptyLo, emptyHi, landing)) continue;
            continued = true;
            long cLo = capLo, cHi = capHi;
            if (victim < 64) cLo |= 1L << victim; else cHi |= 1L << victim;
            afterJump(landing, cLo, cHi, count + 1);
        }
        if (!continued) endManCapture(sq, capLo, capHi, count);
    }

    /** A man has jumped to landing, having taken count pieces in all: promotion rules, then on. */
    protected final void afterJump(int landing, long capLo, long capHi, int count) {
        if (has(promotionLo, promotionHi, landing)) {
            switch (promotionInCapture) {
                case END_MOVE -> emit(landing, capLo, capHi, count, true);
                case CONTINUE_AS_KING -> kingCapture(landing, capLo, capHi, count, everyDirection, true);
                case PASS_AS_MAN -> manCapture(landing, capLo, capHi, count);
            }
        } else {
            manCapture(landing, capLo, capHi, count);
        }
    }

    /** A man on sq cannot jump again: the capture ends here (if it took anything). */
    protected final void endManCapture(int sq, long capLo, long capHi, int count) {
        if (count > 0) emit(sq, capLo, capHi, count, has(promotionLo, promotionHi, sq));
    }

    /**
     * A king stands on sq having taken count pieces: capture on in the given directions, or end
     * the move here. A flying king chooses among the empty squares behind its victim, but must
     * take one from which it can go on if there is such a square; going on along the same line
     * is the same move from every landing square, so it is walked once, from the last one.
     */
    private void kingCapture(int sq, long capLo, long capHi, int count, int dirs, boolean promoted) {
        boolean continued = false;
        for (int d = 0; d < directions; d++) {
            if ((dirs & (1 << d)) == 0) continue;
            int base = d * layout;
            int victim = victimAlong(sq, base, capLo, capHi);
            if (victim < 0) continue;
            int landing = next[base + victim];
            continued = true;
            long cLo = capLo, cHi = capHi;
            if (victim < 64) cLo |= 1L << victim; else cHi |= 1L << victim;
            int taken = count + 1;
            if (!flyingKings) {
                kingCapture(landing, cLo, cHi, taken, everyDirection & ~(1 << back[d]), promoted);
                continue;
            }
            int across = this.across[d];
            int last = landing;
            boolean goesOn = false;
            for (int x = landing; x >= 0 && has(emptyLo, emptyHi, x); x = next[base + x]) {
                last = x;
                if (!goesOn && canCapture(x, across, cLo, cHi)) goesOn = true;
            }
            boolean straightOn = canCapture(last, 1 << d, cLo, cHi);
            if (!goesOn && !straightOn) {
                for (int x = landing; x >= 0 && has(emptyLo, emptyHi, x); x = next[base + x]) {
                    emit(x, cLo, cHi, taken, promoted);
                }
                continue;
            }
            if (goesOn) {
                for (int x = landing; x >= 0 && has(emptyLo, emptyHi, x); x = next[base + x]) {
                    if (canCapture(x, across, cLo, cHi)) kingCapture(x, cLo, cHi, taken, across, promoted);
                }
            }
            if (straightOn) kingCapture(last, cLo, cHi, taken, 1 << d, promoted);
        }
        if (!continued && count > 0) emit(sq, capLo, capHi, count, promoted);
    }

    /**
     * The enemy piece a king on sq can take along the direction whose table offset is base, or
     * -1: the first occupied square on the line (the adjacent one for a short king) must hold an
     * enemy piece not yet taken, with an empty square right behind it.
     */
    private int victimAlong(int sq, int base, long capLo, long capHi) {
        return victimOn(sq, base, flyingKings, capLo, capHi, enemyLo, enemyHi, emptyLo, emptyHi);
    }

    /**
     * The rule of a single jump, for the walker and for {@link #jumps}: along the line from sq,
     * the first occupied square (the adjacent one unless flying) must hold an enemy piece not
     * yet taken, with an empty square right behind it. Returns that piece, or -1.
     */
    private int victimOn(int sq, int base, boolean flying, long capLo, long capHi,
                         long enLo, long enHi, long emLo, long emHi) {
        int v = next[base + sq];
        if (flying) {
            while (v >= 0 && has(emLo, emHi, v)) v = next[base + v];
        }
        if (v < 0 || !has(enLo, enHi, v) || has(capLo, capHi, v)) return -1;
        int landing = next[base + v];
        return landing >= 0 && has(emLo, emHi, landing) ? v : -1;
    }

    /**
     * Every single jump from a of the side to move's piece whose move started on origin (a man,
     * or a king, flying where the rules say so), with the pieces of the captured set already
     * taken: each entry of out is {@code victim << 8 | landing}, nearest landing first; returns
     * their number. The walker's own jump rule, for notation (which follows and prints landing
     * paths). Slow path; it reads no walker state, so it may run beside a walk.
     */
    public final int jumps(Position p, int origin, int a, boolean king, long capLo, long capHi, int[] out) {
        int own = p.sideToMove(), enemy = own ^ 1;
        long enLo = p.piecesLo(enemy), enHi = p.piecesHi(enemy);
        long emLo = geometry.boardLo() & ~(p.whiteLo() | p.blackLo());
        long emHi = geometry.boardHi() & ~(p.whiteHi() | p.blackHi());
        // The capturing piece's own start square counts as empty.
        if (origin < 64) emLo |= 1L << origin; else emHi |= 1L << origin;
        boolean flying = king && flyingKings;
        int dirs = king ? everyDirection : manCaptureDirections[own];
        int n = 0;
        for (int d = 0; d < directions; d++) {
            if ((dirs & (1 << d)) == 0) continue;
            int base = d * layout;
            int victim = victimOn(a, base, flying, capLo, capHi, enLo, enHi, emLo, emHi);
            if (victim < 0) continue;
            for (int x = next[base + victim]; x >= 0 && has(emLo, emHi, x); x = next[base + x]) {
                out[n++] = victim << 8 | x;
                if (!flying) break;
            }
        }
        return n;
    }

    /** The most single jumps {@link #jumps} can list from one square. */
    public final int maxJumps() {
        return directions * geometry.rows();
    }

    private boolean canCapture(int sq, int dirs, long capLo, long capHi) {
        for (int d = 0; d < directions; d++) {
            if ((dirs & (1 << d)) != 0 && victimAlong(sq, d * layout, capLo, capHi) >= 0) return true;
        }
        return false;
    }

    /** Adds a finished capture, applying the capture precedence and merging duplicate paths. */
    private void emit(int to, long capLo, long capHi, int count, boolean promotes) {
        MoveList list = out;
        if (ranked) {
            int kings = Long.bitCount(capLo & enemyKingsLo) + Long.bitCount(capHi & enemyKingsHi);
            int rank = precedence.rank(count, kings, originIsKing);
            if (rank < best) return;
            if (rank > best) {
                best = rank;
                list.size = listStart;
                counted = 0;
                indexedList = null;
            }
        }
        if (!mayRepeat(count, promotes)) {
            if (counting) counted++;
            else list.add(origin, to, capLo, capHi, count, promotes);
            return;
        }
        {
            if (list.size - listStart <= LINEAR_MERGE_LIMIT) {
                for (int i = listStart; i < list.size; i++) {
                    if (same(list, i, to, capLo, capHi)) return;
                }
            } else if (indexedContains(list, to, capLo, capHi)) {
                return;
            }
        }
        list.add(origin, to, capLo, capHi, count, promotes);
    }

    /**
     * True if another path of the capture being emitted can be the same move: a king's capture
     * (or a man's that goes on as a king) of two pieces or more, a man's of {@link #manRepeatsFrom}.
     */
    private boolean mayRepeat(int count, boolean promotes) {
        return count >= 2 && (originIsKing || promotes || count >= manRepeatsFrom);
    }

    private boolean same(MoveList list, int i, int to, long capLo, long capHi) {
        return list.capturedLo[i] == capLo && list.capturedHi[i] == capHi
                && list.from(i) == origin && list.to(i) == to;
    }

    // Merging duplicates in a long capture list (flying kings can have tens of thousands of
    // captures) uses an open-addressing index of the list instead of a quadratic scan. It is
    // made only when a list gets long, so ordinary positions never allocate or touch it.
    private static final int LINEAR_MERGE_LIMIT = 48;
    // The index belongs to one walk's list from listStart: a new walk, or the majority rule
    // emptying the list, drops it (indexedList = null), or it would hold positions of old moves.
    private int[] index;          // list position + 1, or 0 for a free slot
    private MoveList indexedList;
    private int indexedStart, indexedCount;

    /** True if the list (from listStart) already has the move; indexes entries as needed. */
    private boolean indexedContains(MoveList list, int to, long capLo, long capHi) {
        if (indexedList != list || indexedStart != listStart) {
            indexedList = list;
            indexedStart = listStart;
            indexedCount = 0;
            if (index != null) java.util.Arrays.fill(index, 0);
        }
        int entries = list.size - listStart;
        if (index == null || index.length < 4 * (entries + 1)) {
            index = new int[Integer.highestOneBit(Math.max(256, 8 * (entries + 1)))];
            indexedCount = 0;
        }
        // Index the entries added since the last call (the new move is added right after).
        for (; indexedCount < entries; indexedCount++) {
            int i = listStart + indexedCount;
            insert(slotOf(list.from(i), list.to(i), list.capturedLo[i], list.capturedHi[i]), i);
        }
        int mask = index.length - 1;
        for (int slot = slotOf(origin, to, capLo, capHi); ; slot = (slot + 1) & mask) {
            int entry = index[slot];
            if (entry == 0) return false;
            if (same(list, entry - 1, to, capLo, capHi)) return true;
        }
    }

    private void insert(int slot, int listPosition) {
        int mask = index.length - 1;
        while (index[slot] != 0) slot = (slot + 1) & mask;
        index[slot] = listPosition + 1;
    }

    private int slotOf(int from, int to, long capLo, long capHi) {
        long h = (capLo * 0x9E3779B97F4A7C15L) ^ (capHi * 0xC2B2AE3D27D4EB4FL) ^ ((long) from << 40) ^ ((long) to << 20);
        h ^= h >>> 29;
        return (int) (h ^ (h >>> 32)) & (index.length - 1);
    }
}
