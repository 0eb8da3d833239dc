package org.damka.movegen;

/**
 * One move as a value, as the generator encodes it: the packed ends, promotion and capture count
 * of a {@link MoveList} entry, and the captured set. The generator lists each (from, to, captured
 * set) once, so the value names exactly one legal move of its position. Moves cross the engine's
 * boundary as these values; a {@link MoveCodec} turns them into a protocol's text at the edge.
 * The search itself keeps working on {@link MoveList} entries (no object per node).
 */
public record Move(int packed, long capturedLo, long capturedHi) {
    public int from() { return MoveList.fromOf(packed); }
    public int to() { return MoveList.toOf(packed); }
    public boolean promotes() { return MoveList.promotesOf(packed); }
    /** Number of pieces the move captures (0 for a quiet move). */
    public int captureCount() { return MoveList.captureCountOf(packed); }
    public boolean isCapture() { return captureCount() != 0; }

    /** True if entry i of a list is this move (allocates nothing). */
    public boolean is(MoveList list, int i) {
        return list.packed[i] == packed && list.capturedLo[i] == capturedLo && list.capturedHi[i] == capturedHi;
    }
}
