"""Docstrings of the autograd API (chainerx/python/backprop.cc)."""

from chainerx._docs._format import BACKPROP_ID, doc, scope_methods

_OUTPUTS = ('outputs', 'An array or a list of arrays to backpropagate from.')
_DOUBLE = ('enable_double_backprop', 'If ``True``, the backward computation is itself recorded, so that '
                                     'gradients of gradients can be taken.')
_LOSS_SCALE = ('loss_scale', 'If given, the initial gradients are scaled by it and the leaf gradients '
                             'divided by it (for mixed-precision training).')
_MODE_NOTES = ('Called with nothing (the default graph of the default context), a '
               ':class:`~chainerx.Context` (all its graphs), a :class:`~chainerx.BackpropId` or a list of '
               'them.')
_MODE_ARG = ('backprop_id', 'See above.')
_CHECK_ARGS = [('func', 'A function taking a list of arrays and returning a list of arrays.'),
               ('inputs', 'The input arrays (a list).'),
               ('grad_outputs', 'The gradients of the outputs (a list).'),
               ('eps', 'The finite-difference step (a scalar, or one per input).'),
               ('atol', 'Absolute tolerance.'), ('rtol', 'Relative tolerance.'), BACKPROP_ID]
_CHECK_RAISES = [('chainerx.GradientCheckError', 'If the gradients differ beyond the tolerances.')]

DOCS = {
    'BackpropId': doc('Identifies a graph (one of several that an array can take part in) within a context.',
                      notes='Graphs are ordered by creation: a graph created earlier is *outer*. After backward '
                            'on an outer graph, backward on an inner one is an error.'),
    'BackpropId.__reduce_ex__': doc('Backprop ids cannot be pickled.', args=[('protocol', 'The pickle protocol.')],
                                    raises=[('TypeError', 'Always.')]),
    'BackpropId.name': 'The name (``\'<default>\'`` for the default graph).',
    'BackpropId.context': 'The :class:`~chainerx.Context` the id belongs to.',
    'BackpropScope': doc('A context manager that creates a backprop id on entry (returned by ``__enter__``) '
                         'and releases it on exit.'),
    'AnyGraph': doc('The type of :data:`chainerx.anygraph`, which stands for every graph in '
                    ':meth:`ndarray.is_backprop_required`.'),
    'NoBackpropMode': doc('A context manager under which routines record no graph '
                          '(returned by :func:`no_backprop_mode`).'),
    'ForceBackpropMode': doc('A context manager under which routines record the graph even inside a '
                             ':func:`no_backprop_mode` (returned by :func:`force_backprop_mode`).'),
    'backprop_scope': doc('Returns a context manager that creates a graph on entry and releases it on exit.',
                          args=[('backprop_name', 'The name of the new graph.'),
                                ('context', 'The context; ``None`` for the default one.')],
                          returns='A :class:`~chainerx.BackpropScope`.',
                          example='''
                              >>> with chainerx.backprop_scope('g') as g:
                              ...     g.name
                              'g\''''),
    'no_backprop_mode': doc('Returns a context manager under which no graph is recorded.', notes=_MODE_NOTES,
                            args=[_MODE_ARG], returns='A :class:`~chainerx.NoBackpropMode`.'),
    'force_backprop_mode': doc('Returns a context manager under which graphs are recorded even inside '
                               ':func:`no_backprop_mode`.', notes=_MODE_NOTES, args=[_MODE_ARG],
                               returns='A :class:`~chainerx.ForceBackpropMode`.'),
    'is_backprop_required': doc(
        'Whether routines currently record a graph (taking the backprop modes into account).',
        args=[BACKPROP_ID, ('context', 'A :class:`~chainerx.Context` (keyword only): whether its default graph '
                                       'is recorded.')],
        returns='bool.', raises=[('TypeError', 'If ``context`` is not a Context.')]),
    'backward': doc(
        'Computes the gradients of the outputs with respect to every grad-required leaf, accumulating them '
        'in the leaves\' ``grad``.',
        notes='The gradient of each output defaults to ones (its own ``grad`` if set). Outputs that are not in '
              'the graph are skipped, as in the original (backward from only such outputs does nothing).',
        args=[_OUTPUTS, BACKPROP_ID, _DOUBLE, _LOSS_SCALE],
        raises=[('chainerx.ChainerxError', 'If backward on an inner graph follows backward on an outer one.')]),
    'grad': doc(
        'Computes and returns the gradients of ``outputs`` with respect to ``inputs``.',
        args=[_OUTPUTS, ('inputs', 'The arrays to differentiate with respect to (a list).'), BACKPROP_ID, _DOUBLE,
              ('set_grad', 'If ``True``, also store the results in the inputs\' ``grad``.'),
              ('retain_grad', 'If ``True``, keep the gradients of the intermediate arrays.'),
              ('grad_outputs', 'The gradients of the outputs (a list); ``None`` means ones.'), _LOSS_SCALE],
        returns='A list with one gradient (or ``None`` where ``inputs[i]`` is unreachable) per input.',
        raises=[('chainerx.GradientError', 'If ``grad_outputs`` do not match the outputs.')]),
    'check_backward': doc('Checks the first-order gradients of ``func`` against central differences.',
                          args=_CHECK_ARGS, raises=_CHECK_RAISES),
    'check_double_backward': doc(
        'Checks the second-order gradients of ``func`` against central differences of its first-order '
        'gradients.',
        args=_CHECK_ARGS[:3] + [('grad_grad_inputs', 'The gradients of the first-order input gradients.')]
        + _CHECK_ARGS[3:],
        raises=_CHECK_RAISES),
}
DOCS.update(scope_methods('BackpropScope', 'a new graph is created.', returns='Its :class:`BackpropId`.'))
DOCS.update(scope_methods('NoBackpropMode', 'routines stop recording the given graphs.'))
DOCS.update(scope_methods('ForceBackpropMode', 'routines record the given graphs again.'))
DOCS.update({
    'BackpropId.__eq__': doc('Whether two ids name the same graph of the same context.',
                             args=[('other', 'Another id (``arg0``).')], returns='bool.'),
    'BackpropId.__hash__': doc('A hash consistent with ``==``, so ids can key dicts.', returns='int.'),
    'BackpropId.__repr__': doc('The graph name (``<default>``, or ``<expired>`` once released).'),
})
