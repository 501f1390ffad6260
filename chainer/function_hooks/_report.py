"""Helpers shared by the hooks that print a report table: unit choice and right-aligned rows."""


def choose_unit(magnitude, units):
    """Picks the largest unit in which `magnitude` is at least 1.

    Args:
        magnitude (float): A non-negative quantity in the base unit (seconds, bytes, ...).
        units: ``(name, size in base units)`` pairs, from the smallest size to the largest.

    Returns:
        tuple: ``(size, name)`` of the chosen unit; the smallest one when `magnitude` is below
        all of them (zero included).
    """
    chosen = units[0]
    for unit in units:
        if magnitude >= unit[1]:
            chosen = unit
    return chosen[1], chosen[0]


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
