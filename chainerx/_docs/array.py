"""Docstrings of ``chainerx.ndarray``: the class, its properties and its named methods
(chainerx/python/array.cc and the method bindings of the routine families)."""

from chainerx._docs._format import AXIS, BACKPROP_ID, DTYPE, KEEPDIMS, doc

_SAME_AS = 'Same as :func:`chainerx.{}` with this array as the first argument.'
_AXIS_ARGS = [AXIS, KEEPDIMS]


def _method(name: str, args: list, returns: str = 'A new :class:`~chainerx.ndarray`.') -> str:
    return doc(_SAME_AS.format(name), args=args, returns=returns)


DOCS = {
    'ndarray': doc(
        'An N-dimensional array on a device, with define-by-run automatic differentiation.',
        notes='``ndarray(shape, dtype, device=None)`` allocates an uninitialised array, like '
              ':func:`chainerx.empty`. Arrays take part in graphs (see :class:`BackpropId`) once they, or '
              'arrays they were computed from, require grad.',
        args=[('shape', 'An int or a sequence of ints.'), DTYPE,
              ('device', 'A device, a device name, or ``None`` for the default device.')]),
    'ndarray.shape': 'The shape, a tuple of ints.',
    'ndarray.strides': 'The strides in bytes, a tuple of ints (negative for reversed views).',
    'ndarray.dtype': 'The element type, a ``numpy.dtype``.',
    'ndarray.device': 'The :class:`~chainerx.Device` holding the data.',
    'ndarray.ndim': 'The number of dimensions.',
    'ndarray.size': 'The number of elements.',
    'ndarray.itemsize': 'The size of one element in bytes.',
    'ndarray.nbytes': 'The size of the elements in bytes (``size * itemsize``).',
    'ndarray.offset': 'The offset in bytes of the first element from the start of the allocation.',
    'ndarray.is_contiguous': 'Whether the array is C-contiguous.',
    'ndarray.T': 'The transposed view (axes reversed), as :func:`chainerx.transpose`.',
    'ndarray.data_ptr': 'The address of the allocation (before ``offset``), an int.',
    'ndarray.data_size': 'The number of bytes spanned by the view.',
    'ndarray.grad': 'The gradient on the default graph (an array or ``None``); assign ``None`` to clear it. '
                    'Getting it raises :class:`ChainerxError` if the array does not require grad.',
    'ndarray.__array_priority__': 'Makes NumPy defer mixed operators to chainerx (100.0).',
    'ndarray.view': doc('Returns a new array object sharing the data, connected to the same graphs.'),
    'ndarray.astype': doc('Casts the array to ``dtype``.', notes='Differentiable between float dtypes.',
                          args=[DTYPE, ('copy', 'If ``False`` and the dtype is unchanged, ``self`` is returned.')],
                          returns='An array of ``dtype``.'),
    'ndarray.copy': doc('Returns a C-contiguous copy, connected to the graphs of this array.'),
    'ndarray.fill': doc('Fills the array with a scalar, in place.', args=[('value', 'A scalar.')],
                        raises=[('chainerx.ChainerxError', 'If the array requires grad.')]),
    'ndarray.item': doc('Returns the only element as a Python bool, int or float.',
                        raises=[('chainerx.DimensionError', 'If the size is not 1.')]),
    'ndarray.to_device': doc(
        'Transfers the array to a device (``self`` if it is already there).',
        notes='Called as ``to_device(device)`` or ``to_device(backend_name, index)``; stays connected to '
              'the graphs.',
        args=[('device', 'A device or a device name.'), ('backend_name', 'A backend name.'),
              ('index', 'A device index.')],
        returns='A :class:`~chainerx.ndarray` on that device.'),
    'ndarray.as_grad_stopped': doc(
        'Returns a view (or copy) disconnected from the graphs.',
        args=[('backprop_ids', 'The graphs to disconnect from (a list); ``None`` means all.'),
              ('copy', 'If ``True``, copy the data.')],
        returns='A new :class:`~chainerx.ndarray`.'),
    'ndarray.reshape': doc(_SAME_AS.format('reshape') + ' Called as ``reshape(shape)`` or ``reshape(*shape)``.',
                           args=[('shape', 'The new shape.')]),
    'ndarray.ravel': _method('ravel', []),
    'ndarray.flatten': doc('Returns a flattened 1-d copy (always a copy, unlike :meth:`ravel`).'),
    'ndarray.transpose': doc(_SAME_AS.format('transpose') + ' Called as ``transpose(axes)`` or '
                             '``transpose(*axes)``.', args=[('axes', 'A permutation of the axes.')]),
    'ndarray.squeeze': _method('squeeze', [('axis', 'The axes of length one to remove.')]),
    'ndarray.swapaxes': _method('swapaxes', [('axis1', 'First axis.'), ('axis2', 'Second axis.')]),
    'ndarray.repeat': _method('repeat', [('repeats', 'An int or a sequence of ints.'),
                                         ('axis', 'The axis, or ``None`` for the flattened array.')]),
    'ndarray.take': _method('take', [('indices', 'The indices.'), ('axis', 'The axis (required).'),
                                     ('mode', '``\'raise\'``, ``\'wrap\'``, ``\'clip\'`` or ``None``.')]),
    'ndarray.clip': _method('clip', [('a_min', 'The lower bound, or ``None``.'),
                                     ('a_max', 'The upper bound, or ``None``.')]),
    'ndarray.tolist': doc('The elements as (nested lists of) Python scalars, like ``numpy.ndarray.tolist``.',
                          returns='A list, or a scalar for a 0-d array.'),
    'ndarray.dot': _method('dot', [('b', 'The second operand.')]),
    'ndarray.sum': _method('sum', _AXIS_ARGS),
    'ndarray.max': _method('amax', _AXIS_ARGS),
    'ndarray.min': _method('amin', _AXIS_ARGS),
    'ndarray.mean': _method('mean', _AXIS_ARGS),
    'ndarray.var': _method('var', _AXIS_ARGS),
    'ndarray.all': _method('all', _AXIS_ARGS),
    'ndarray.any': _method('any', _AXIS_ARGS),
    'ndarray.argmax': _method('argmax', [('axis', 'An axis, or ``None`` for the flattened array.')]),
    'ndarray.argmin': _method('argmin', [('axis', 'An axis, or ``None`` for the flattened array.')]),
    'ndarray.require_grad': doc('Makes the array require its gradient on a graph (a no-op if it already does).',
                                args=[BACKPROP_ID], returns='``self``.',
                                raises=[('chainerx.DtypeError', 'If the dtype is not a float type.')],
                                example='''
                                    >>> chainerx.ones((2,)).require_grad().is_grad_required()
                                    True'''),
    'ndarray.is_grad_required': doc('Whether the array requires its gradient on a graph.', args=[BACKPROP_ID],
                                    returns='bool.'),
    'ndarray.is_backprop_required': doc(
        'Whether a routine taking this array would record a graph, given the backprop modes.',
        args=[('backprop_id', 'A :class:`~chainerx.BackpropId`, ``None`` for the default graph, or '
                              ':data:`chainerx.anygraph` for any graph.')],
        returns='bool.'),
    'ndarray.get_grad': doc('Returns the gradient on a graph.', args=[BACKPROP_ID],
                            returns='A :class:`~chainerx.ndarray`, or ``None`` if not computed yet.',
                            raises=[('chainerx.ChainerxError', 'If the array does not require grad on it.')]),
    'ndarray.set_grad': doc('Sets the gradient on a graph (requiring grad there if needed).',
                            args=[('grad', 'An array of the same shape, dtype and device, or ``None`` to clear '
                                           'it.'), BACKPROP_ID],
                            raises=[('chainerx.GradientError', 'If ``grad`` does not match the array.')]),
    'ndarray.cleargrad': doc('Clears the gradient on a graph.', args=[BACKPROP_ID]),
    'ndarray.backward': doc(
        'Backpropagates from this array: :func:`chainerx.backward` with ``outputs=[self]``.',
        args=[BACKPROP_ID, ('enable_double_backprop', 'If ``True``, record the backward computation.'),
              ('loss_scale', 'Scale of the initial gradient (leaf gradients are divided by it).')],
        notes='Does nothing if the array is not in the graph, as in the original.'),
    'ndarray._is_chained': doc('Whether the array has a creator operation on a graph.', args=[BACKPROP_ID],
                               returns='bool.'),
    'ndarray._debug_dump_computational_graph': doc('Prints the graph leading to this array to stdout.',
                                                   args=[BACKPROP_ID]),
}
