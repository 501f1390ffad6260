"""The base of the differentiable communication functions, and the checks they share.

Note [Communication nodes]
A communication function communicates in its wrapper (``send``, ``bcast``, ...), before its node is
applied: a rank that has no input of its own (``recv``, ``bcast`` and ``scatter`` off the root)
learns the kind of array it gets (NumPy, chainerx on a device, CuPy) only from the message, and the
node's inputs must be of that kind. The node's ``forward`` then returns the arrays the wrapper
received, and its ``backward`` communicates the gradients (so it is differentiable once: the
gradients it returns do not record the communication). The nodes take the ``_chainerx_xp_forward``
path on chainerx arrays (Note [Native paths] in chainer/function_node.py), so chainerx arrays are
never converted to NumPy and chainerx's backprop calls ``backward`` with chainerx Variables.

Note [Anchors]
The first input of every node is an anchor: a new zero-size Variable that requires grad. With it,
the outputs of a node require grad on every rank, even where the node has no other input (a rank
that only receives) or where the inputs do not require grad (data sent by rank 0), so the backward
of a node runs on every rank whose loss depends on its outputs, and the ranks that wait for a
gradient message always get one. The anchor's own gradient is never computed.

Note [Backward order]
Every rank must call the communication functions in the same order in forward (as any collective),
and their backward communicates too, so the backward passes must also meet:
 * Each rank must backprop through each node it created: its loss must depend on the node's
   outputs (gradients of the outputs that the loss does not use are sent as zeros), or the
   delegate variables that ``send`` and ``gather`` return must be backpropagated, by calling
   ``delegate.backward()`` or by joining them to the loss with ``pseudo_connect`` (or ``recv``'s
   ``delegate_variable``). Every backward pass through a node communicates: a rank that backprops
   a graph twice needs the other ranks to backprop theirs twice too.
 * Backprop visits the nodes of one graph in reverse order of creation along each path, so nodes
   that depend on each other meet in the right order on every rank. Nodes that do not depend on
   each other are visited in an order that depends on the rest of the graph: ranks that build
   graphs of the same shape (the same code) visit them in the same order; otherwise connect them
   (``pseudo_connect``) or backprop them in separate ``backward`` calls in a fixed order.
 * A ``send`` backward waits for the gradient that the receiving rank's ``recv`` backward sends,
   so in a pipeline the ranks run their backward passes in the reverse order of the stages, each
   blocking until the next stage's gradient arrives.
"""

import numpy

import chainer
import chainer.functions
import chainerx
from chainer import backend
from chainermn.communicators import communicator_base


check_communicator = communicator_base.check_communicator


def check_rank(comm, rank, what, peer=False):
    """`rank` as an int after checking that it is a rank of `comm` (not this process's own rank
    if `peer`: sending to oneself would wait forever)."""
    rank = communicator_base.check_rank(rank, comm.size, what)
    if peer and rank == comm.rank:
        raise ValueError('{} must be different from the communicator rank ({}), otherwise '
                         'deadlock occurs'.format(what, comm.rank))
    return rank


def check_tag(tag):
    if isinstance(tag, bool) or not isinstance(tag, (int, numpy.integer)):
        raise TypeError('tag must be an int, got {}'.format(type(tag).__name__))
    if tag < 0:
        raise ValueError('tag must be non-negative, got {}'.format(tag))
    return int(tag)


def as_variables(values, what):
    """`values` (Variables or arrays) as Variables, all holding chainerx arrays or none of them."""
    result = []
    for value in values:
        if isinstance(value, chainer.Variable):
            if value.array is None:
                raise TypeError('{} must hold an array, got an uninitialized Variable'.format(what))
        elif not isinstance(value, chainer.get_array_types()):
            raise TypeError('{} must be a Variable or an array, got {}'.format(
                what, type(value).__name__))
        result.append(chainer.as_variable(value))
    on_chainerx = {isinstance(x.array, chainerx.ndarray) for x in result}
    if len(on_chainerx) > 1:
        raise TypeError('{}: Variables holding chainerx arrays cannot be mixed with others'.format(
            what))
    return tuple(result)


