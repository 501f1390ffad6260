"""L.GroupNormalization: group normalization with learned per-channel scale and shift."""

from chainer import link
from chainer import variable
from chainer.functions.array.cast import cast
from chainer.functions.normalization.group_normalization import group_normalization
from chainer.links.normalization import _util
from chainer.utils import _checks


def _as_dtype(param, dtype):
    """`param` cast to `dtype` (float32 parameters of a float16 input in mixed16 mode)."""
    return param if param.dtype == dtype else cast(param, dtype)


class GroupNormalization(link.Link):
    """Group normalization layer (Wu and He, 2018).

    Standardizes each sample over groups of channels (see
    :func:`chainer.functions.group_normalization`), then scales and shifts each channel.

    Args:
        groups (int): The number of channel groups; it must divide the number of channels.
        size (int): The number of channels; None initializes the parameters at the first forward
            from ``x.shape[1]``.
        eps (float): Added to the variance for stability.
        initial_gamma: Initializer of gamma (default 1).
        initial_beta: Initializer of beta (default 0).

    Raises:
        TypeError: `groups` is not an int.
        ValueError: `groups` is not positive.

    Attributes:
        gamma (~chainer.Parameter): The per-channel scale, of shape (size,).
        beta (~chainer.Parameter): The per-channel shift.
    """

    def __init__(self, groups, size=None, eps=1e-5, initial_gamma=None, initial_beta=None):
        super().__init__()
        if not isinstance(groups, int) or isinstance(groups, bool):
            raise TypeError("Argument: 'groups' type must be (int).")
        if groups <= 0:
            raise ValueError("Argument: 'groups' must be positive, got {}".format(groups))
        self.groups = groups
        self.eps = eps
        dtype = _util.highprec_dtype()
        with self.init_scope():
            self.gamma = variable.Parameter(_util.typed_initializer(initial_gamma, 1, dtype))
            self.beta = variable.Parameter(_util.typed_initializer(initial_beta, 0, dtype))
        if size is not None:
            self._initialize_params(size)

    def _initialize_params(self, size):
        self.gamma.initialize(size)
        self.beta.initialize(size)

    def forward(self, x):
        """Normalizes `x` of shape (N, C, ...) group by group.

        Args:
            x (~chainer.Variable or array): The input batch.

        Returns:
            ~chainer.Variable: The normalized x.

        Raises:
            ValueError: `x` has fewer than 2 axes, or C is not a multiple of `groups`.
        """
        if not self.gamma.is_initialized:
            _checks.check_array(x)
            if x.ndim < 2:
                raise ValueError('Input dimension must be at least 2, including batch size '
                                 'dimension (first dimension).')
            self._initialize_params(x.shape[1])
        return group_normalization(
            x, self.groups, _as_dtype(self.gamma, x.dtype), _as_dtype(self.beta, x.dtype),
            self.eps)
