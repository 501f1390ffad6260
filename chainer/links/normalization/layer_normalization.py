"""L.LayerNormalization: layer normalization with learned scale and shift."""

from chainer import link
from chainer import variable
from chainer.functions.normalization.layer_normalization import layer_normalization
from chainer.utils import _checks


class LayerNormalization(link.Link):
    """Layer normalization layer (Ba et al., 2016).

    Standardizes each sample over its features (see
    :func:`chainer.functions.layer_normalization`), then scales by gamma and shifts by beta.

    Args:
        size (int or tuple of ints): The shape of gamma and beta (``x.shape[1:]``); None
            initializes them at the first forward.
        eps (float): Added to the variance for stability.
        initial_gamma: Initializer of gamma (default 1).
        initial_beta: Initializer of beta (default 0).

    Attributes:
        gamma (~chainer.Parameter): The scale.
        beta (~chainer.Parameter): The shift.
    """

    def __init__(self, size=None, eps=1e-6, initial_gamma=None, initial_beta=None):
        super().__init__()
        self.eps = eps
        with self.init_scope():
            self.gamma = variable.Parameter(1 if initial_gamma is None else initial_gamma)
            self.beta = variable.Parameter(0 if initial_beta is None else initial_beta)
        if size is not None:
            self._initialize_params(size)

    def _initialize_params(self, size):
        self.gamma.initialize(size)
        self.beta.initialize(size)

    def forward(self, x):
        """Normalizes each sample of `x` (shape (N, ...)) over its features.

        Args:
            x (~chainer.Variable or array): The input batch.

        Returns:
            ~chainer.Variable: The normalized x.
        """
        if not self.gamma.is_initialized:
            _checks.check_array(x)
            self._initialize_params(x.shape[1:])
        return layer_normalization(x, self.gamma, self.beta, self.eps)
