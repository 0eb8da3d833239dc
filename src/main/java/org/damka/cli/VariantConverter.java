package org.damka.cli;

import org.damka.rules.Rules;
import org.damka.rules.Variants;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a variant name for picocli options. */
final class VariantConverter implements ITypeConverter<Rules> {
    @Override
    public Rules convert(String value) {
        Rules r = Variants.byName(value);
        if (r == null) throw new TypeConversionException("unknown variant '" + value + "' (one of " + Variants.names() + ")");
        return r;
    }
}
