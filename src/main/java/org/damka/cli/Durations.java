package org.damka.cli;

import java.math.BigDecimal;
import java.util.Locale;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Durations on the command line, read as milliseconds: a number with a unit ({@code 500ms},
 * {@code 60s}, {@code 1.5s}), or a bare number in the option's own unit (seconds for timeouts,
 * milliseconds for move times and margins, as each option's help says).
 */
final class Durations {
    private Durations() { }

    /** A bare number is seconds. */
    static final class Seconds implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, 1000);
        }
    }

    /** A bare number is milliseconds. */
    static final class Millis implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, 1);
        }
    }

    /** {@code text} in milliseconds; {@code bareUnitMs} is the unit of a number without one. */
    static long parse(String text, long bareUnitMs) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = bareUnitMs;
        if (t.endsWith("ms")) {
            unit = 1;
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            unit = 1000;
            t = t.substring(0, t.length() - 1);
        }
        try {
            BigDecimal ms = new BigDecimal(t.trim()).multiply(BigDecimal.valueOf(unit));
            if (ms.signum() < 0) throw new TypeConversionException("'" + text + "' is negative");
            return ms.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new TypeConversionException("'" + text + "' is not a duration (e.g. "
                    + (bareUnitMs == 1 ? "500, 500ms or 0.5s" : "60, 60s or 500ms") + ")");
        }
    }
}
