"""`chainer.links.Bilinear`: a bilinear layer, ``y = e1^T W e2 + V1^T e1 + V2^T e2 + b``."""

from chainer import functions
from chainer import link
from chainer.links.connection import _util


class Bilinear(link.Link):
    """A bilinear layer of two inputs.

    Holds ``W`` ``(left_size, right_size, out_size)`` and, unless `nobias`, ``V1``
    ``(left_size, out_size)``, ``V2`` ``(right_size, out_size)`` and ``b`` ``(out_size,)``.

    Args:
        left_size (int): The size of `e1`'s features.
        right_size (int): The size of `e2`'s features.
        out_size (int): The output size.
        nobias (bool): Only the bilinear term (no ``V1``, ``V2``, ``b``).
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: A tuple of three initializers for ``V1``, ``V2`` and ``b``
            (None: LeCunNormal, LeCunNormal and 0).

    Raises:
        ValueError: If `initial_bias` is given with `nobias`, or is not a tuple of three.
    """

    def __init__(self, left_size, right_size, out_size, nobias=False, initialW=None,
                 initial_bias=None):
        super().__init__()
        for name, size in (('left_size', left_size), ('right_size', right_size),
                           ('out_size', out_size)):
            _util.check_size(name, size)
        self.in_sizes = (left_size, right_size)
        self.out_size = out_size
        self.nobias = nobias
        _util.add_weight(self, 'W', initialW, (left_size, right_size, out_size))
        if nobias:
            if initial_bias is not None:
                raise ValueError('initial_bias must be None when nobias is True')
            return
        if initial_bias is None:
            initial_bias = (None, None, 0)
        if not isinstance(initial_bias, tuple) or len(initial_bias) != 3:
            raise ValueError('initial_bias must be a tuple of three initializers (V1, V2, b)')
        initialV1, initialV2, initialb = initial_bias
        _util.add_weight(self, 'V1', initialV1, (left_size, out_size))
        _util.add_weight(self, 'V2', initialV2, (right_size, out_size))
        _util.add_bias(self, False, initialb, (out_size,))

    @property
    def printable_specs(self):
        yield 'left_size', self.in_sizes[0]
        yield 'right_size', self.in_sizes[1]
        yield 'out_size', self.out_size
        yield 'nobias', self.nobias

    def forward(self, e1, e2):
        """Applies the layer to `e1` ``(n, left_size)`` and `e2` ``(n, right_size)``."""
        if self.nobias:
            return functions.bilinear(e1, e2, self.W)
        return functions.bilinear(e1, e2, self.W, self.V1, self.V2, self.b)
