package org.damka.protocol.dxp;

/** A DamExchange message that does not follow the layout of its type; the text says where. */
public final class DxpFormatException extends Exception {
    public DxpFormatException(String message) {
        super(message);
    }
}
