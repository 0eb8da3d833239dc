package org.damka.match;

/** Why a match game ended. */
public enum Termination {
    /** The rules ended it: no pieces, no move, or a draw rule of the variant. */
    RULES("rules"),
    /** The engines' scores ended it ({@code --adjudicate}). */
    ADJUDICATION("adjudication"),
    /** An engine sent an illegal, ambiguous or unreadable move. */
    ILLEGAL_MOVE("illegal move"),
    /** An engine ran out of its clock or went over its move time. */
    TIME_FORFEIT("time forfeit"),
    /** An engine process died (or could not be restarted). */
    CRASH("crash"),
    /** An engine stopped answering where no clock applies. */
    HANG("hang");

    private final String label;

    Termination(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
