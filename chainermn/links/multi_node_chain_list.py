"""MultiNodeChainList: a model split over ranks, its parts joined by send and recv.

Note [Delegate chain]
Each rank runs its components in order, and the backward of every send and recv communicates, so
each rank must run them backward in the reverse order of the forward (Note [Backward order] in
chainermn/functions/_communication_node.py). The forward keeps one pending delegate: a send's
delegate is joined to what comes next on this rank, so that backprop reaches it after what comes
next: the next send's input (``pseudo_connect`` before the send), the next recv (its
``delegate_variable``), a variable the rank sent to itself, or the final output. What the last
send returns, or the output joined to the pending delegate, is thus the root of one graph whose
backward runs this rank's communications last to first.
"""

import chainer
from chainermn import functions


class MultiNodeChainList(chainer.ChainList):
    """A chain of components on several ranks, each receiving its inputs and sending its outputs.

    Every rank builds its own part of the model: the components it runs, in order, each with the
    ranks it receives its inputs from and sends its outputs to. The forward of a component receives
    (with :func:`chainermn.functions.recv`) from each rank of `rank_in` in turn, or takes the
    forward's inputs when `rank_in` is None, calls the link, and sends the result (with
    :func:`chainermn.functions.send`) to each rank of `rank_out` in turn, or keeps it as the
    model's output when `rank_out` is None. A rank may send to itself: the next component that
    receives from this rank gets the variable.

    The forward returns the model's output on the rank that has it, and a delegate variable where
    the output was sent away; every rank then backprops from what it got (from its loss where it has
    the output, with ``delegate.backward()`` elsewhere). See Note [Delegate chain].

    Args:
        comm: A chainermn communicator.

    Example:
        >>> model = MultiNodeChainList(comm)
        >>> if comm.rank == 0:
        ...     model.add_link(L.Linear(784, 100), rank_in=None, rank_out=1)
        ... elif comm.rank == 1:
        ...     model.add_link(L.Linear(100, 10), rank_in=0, rank_out=None)
    """

    def __init__(self, comm):
        super().__init__()
        self._comm = comm
        self._rank_inouts = []

    def add_link(self, link, rank_in=None, rank_out=None):
        """Appends a component.

        Args:
            link (~chainer.Link): The component.
            rank_in (int, list of int or None): The ranks to receive the link's inputs from, in
                order; None: the link takes the inputs of the forward.
            rank_out (int, list of int or None): The ranks to send the link's output to, in order;
                None: the output is the model's output (one component at most).

        Raises:
            TypeError: If a rank is not an int.
            ValueError: If a rank is out of range, or a second component has no `rank_out`.
        """
        rank_in = self._check_ranks(rank_in, 'rank_in')
        rank_out = self._check_ranks(rank_out, 'rank_out')
        if rank_out is None and any(out is None for _, out in self._rank_inouts):
            raise ValueError('MultiNodeChainList cannot have more than one component whose '
                             'rank_out is None (the model output)')
        super().add_link(link)
        self._rank_inouts.append((rank_in, rank_out))

    def _check_ranks(self, ranks, what):
        if ranks is None:
            return None
        listed = isinstance(ranks, (list, tuple))
        ranks = list(ranks) if listed else [ranks]
        for rank in ranks:
            if isinstance(rank, bool) or not isinstance(rank, int):
                raise TypeError('{} must be an int, a list of ints or None, got {}'.format(
                    what, type(rank).__name__))
            if not 0 <= rank < self._comm.size:
                raise ValueError('{} {} is out of range for a communicator of size {}'.format(
                    what, rank, self._comm.size))
        return tuple(ranks)

    def forward(self, *inputs):
        """Runs this rank's components (see the class description).

        Returns:
            The model's output (a Variable or a tuple) on the rank that has it, else the delegate
            variable of the last send (None if this rank has no component).
        """
        if len(self._rank_inouts) != len(self):
            raise RuntimeError('the components of a MultiNodeChainList must be added with '
                               'add_link (with their ranks)')
        rank = self._comm.rank
        delegate = None  # see Note [Delegate chain]
        to_self = None
        output = None
        for link, (rank_in, rank_out) in zip(self, self._rank_inouts):
            if rank_in is None:
                xs = inputs
            else:
                xs = []
                for source in rank_in:
                    if source == rank:
                        if to_self is None:
                            raise ValueError('a component receives from its own rank ({}), but no '
                                             'earlier component sent to it'.format(rank))
                        x, to_self = _join(delegate, to_self), None
                    else:
                        x = functions.recv(self._comm, source, delegate_variable=delegate)
                    delegate = None
                    xs.extend(x if isinstance(x, tuple) else (x,))
            y = link(*xs)
            for dest in (None,) if rank_out is None else rank_out:
                if dest is None:
                    output = y
                elif dest == rank:
                    to_self = y
                else:
                    delegate = functions.send(_join(delegate, y), self._comm, dest)
        if output is None:
            return delegate
        return _join(delegate, output)


def _join(delegate, y):
    """`y` (a Variable or a tuple of them) joined to the pending delegate, if any."""
    if delegate is None:
        return y
    if isinstance(y, tuple):
        joined = functions.pseudo_connect(delegate, *y)
        return joined if isinstance(joined, tuple) else (joined,)
    return functions.pseudo_connect(delegate, y)
