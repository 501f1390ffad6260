"""The state handling shared by the stateful recurrent links (LSTM, StatefulGRU, ...)."""

import numpy

from chainer import variable


class StatefulMixin:
    """Keeps the recurrent state Variables named in `state_names` (e.g. ('c', 'h')).

    The state moves with ``to_device``; ``reset_state`` forgets it and ``set_state`` sets it.
    A subclass is a Link whose ``__init__`` calls ``reset_state`` and whose ``forward`` creates
    the missing state with :func:`zero_state`.
    """

    state_names = ('h',)

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        for name in self.state_names:
            state = getattr(self, name)
            if state is not None:
                visitor.visit_variable(state)

    def reset_state(self):
        """Forgets the state (the next forward starts from zeros)."""
        for name in self.state_names:
            setattr(self, name, None)

    def set_state(self, *states):
        """Sets the state: one Variable per name of `state_names` (c then h for LSTMs).

        The Variables are moved to the link's device.

        Raises:
            TypeError: A state is not a :class:`~chainer.Variable`, or their number is wrong.
        """
        if len(states) != len(self.state_names):
            raise TypeError('set_state takes {} states ({}), got {}'.format(
                len(self.state_names), ', '.join(self.state_names), len(states)))
        for name, state in zip(self.state_names, states):
            if not isinstance(state, variable.Variable):
                raise TypeError('the state {} must be a chainer.Variable, not {}'.format(
                    name, type(state).__name__))
        for name, state in zip(self.state_names, states):
            state.to_device(self.device)
            setattr(self, name, state)


def zero_state(link, batch, dtype):
    """A zero Variable of shape (batch, link.state_size) on the link's device."""
    return variable.Variable(link.device.send(numpy.zeros((batch, link.state_size), dtype=dtype)))
