"""`chainer.links.EmbedID`: a learnable table of vectors looked up by integer IDs."""

from chainer import functions
from chainer import link
from chainer import variable
from chainer.links.connection import _util


class EmbedID(link.Link):
    """Maps integer IDs in ``[0, in_size)`` to rows of ``W`` of shape ``(in_size, out_size)``.

    Args:
        in_size (int): The number of IDs.
        out_size (int): The size of each vector.
        initialW: Initializer of ``W`` (None: :class:`~chainer.initializers.Normal` (1.0)).
        ignore_label (int or None): An ID whose output is a zero vector (and that gets no
            gradient).

    Example:
        >>> embed = chainer.links.EmbedID(10, 4, ignore_label=-1)
        >>> y = embed(numpy.array([1, -1], numpy.int32))   # y.shape == (2, 4); y[1] is zero
    """

    ignore_label = None

    def __init__(self, in_size, out_size, initialW=None, ignore_label=None):
        super().__init__()
        _util.check_size('in_size', in_size)
        _util.check_size('out_size', out_size)
        self.in_size = in_size
        self.out_size = out_size
        self.ignore_label = ignore_label
        from chainer import initializers
        if initialW is None:
            initialW = initializers.Normal(1.0)
        with self.init_scope():
            self.W = variable.Parameter(
                initializers._get_initializer(initialW), (in_size, out_size))

    @property
    def printable_specs(self):
        yield 'in_size', self.in_size
        yield 'out_size', self.out_size
        yield 'ignore_label', self.ignore_label

    def forward(self, x):
        """The rows of ``W`` for the IDs of `x` (an int array): shape ``x.shape + (out_size,)``."""
        return functions.embed_id(x, self.W, ignore_label=self.ignore_label)
