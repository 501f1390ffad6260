"""The console progress bar shared by ProgressBar and the Evaluator's progress display."""

import sys
import time


class ProgressBar:
    """A multi-line progress display redrawn in place with ANSI escape sequences.

    Subclasses implement `get_lines`; `update` erases the previous display, writes the lines and moves the
    cursor back up, so the next update overwrites them.

    Args:
        out: Output stream, sys.stdout if None.
    """

    def __init__(self, out=None):
        self._out = sys.stdout if out is None else out
        self._recent_timing = []

    def update_speed(self, iteration, epoch_detail):
        """Records a progress point; returns the speed in iterations and epochs per second.

        The speed is measured over the last ten points, so it follows recent changes.
        """
        now = time.time()
        self._recent_timing.append((iteration, epoch_detail, now))
        old_iteration, old_epoch, old_time = self._recent_timing[0]
        span = now - old_time
        if span != 0:
            speed_t = (iteration - old_iteration) / span
            speed_e = (epoch_detail - old_epoch) / span
        else:
            speed_t = speed_e = float('inf')
        if len(self._recent_timing) > 10:
            del self._recent_timing[0]
        return speed_t, speed_e

    def get_lines(self):
        """The lines to display, each ending with a newline."""
        raise NotImplementedError

    def update(self):
        """Redraws the display."""
        self.erase_console()
        lines = self.get_lines()
        for line in lines:
            self._out.write(line)
        self.move_cursor_up(len(lines))
        self.flush()

    def close(self):
        """Erases the display."""
        self.erase_console()
        self.flush()

    def erase_console(self):
        """Erases from the cursor to the end of the screen."""
        self._out.write('\033[J')

    def move_cursor_up(self, n):
        """Moves the cursor `n` lines up, to the head of the display."""
        self._out.write('\033[{:d}A'.format(n))

    def flush(self):
        """Flushes the output stream if it can be flushed."""
        if hasattr(self._out, 'flush'):
            self._out.flush()


def bar_line(title, rate, bar_length):
    """One bar: ``'<title> [####....] 12.34%'`` with `rate` in [0, 1] of the bar filled by '#'."""
    marks = '#' * int(rate * bar_length)
    return '{} [{}{}] {:6.2%}\n'.format(title, marks, '.' * (bar_length - len(marks)), rate)
