"""The node of layer and group normalization (Note [Normalization layouts], _standardize.py)."""

from chainer.functions.loss import _util
from chainer.functions.normalization import _standardize
from chainer.utils import type_check


class AffineNormalization(_util.ArrayComposition):
    """gamma * standardize(x) + beta for inputs (x, gamma, beta) of one dtype, as `layout` says.

    Subclasses define `layout(x_shape)` (a `_standardize.Layout`), `expect_param_shape(x_type,
    gamma_type)` (the type check of gamma's shape against x's) and `fits_shapes(x_shape,
    gamma_shape)`, the same conditions on plain shapes (for forward_chainerx).
    """

    retained = (0, 1)

    def __init__(self, eps):
        self.eps = eps

    def layout(self, x_shape):
        raise NotImplementedError

    def expect_param_shape(self, x_type, gamma_type):
        raise NotImplementedError

    def fits_shapes(self, x_shape, gamma_shape):
        raise NotImplementedError

    def check_type_forward(self, in_types):
        x_type, gamma_type, beta_type = _util.expect_floats(in_types, ('x', 'gamma', 'beta'))
        type_check.expect(
            x_type.ndim >= 2,
            gamma_type.shape == beta_type.shape,
        )
        self.expect_param_shape(x_type, gamma_type)

    def fits(self, x, gamma, beta):
        return x.dtype.kind == 'f' and x.ndim >= 2 and gamma.dtype == x.dtype and \
            beta.dtype == x.dtype and beta.shape == gamma.shape and \
            self.fits_shapes(x.shape, gamma.shape)

    def compute(self, x, gamma, beta):
        y = _standardize.affine_normalize(x, gamma, beta, self.layout(x.shape), self.eps)[0]
        return y.astype(x.dtype, copy=False)

    def backward(self, indexes, grad_outputs):
        x, gamma = self.get_retained_inputs()
        return _standardize.affine_normalize_grads(
            indexes, x, gamma, grad_outputs[0], self.layout(x.shape), self.eps)
