"""PrintReport: prints the entries of a LogReport as a table."""

import sys

from chainer.training import extension
from chainer.training.extensions import log_report as log_report_module


class PrintReport(extension.Extension):
    """Extension that prints the new entries of a LogReport's log, one row each.

    The header is printed at the first call; each column is at least 10 characters wide, values are
    formatted with ``'g'`` and missing values are left blank.

    Args:
        entries (list of str): The keys to print, in column order.
        log_report (str or LogReport): The LogReport to read: the name of one registered to the trainer,
            or an object (which this extension then calls itself).
        out: Output stream, sys.stdout by default.
    """

    def __init__(self, entries, log_report='LogReport', out=sys.stdout):
        self._entries = entries
        self._log_report = log_report
        self._out = out
        self._log_len = 0
        entry_widths = [max(10, len(s)) for s in entries]
        self._header = '  '.join('{:%d}' % w for w in entry_widths).format(*entries) + '\n'
        self._templates = [(entry, '{:<%dg}  ' % w, ' ' * (w + 2))
                           for entry, w in zip(entries, entry_widths)]

    def __call__(self, trainer):
        """Prints the header (first call) and the log entries not printed yet."""
        out = self._out
        if self._header:
            out.write(self._header)
            self._header = None
        log_report = self._log_report
        if isinstance(log_report, str):
            log_report = trainer.get_extension(log_report)
        elif isinstance(log_report, log_report_module.LogReport):
            log_report(trainer)
        else:
            raise TypeError('log report has a wrong type {}'.format(type(log_report)))
        log = log_report.log
        while len(log) > self._log_len:
            out.write('\033[J')
            self._print(log[self._log_len])
            self._log_len += 1

    def serialize(self, serializer):
        """Saves or loads the LogReport object given to the constructor, if any."""
        if isinstance(self._log_report, log_report_module.LogReport):
            self._log_report.serialize(serializer['_log_report'])

    def _print(self, observation):
        out = self._out
        for entry, template, empty in self._templates:
            out.write(template.format(observation[entry]) if entry in observation else empty)
        out.write('\n')
        if hasattr(out, 'flush'):
            out.flush()