def as_variable_tuple(values, what, length):
    """A tuple or list of `length` Variables or arrays, as a tuple of Variables."""
    if not isinstance(values, (tuple, list)):
        raise TypeError('{} must be a tuple or a list of Variables, got {}'.format(
            what, type(values).__name__))
    if len(values) != length:
        raise ValueError('{} must hold {} Variables (one per rank), got {}'.format(
            what, length, len(values)))
    return as_variables(values, what)


def device_of(array):
    return backend.get_device_from_array(array)


def zeros(device, shape, dtype):
    """A new array of zeros on a chainer.backend.Device."""
    if isinstance(device, backend.ChainerxDevice):
        return chainerx.zeros(shape, dtype, device=device.device)
    if device.xp is numpy:
        return numpy.zeros(shape, dtype)
    return device.send(numpy.zeros(shape, dtype))


def delegate_array(device):
    """The array of a delegate variable: one float32 zero, so that ``delegate.backward()`` starts
    from a gradient of one as for any one-element loss."""
    return zeros(device, (), numpy.float32)


def join_delegate(delegate_variable, device):
    """The delegate variable on `device`, where the variables it is joined to are (through a
    differentiable copy if it is elsewhere: a node takes inputs of one kind only)."""
    if device_of(delegate_variable.array) == device:
        return delegate_variable
    return chainer.functions.copy(delegate_variable, device)


def sum_arrays(arrays, device):
    """The sum, in rank order, of `arrays` (the same shape) moved to `device`."""
    total = None
    for array in arrays:
        array = device.send(array)
        total = array if total is None else total + array
    return total


class CommunicationNode(chainer.FunctionNode):
    """A node whose outputs the wrapper received and whose backward communicates the gradients.

    See Note [Communication nodes] and Note [Anchors]. A subclass implements
    :meth:`communicate_grads`.
    """

    _chainerx_xp_forward = True

    def __init__(self, comm):
        self.comm = comm
        self._results = None
        self._in_specs = ()
        self._out_specs = ()

    def connect(self, inputs, results, device):
        """Applies the node to an anchor on `device` and the Variables `inputs`.

        Returns:
            tuple of ~chainer.Variable: The outputs, holding the arrays `results`.
        """
        self._results = tuple(results)
        anchor = chainer.Variable(zeros(device, (0,), numpy.float32), requires_grad=True)
        return self.apply((anchor,) + tuple(inputs))

    def forward(self, inputs):
        results, self._results = self._results, None
        self._in_specs = tuple((x.shape, x.dtype, device_of(x)) for x in inputs[1:])
        self._out_specs = tuple((y.shape, y.dtype, device_of(y)) for y in results)
        # A chainerx output must be a new array object: one the caller also holds (bcast's root
        # gets its own array back) would be put on the graph.
        return tuple(y.view() if isinstance(y, chainerx.ndarray) else y for y in results)

    def communicate_grads(self, grad_outputs):
        """Communicates the gradient arrays of the outputs (zeros where an output got none).

        Returns:
            One gradient array (or None) per input after the anchor, on any device.
        """
        raise NotImplementedError

    def zero_input_grad(self, index):
        """Zeros in the shape of input `index` (after the anchor)."""
        shape, dtype, device = self._in_specs[index]
        return zeros(device, shape, dtype)

    def backward(self, indexes, grad_outputs):
        gys = tuple(zeros(device, shape, dtype) if g is None else g.array
                    for g, (shape, dtype, device) in zip(grad_outputs, self._out_specs))
        gxs = self.communicate_grads(gys)
        if len(gxs) != len(self._in_specs):
            raise ValueError('{}: got {} gradients for {} inputs; do the ranks run the same '
                             'program?'.format(self.label, len(gxs), len(self._in_specs)))
        result = [None]
        for i, (gx, (shape, dtype, device)) in enumerate(zip(gxs, self._in_specs)):
            if gx is not None:
                gx = device.send(gx)
                same_dtype = numpy.dtype(gx.dtype) == numpy.dtype(dtype)
                if tuple(gx.shape) != tuple(shape) or not same_dtype:
                    raise ValueError(
                        '{}: the gradient of input {} has shape {} and dtype {}, expected {} and '
                        '{}'.format(self.label, i, gx.shape, gx.dtype, shape, dtype))
                gx = chainer.Variable(gx, requires_grad=False)
            result.append(gx)
        return tuple(result)
