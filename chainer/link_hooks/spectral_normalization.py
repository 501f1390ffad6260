"""SpectralNormalization: calls a link with its weight divided by the weight's spectral norm.

Note [Spectral norm by power iteration]: the largest singular value sigma of the weight, seen as
a matrix `W_mat` (the output axis first, the other axes flattened), is estimated as `u^T W_mat v`
from the left and right singular vectors that a few power iterations refine:
    v = W_mat^T u / |W_mat^T u|,    u = W_mat v / |W_mat v|.
u persists in the link between calls (a persistent value, saved with the model), so one iteration
per call is enough as the weight changes slowly during training. The iterations run on arrays
(no graph); sigma is computed from the weight Variable with u and v held constant, which is the
gradient of Miyato et al. 2018 (https://arxiv.org/abs/1802.05957).
"""

import numpy

import chainer
from chainer import backend
from chainer import functions
from chainer import variable
from chainer.link_hooks import _weight_hook


def _l2normalize(xp, v, eps):
    return v / (xp.sqrt(xp.sum(v * v)) + eps)


def _as_matrix(W, axis):
    """`W` (an array or a Variable) as a matrix whose rows are the slices of `axis`."""
    if axis != 0:
        W = W.transpose((axis,) + tuple(i for i in range(W.ndim) if i != axis))
    rows = W.shape[0]
    return W.reshape(rows, W.size // rows if rows else 0)


def update_approximate_vectors(weight_matrix, u, n_power_iteration, eps):
    """Runs `n_power_iteration` power iterations from `u` (Note [Spectral norm by power iteration]).

    Args:
        weight_matrix (array): The weight as a matrix (NumPy, CuPy or chainerx; not a Variable).
        u (array): The current left singular vector estimate, of length ``weight_matrix.shape[0]``.
        n_power_iteration (int): The number of iterations.
        eps (float): Added to the norms that the vectors are divided by.

    Returns:
        tuple: The new ``(u, v)`` arrays.
    """
    xp = backend.get_array_module(weight_matrix)
    v = None
    for _ in range(n_power_iteration):
        v = _l2normalize(xp, xp.dot(weight_matrix.T, u), eps)
        u = _l2normalize(xp, xp.dot(weight_matrix, v), eps)
    return u, v


def calculate_max_singular_value(weight_matrix, u, v):
    """``u^T W v`` as a 0-d Variable, differentiable in the weight matrix (a Variable)."""
    return functions.sum(weight_matrix * (u[:, None] * v[None, :]))


class SpectralNormalization(_weight_hook.WeightHook):
    """Link hook running the link with its weight divided by its largest singular value.

    Registered with ``link.add_hook(SpectralNormalization())``, it adds the persistent array
    ``<weight_name>_u`` (the left singular vector estimate, random normal at first; of length
    ``W.shape[0]``, or ``W.shape[1]`` for the deconvolution links, whose output axis is 1) and,
    with `use_gamma`, the Parameter ``gamma``, initialised with the largest singular value. During
    each call the link's weight attribute is the Variable ``W / sigma`` (``gamma * W / sigma``)
    through which gradients reach ``W`` (and ``gamma``); afterwards it is the Parameter again.
    See Note [Spectral norm by power iteration]. In training mode (``chainer.config.train``) each
    call stores the refined ``u``; in test mode ``u`` is left unchanged. A weight initialised
    lazily is initialised from the first input. ``delete_hook`` removes ``u`` and ``gamma``.

    Args:
        n_power_iteration (int): Power iterations per call (at least 1).
        eps (float): Added to the norms in the power iteration.
        use_gamma (bool): Learn a scale ``gamma`` of the normalised weight.
        factor (float): If given, sigma is divided by it (the weight is scaled to spectral norm
            `factor` instead of 1).
        weight_name (str): The name of the weight Parameter.
        name (str): The name of the hook (default ``'SpectralNormalization'``).

    Raises:
        ValueError: If `n_power_iteration` is below 1, if the link has no weight of that name
            (on ``add_hook``), or the weight has no output rows.
        NotImplementedError: On ``with hook:``; the hook is added to one link.

    Example:
        >>> l = chainer.links.Linear(3, 4)
        >>> _ = l.add_hook(chainer.link_hooks.SpectralNormalization())
        >>> y = l(numpy.ones((2, 3), numpy.float32))  # uses l.W / sigma(l.W)
    """

    name = 'SpectralNormalization'

    def __init__(self, n_power_iteration=1, eps=1e-6, use_gamma=False, factor=None,
                 weight_name='W', name=None):
        if n_power_iteration < 1:
            raise ValueError(
                'n_power_iteration must be positive, got {}'.format(n_power_iteration))
        super().__init__(weight_name, name)
        self.n_power_iteration = n_power_iteration
        self.eps = eps
        self.use_gamma = use_gamma
        self.factor = factor
        self.vector_name = weight_name + '_u'
        # id(link) -> v of the last call, which a recomputation (in_recomputing) uses again.
        self._v = {}

    def added(self, link):
        super().added(link)
        if self.weight(link).array is not None:
            self.prepare(link)

    def deleted(self, link):
        """Removes ``u`` (and ``gamma``) from the link."""
        super().deleted(link)
        self._v.pop(id(link), None)
        names = (self.vector_name, 'gamma') if self.use_gamma else (self.vector_name,)
        for name in names:
            if name in link.__dict__:
                delattr(link, name)

    def prepare(self, link):
        """Registers ``u`` (and ``gamma``) unless the link has them."""
        if self.vector_name in link.__dict__:
            return
        W = self.weight(link).array
        axis = _weight_hook.output_axis(link)
        if W.shape[axis] == 0:
            raise ValueError('Expect {}.shape[{}] > 0'.format(self.weight_name, axis))
        device = backend.get_device_from_array(W)
        u = numpy.random.normal(size=(W.shape[axis],)).astype(W.dtype)
        link.add_persistent(self.vector_name, device.send(u))
        if self.use_gamma:
            matrix = backend.CpuDevice().send(_as_matrix(W, axis))
            sigma = numpy.linalg.svd(matrix.astype(numpy.float64), compute_uv=False)[0]
            with link.init_scope():
                link.gamma = variable.Parameter(device.send(numpy.asarray(sigma, W.dtype)))

    def transform(self, link, W):
        """``W / sigma`` (``gamma * W / sigma`` with `use_gamma`) as a Variable."""
        axis = _weight_hook.output_axis(link)
        u = getattr(link, self.vector_name)
        config = chainer.config
        if config.in_recomputing and id(link) in self._v:
            v = self._v[id(link)]
        else:
            u, v = update_approximate_vectors(
                _as_matrix(W.array, axis), u, self.n_power_iteration, self.eps)
            self._v[id(link)] = v
            if config.train:
                backend.copyto(getattr(link, self.vector_name), u)
        sigma = calculate_max_singular_value(_as_matrix(W, axis), u, v)
        if self.factor is not None:
            sigma = sigma / self.factor
        scale = link.gamma / sigma if self.use_gamma else 1 / sigma
        return W * scale
