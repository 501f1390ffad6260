"""send and recv: differentiable point-to-point communication between two ranks."""

import chainer
from chainermn.functions import _communication_node as _node


class _PointToPoint(_node.CommunicationNode):
    """A node that communicates with one peer rank, with one tag."""

    def __init__(self, comm, peer_rank, peer_tag):
        super().__init__(comm)
        self.peer_rank = peer_rank
        self.peer_tag = peer_tag


class Send(_PointToPoint):
    """The node of :func:`send`: its output is the delegate, its backward receives the gradients of
    the arrays sent."""

    def communicate_grads(self, grad_outputs):
        gxs = self.comm.recv(self.peer_rank, self.peer_tag)
        return gxs if isinstance(gxs, tuple) else (gxs,)


class Recv(_PointToPoint):
    """The node of :func:`recv`: its outputs are the arrays received, its backward sends their
    gradients back (and gives the delegate variable, if any, a zero gradient)."""

    def communicate_grads(self, grad_outputs):
        self.comm.send(tuple(grad_outputs), self.peer_rank, self.peer_tag)
        return tuple(self.zero_input_grad(i) for i in range(len(self._in_specs)))


def send(x, communicator, rank, tag=0):
    """Sends a variable (or variables) to another rank and returns a delegate variable.

    The delegate is a one-element dummy variable connected to `x` in the graph. Backprop through it
    (``delegate.backward()``, or through a variable joined to it by :func:`pseudo_connect` or
    :func:`recv`) receives from `rank` the gradient of `x` that `rank` computed for what it
    received (the backward of its :func:`recv`) and accumulates it into `x`; it waits until that
    gradient arrives. See Note [Backward order] in chainermn/functions/_communication_node.py.

    Args:
        x (~chainer.Variable, array, or tuple/list of them): What to send. Several variables are
            sent together and arrive as a tuple.
        communicator: A chainermn communicator.
        rank (int): The destination rank (not this process's own).
        tag (int): The message tag (the receiving :func:`recv` must use the same).

    Returns:
        ~chainer.Variable: The delegate variable.

    Raises:
        TypeError: If `x` is not a Variable or an array (or a tuple/list of them), or mixes
            chainerx arrays with others, or `rank` or `tag` is not an int.
        ValueError: If `rank` is this process's rank or out of range, `tag` is negative or `x`
            is an empty tuple.

    Example:
        >>> # rank 0                                    # rank 1
        >>> h = model_a(x)                              # h = chainermn.functions.recv(comm, 0)
        >>> d = chainermn.functions.send(h, comm, 1)    # loss = model_b(h, t)
        >>> d.backward()                                # loss.backward()
    """
    _node.check_communicator(communicator)
    rank = _node.check_rank(communicator, rank, 'rank', peer=True)
    tag = _node.check_tag(tag)
    many = isinstance(x, (tuple, list))
    xs = _node.as_variables(x if many else (x,), 'send: x')
    if not xs:
        raise ValueError('send: x must hold at least one Variable')
    arrays = tuple(v.array for v in xs)
    communicator.send(arrays if many else arrays[0], rank, tag)
    device = _node.device_of(arrays[0])
    node = Send(communicator, rank, tag)
    delegate, = node.connect(xs, (_node.delegate_array(device),), device)
    delegate.name = 'delegate_variable'
    return delegate


def recv(communicator, rank, delegate_variable=None, tag=0, device=None, force_tuple=False):
    """Receives what :func:`send` sent from another rank, as variables on the graph.

    Backprop through the received variables sends their gradients back to `rank` (which its
    :func:`send`'s delegate receives). With `delegate_variable` (what an earlier :func:`send` on
    this rank returned), the received variables depend on it in the graph, so one backward pass
    from the loss also runs that send's backward, after this recv's (Note [Backward order] in
    chainermn/functions/_communication_node.py).

    Args:
        communicator: A chainermn communicator.
        rank (int): The source rank (not this process's own).
        delegate_variable (~chainer.Variable): A delegate to connect the received variables to.
        tag (int): The message tag (the same as the sender's).
        device: Where the received arrays go (a chainer device specifier such as ``'@numpy'`` or
            ``'native:0'``); by default they are of the kind the sender sent (NumPy or chainerx on
            the default device of its backend). The gradients sent back are on the same device.
        force_tuple (bool): Return a tuple even when one variable was sent.

    Returns:
        ~chainer.Variable or tuple of ~chainer.Variable: The variable received (a tuple if the
        sender sent a tuple or list of variables, or if `force_tuple`).

    Raises:
        TypeError: If `rank` or `tag` is not an int or `delegate_variable` not a Variable.
        ValueError: If `rank` is this process's rank or out of range, or `tag` is negative.
    """
    _node.check_communicator(communicator)
    rank = _node.check_rank(communicator, rank, 'rank', peer=True)
    tag = _node.check_tag(tag)
    if delegate_variable is not None and not isinstance(delegate_variable, chainer.Variable):
        raise TypeError('delegate_variable must be a Variable or None, got {}'.format(
            type(delegate_variable).__name__))
    target = None if device is None else chainer.get_device(device)
    received = communicator.recv(rank, tag)
    many = isinstance(received, tuple)
    arrays = received if many else (received,)
    if target is not None:
        arrays = tuple(target.send(a) for a in arrays)
    device = _node.device_of(arrays[0])
    inputs = ()
    if delegate_variable is not None:
        inputs = (_node.join_delegate(delegate_variable, device),)
    ys = Recv(communicator, rank, tag).connect(inputs, arrays, device)
    return ys if many or force_tuple else ys[0]
