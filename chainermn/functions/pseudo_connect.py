"""pseudo_connect: joins a delegate variable to the graph of other variables."""

import chainer
from chainermn.functions import _communication_node as _node


class PseudoConnect(chainer.FunctionNode):
    """Returns the inputs after the first (the delegate) unchanged; backward passes their gradients
    through and gives the delegate a zero gradient, so that its backward runs too."""

    _chainerx_xp_forward = True

    def forward(self, inputs):
        delegate = inputs[0]
        self._delegate_spec = (delegate.shape, delegate.dtype, _node.device_of(delegate))
        return tuple(inputs[1:])

    def backward(self, indexes, grad_outputs):
        shape, dtype, device = self._delegate_spec
        delegate_grad = chainer.Variable(_node.zeros(device, shape, dtype), requires_grad=False)
        return (delegate_grad,) + tuple(grad_outputs)


def pseudo_connect(delegate_variable, *actual_variables):
    """Returns `actual_variables` joined in the graph to a delegate variable.

    The forward returns the actual variables' arrays unchanged. Backprop through the results passes
    their gradients through and gives `delegate_variable` a zero gradient, so one backward pass from
    a loss that depends on them also runs the backward behind the delegate (the gradient receipt of
    a :func:`send`, the scatter of a :func:`gather`). The actual variables' backward runs before the
    delegate's.

    Args:
        delegate_variable (~chainer.Variable): A delegate variable (what :func:`send` returns), or
            None, which joins nothing.
        actual_variables (~chainer.Variable or array): One or more variables (of one kind: all
            chainerx, or none). If the delegate is of another kind (NumPy and chainerx), it is
            joined through a differentiable copy.

    Returns:
        ~chainer.Variable or tuple of ~chainer.Variable: The actual variables (a Variable if one
        was given).

    Raises:
        TypeError: If `delegate_variable` is not a Variable or None, or an actual variable not a
            Variable or an array.
        ValueError: If no actual variable is given.

    Example:
        >>> d = chainermn.functions.send(h, comm, 1)   # h goes to rank 1
        >>> y = chainermn.functions.pseudo_connect(d, model_b(h))
        >>> F.sum(y).backward()   # also receives (and accumulates) h's gradient from rank 1
    """
    if delegate_variable is not None and not isinstance(delegate_variable, chainer.Variable):
        raise TypeError('delegate_variable must be a Variable or None, got {}'.format(
            type(delegate_variable).__name__))
    if not actual_variables:
        raise ValueError('pseudo_connect needs at least one actual variable')
    xs = _node.as_variables(actual_variables, 'pseudo_connect: actual_variables')
    if delegate_variable is None:
        ys = xs
    else:
        device = _node.device_of(xs[0].array)
        delegate = _node.join_delegate(delegate_variable, device)
        ys = PseudoConnect().apply((delegate,) + xs)
    return ys[0] if len(ys) == 1 else ys
