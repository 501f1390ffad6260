"""Differentiable collectives: bcast, gather, scatter, allgather and alltoall.

Every rank calls each of them, in the same order, and each rank must backprop through them in the
same order too (Note [Backward order] in chainermn/functions/_communication_node.py). The backward
of each is the communication adjoint to its forward: bcast sums the gradients at the root, gather
scatters them, scatter gathers them, allgather sums each rank's contributions to every rank, and
alltoall sends them back with another alltoall. Outputs arrive on the device of this rank's input
(where it has one), whatever kind of array the other ranks sent.
"""

from chainermn.functions import _communication_node as _node


class _Rooted(_node.CommunicationNode):
    """A collective with a root rank."""

    def __init__(self, comm, root):
        super().__init__(comm)
        self.root = root


class Bcast(_Rooted):
    """The node of :func:`bcast`."""

    def communicate_grads(self, grad_outputs):
        gathered = self.comm.gather(grad_outputs[0], root=self.root)
        if self.comm.rank != self.root:
            return ()
        return (_node.sum_arrays(gathered, self._in_specs[0][2]),)


class Gather(_Rooted):
    """The node of :func:`gather`."""

    def communicate_grads(self, grad_outputs):
        at_root = self.comm.rank == self.root
        return (self.comm.scatter(grad_outputs if at_root else None, root=self.root),)


class Scatter(_Rooted):
    """The node of :func:`scatter`."""

    def communicate_grads(self, grad_outputs):
        gathered = self.comm.gather(grad_outputs[0], root=self.root)
        return () if gathered is None else gathered


class AllGather(_node.CommunicationNode):
    """The node of :func:`allgather`."""

    def communicate_grads(self, grad_outputs):
        pieces = self.comm.alltoall(grad_outputs)
        return (_node.sum_arrays(pieces, self._in_specs[0][2]),)


class AllToAll(_node.CommunicationNode):
    """The node of :func:`alltoall`."""

    def communicate_grads(self, grad_outputs):
        return self.comm.alltoall(grad_outputs)


def _local(x, what):
    """`x` as a Variable, and the device of its array."""
    x, = _node.as_variables((x,), what)
    return x, _node.device_of(x.array)


def bcast(comm, x, root=0):
    """Broadcasts the root's variable to every rank, differentiably.

    The gradients of the outputs of all ranks are summed at the root into `x`'s gradient.

    Args:
        comm: A chainermn communicator.
        x (~chainer.Variable or array): The variable to broadcast, at the root; ignored on the other
            ranks (pass None).
        root (int): The rank whose `x` is broadcast.

    Returns:
        ~chainer.Variable: The root's `x` (on the other ranks, of the kind of array the root sent).

    Raises:
        TypeError: If `root` is not an int, or `x` at the root is not a Variable or an array.
        ValueError: If `root` is out of range.
    """
    _node.check_communicator(comm)
    root = _node.check_rank(comm, root, 'root')
    if comm.rank == root:
        x, device = _local(x, 'bcast: x')
        y = comm.bcast(x.array, root=root)
        inputs = (x,)
    else:
        y = comm.bcast(None, root=root)
        device = _node.device_of(y)
        inputs = ()
    return Bcast(comm, root).connect(inputs, (y,), device)[0]


def gather(comm, x, root=0):
    """Gathers every rank's variable at the root, differentiably.

    The backward scatters the gradients of the root's outputs back to the ranks. The other ranks get
    a delegate variable: backprop it (``delegate.backward()`` or :func:`pseudo_connect`) when the
    root backprops, for the scatter to take place (Note [Backward order] in
    chainermn/functions/_communication_node.py).

    Args:
        comm: A chainermn communicator.
        x (~chainer.Variable or array): This rank's variable (the shapes may differ between ranks).
        root (int): The rank that gathers.

    Returns:
        At the root, a tuple of ``comm.size`` Variables (rank i's `x` at index i, on the device of
        the root's `x`); elsewhere, a delegate variable.

    Raises:
        TypeError: If `root` is not an int or `x` not a Variable or an array.
        ValueError: If `root` is out of range.
    """
    _node.check_communicator(comm)
    root = _node.check_rank(comm, root, 'root')
    x, device = _local(x, 'gather: x')
    ys = comm.gather(x.array, root=root)
    node = Gather(comm, root)
    if comm.rank == root:
        return node.connect((x,), tuple(device.send(y) for y in ys), device)
    delegate, = node.connect((x,), (_node.delegate_array(device),), device)
    delegate.name = 'delegate_variable'
    return delegate


def scatter(comm, xs, root=0):
    """Scatters the root's variables, one to each rank, differentiably.

    The backward gathers the gradients of the ranks' outputs into the root's `xs`.

    Args:
        comm: A chainermn communicator.
        xs (tuple or list of ~chainer.Variable): At the root, ``comm.size`` variables (or arrays):
            ``xs[i]`` goes to rank i. Ignored on the other ranks (pass None).
        root (int): The rank that scatters.

    Returns:
        ~chainer.Variable: This rank's variable (of the kind of array the root sent).

    Raises:
        TypeError: If `root` is not an int, or `xs` at the root is not a tuple or list of Variables
            or arrays.
        ValueError: If `root` is out of range, or `xs` at the root does not hold ``comm.size``
            variables.
    """
    _node.check_communicator(comm)
    root = _node.check_rank(comm, root, 'root')
    if comm.rank == root:
        xs = _node.as_variable_tuple(xs, 'scatter: xs', comm.size)
        y = comm.scatter(tuple(x.array for x in xs), root=root)
    else:
        xs = ()
        y = comm.scatter(None, root=root)
    return Scatter(comm, root).connect(xs, (y,), _node.device_of(y))[0]


def allgather(comm, x):
    """Gathers every rank's variable on every rank, differentiably.

    The gradient of rank i's `x` is the sum over the ranks of their gradients of output i.

    Args:
        comm: A chainermn communicator.
        x (~chainer.Variable or array): This rank's variable (the shapes may differ between ranks).

    Returns:
        tuple of ~chainer.Variable: ``comm.size`` Variables, rank i's `x` at index i (on the device
        of this rank's `x`).

    Raises:
        TypeError: If `x` is not a Variable or an array.
    """
    _node.check_communicator(comm)
    x, device = _local(x, 'allgather: x')
    ys = comm.allgather(x.array)
    return AllGather(comm).connect((x,), tuple(device.send(y) for y in ys), device)


def alltoall(comm, xs):
    """Sends ``xs[i]`` to rank i and receives one variable from each rank, differentiably.

    The backward sends the gradients back with another alltoall.

    Args:
        comm: A chainermn communicator.
        xs (tuple or list of ~chainer.Variable): ``comm.size`` variables (or arrays).

    Returns:
        tuple of ~chainer.Variable: ``comm.size`` Variables: at index i, rank i's ``xs[rank]`` (on
        the device of this rank's ``xs[0]``).

    Raises:
        TypeError: If `xs` is not a tuple or list of Variables or arrays (or mixes chainerx arrays
            with others).
        ValueError: If `xs` does not hold ``comm.size`` variables.
    """
    _node.check_communicator(comm)
    xs = _node.as_variable_tuple(xs, 'alltoall: xs', comm.size)
    device = _node.device_of(xs[0].array)
    ys = comm.alltoall(tuple(x.array for x in xs))
    return AllToAll(comm).connect(xs, tuple(device.send(y) for y in ys), device)
