package org.damka.cli;

import org.damka.match.TimeControl;
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
        try {
            return TimeControl.parseMillis(text, bareUnitMs);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
