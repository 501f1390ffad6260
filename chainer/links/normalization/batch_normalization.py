"""L.BatchNormalization: batch normalization with learned scale and shift and running statistics.

Note [Running statistics of batch normalization]: in training mode (``chainer.config.train``) the
link normalizes with the batch statistics and F.batch_normalization updates ``avg_mean`` and
``avg_var`` in place: ``avg = decay * avg + (1 - decay) * batch``, the batch variance made unbiased
(times m / (m - 1), m the number of values per channel). On chainerx arrays that update happens in
C++ (chainerx.batch_norm), so the statistics must be chainerx arrays on the link's device: they are
persistent values, which Link.to_device moves. In fine-tuning mode (``finetune=True``) the decay
is 1 - 1/N for the N-th step since ``start_finetuning``, so the statistics become the exact average
of the batch statistics. A recomputation (``chainer.config.in_recomputing``, F.forget) updates
nothing. In test mode the stored statistics normalize (F.fixed_batch_normalization).
"""

from chainer import configuration
from chainer import link
from chainer import variable
from chainer.functions.normalization.batch_normalization import _normalize_axis
from chainer.functions.normalization.batch_normalization import batch_normalization
from chainer.functions.normalization.batch_normalization import fixed_batch_normalization
from chainer.links.normalization import _util
from chainer.utils import argument


class BatchNormalization(link.Link):
    """Batch normalization layer on the outputs of linear or convolution layers.

    Normalizes its input over the batch axes (see :func:`chainer.functions.batch_normalization`),
    then scales by ``gamma`` and shifts by ``beta``; keeps running averages of the batch mean and
    variance for test mode (Note [Running statistics of batch normalization]).

    Args:
        size (int or tuple of ints): The shape of gamma, beta and the statistics (the number of
            channels, usually). None initializes them at the first forward from the input's
            shape along the axes not in `axis` (which is then required).
        decay (float): Decay of the running averages.
        eps (float): Added to the variance for stability.
        dtype: The dtype of the parameters and statistics (default: ``chainer.config.dtype``,
            float32 in mixed16 mode).
        use_gamma (bool): Learn a scale (otherwise it is 1).
        use_beta (bool): Learn a shift (otherwise it is 0).
        initial_gamma: Initializer of gamma (default 1).
        initial_beta: Initializer of beta (default 0).
        axis (int or tuple of ints): The normalized axes; by default 0 and those after the
            parameters' axes (channels at axis 1).
        initial_avg_mean: Initializer of the running mean (default 0).
        initial_avg_var: Initializer of the running variance (default 1).

    Raises:
        RuntimeError: Neither `size` nor `axis` is given.

    Attributes:
        gamma (~chainer.Parameter): The scale (absent if not `use_gamma`: None).
        beta (~chainer.Parameter): The shift (absent if not `use_beta`: None).
        avg_mean (array): The running mean (persistent).
        avg_var (array): The running variance (persistent).
        N (int): The number of fine-tuning steps since ``start_finetuning`` (persistent).
        decay (float): Decay of the running averages.
        eps (float): Added to the variance.

    Example:
        >>> bn = L.BatchNormalization(3)
        >>> y = bn(numpy.random.rand(5, 3, 4, 4).astype(numpy.float32))
        >>> bn.avg_mean.shape
        (3,)
    """

    gamma = None
    beta = None
    avg_mean = None
    avg_var = None

    def __init__(self, size=None, decay=0.9, eps=2e-5, dtype=None, use_gamma=True, use_beta=True,
                 initial_gamma=None, initial_beta=None, axis=None, initial_avg_mean=None,
                 initial_avg_var=None):
        super().__init__()
        if size is None and axis is None:
            raise RuntimeError('size or axis is required')
        self._initial_avg_mean = initial_avg_mean
        self._initial_avg_var = initial_avg_var
        self.N = 0
        self.register_persistent('N')
        self.decay = decay
        self.eps = eps
        self.axis = (axis,) if isinstance(axis, int) else (None if axis is None else tuple(axis))
        self._highprec_dtype = _util.highprec_dtype(dtype)
        with self.init_scope():
            if use_gamma:
                self.gamma = variable.Parameter(
                    _util.typed_initializer(initial_gamma, 1, self._highprec_dtype))
            if use_beta:
                self.beta = variable.Parameter(
                    _util.typed_initializer(initial_beta, 0, self._highprec_dtype))
        if size is not None:
            self._initialize_params(size)

    def _initialize_params(self, shape):
        dtype, device = self._highprec_dtype, self.device
        self.avg_mean = _util.generate(self._initial_avg_mean, 0, shape, dtype, device)
        self.register_persistent('avg_mean')
        self.avg_var = _util.generate(self._initial_avg_var, 1, shape, dtype, device)
        self.register_persistent('avg_var')
        self._initial_avg_mean = self._initial_avg_var = None
        for param in (self.gamma, self.beta):
            # A parameter loaded by a deserializer before the first forward keeps its value.
            if param is not None and not param.is_initialized:
                param.initialize(shape)

    @property
    def printable_specs(self):
        """The size, decay, eps, dtype and whether gamma and beta are learned."""
        size = None if self.avg_mean is None else self.avg_mean.shape[0]
        yield 'size', size
        yield 'decay', self.decay
        yield 'eps', self.eps
        yield 'dtype', self._highprec_dtype
        yield 'use_gamma', self.gamma is not None
        yield 'use_beta', self.beta is not None

    def forward(self, x, **kwargs):
        """forward(self, x, finetune=False)

        Normalizes `x`: with the batch statistics in training mode (updating the running ones),
        with the running statistics in test mode.

        Args:
            x (~chainer.Variable or array): The input batch.
            finetune (bool): Fine-tuning mode: the running statistics become the average of the
                batch statistics since ``start_finetuning``.

        Returns:
            ~chainer.Variable: The normalized x, of x's shape and dtype.
        """
        finetune, = argument.parse_kwargs(kwargs, ('finetune', False), test=_util.TEST_RETIRED)
        return self._forward(x, finetune)

    def _forward(self, x, finetune):
        if self.avg_mean is None:
            axes = _normalize_axis(self.axis, x.ndim)
            self._initialize_params(tuple([n for i, n in enumerate(x.shape) if i not in axes]))
        gamma = self.gamma
        if gamma is None:
            gamma = _util.filled(1, self.avg_mean.shape, self._highprec_dtype, self.device)
        beta = self.beta
        if beta is None:
            beta = _util.filled(0, self.avg_mean.shape, self._highprec_dtype, self.device)
        if not configuration.config.train:
            return fixed_batch_normalization(
                x, gamma, beta, self.avg_mean, self.avg_var, self.eps, axis=self.axis)
        decay = _util.next_decay(self, finetune)
        update = not configuration.config.in_recomputing
        if not update and finetune:
            self.N -= 1  # the recomputed step was counted when it first ran
        return self._normalize_batch(x, gamma, beta, decay, update)

    def _normalize_batch(self, x, gamma, beta, decay, update):
        """Training-mode normalization; updates the running statistics if `update`."""
        running = (self.avg_mean, self.avg_var) if update else (None, None)
        return batch_normalization(
            x, gamma, beta, eps=self.eps, running_mean=running[0], running_var=running[1],
            decay=decay, axis=self.axis)

    def start_finetuning(self):
        """Resets the fine-tuning step count N (call it before fine-tuning)."""
        self.N = 0
