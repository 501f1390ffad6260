"""Helpers shared by the hooks that print a report table: unit choice and right-aligned rows."""


def check_unit(unit, factors):
    """Raises ValueError unless `unit` is ``'auto'`` or a key of `factors`."""
    if unit != 'auto' and unit not in factors:
        raise ValueError('unit must be \'auto\' or one of {}, got {!r}'.format(
            list(factors), unit))


def format_quantity(magnitude, unit, factors):
    """Formats `magnitude` (in a base unit: seconds, bytes, ...) as ``'%3.2f<unit>'``.

    Args:
        magnitude (float): A non-negative quantity in the base unit.
        unit (str): A key of `factors` (see `check_unit`), or ``'auto'`` for the largest unit in
            which `magnitude` is at least 1 (the smallest unit when it is below 1 in all of them,
            zero included).
        factors: An ordered mapping from unit name to how many of that unit make one base unit,
            from the largest unit to the smallest. The value printed is ``magnitude * factor``.

    """
    if unit == 'auto':
        names = list(factors)
        unit = next((name for name in names if magnitude * factors[name] >= 1), names[-1])
    return '%3.2f%s' % (magnitude * factors[unit], unit)


def write_table(rows, file):
    """Writes `rows` (tuples of strings, the header first) as right-aligned columns.

    Columns are separated by two spaces and each is as wide as its widest cell; `file` is flushed
    afterwards when it can be.
    """
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    template = '  '.join('{:>%d}' % width for width in widths)
    for row in rows:
        file.write(template.format(*row))
        file.write('\n')
    if hasattr(file, 'flush'):
        file.flush()
