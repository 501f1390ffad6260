"""The node of layer and group normalization (Note [Normalization layouts], _standardize.py)."""

from chainer import function_node
from chainer import utils
from chainer.functions.normalization import _standardize


class AffineNormalization(function_node.FunctionNode):
    """gamma * standardize(x) + beta for inputs (x, gamma, beta) of one dtype, as `layout` says.

    Subclasses define `layout(x_shape)` (a `_standardize.Layout`), `check_type_forward` and
    `fits(x_shape, gamma_shape)`, its shape conditions on plain shapes (for forward_chainerx).
    """

    def __init__(self, eps):
        self.eps = eps

    def layout(self, x_shape):
        raise NotImplementedError

    def fits(self, x_shape, gamma_shape):
        raise NotImplementedError

    def forward_chainerx(self, inputs):
        x, gamma, beta = inputs
        if x.dtype.kind != 'f' or gamma.dtype != x.dtype or beta.dtype != x.dtype or \
                beta.shape != gamma.shape or not self.fits(x.shape, gamma.shape):
            return function_node.Fallback
        return _standardize.affine_normalize(x, gamma, beta, self.layout(x.shape), self.eps)[0],

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gamma, beta = inputs
        y = _standardize.affine_normalize(x, gamma, beta, self.layout(x.shape), self.eps)[0]
        return utils.force_array(y.astype(x.dtype, copy=False)),

    def backward(self, indexes, grad_outputs):
        x, gamma = self.get_retained_inputs()
        return _standardize.affine_normalize_grads(
            indexes, x, gamma, grad_outputs[0], self.layout(x.shape), self.eps)
