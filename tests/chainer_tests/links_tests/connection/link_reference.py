"""NumPy references of the connection links (float64), and the LinkTestCase base they share."""

import itertools

import numpy

import chainer
from chainer import gradient_check
from chainer import testing

import function_test_utils


def _tuple(value, n):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * n


def _windows(offsets, dilate, stride, sizes):
    # The slices picking, for each kernel offset, the positions it touches in every output.
    return tuple(slice(o * d, o * d + s * (n - 1) + 1, s)
                 for o, d, s, n in zip(offsets, dilate, stride, sizes))


def convolution(x, W, b=None, stride=1, pad=0, dilate=1, groups=1):
    """N-d grouped convolution: ``W`` is ``(c_out, c_in // groups) + ksize``."""
    nd = x.ndim - 2
    stride, pad, dilate = (_tuple(v, nd) for v in (stride, pad, dilate))
    x = numpy.pad(x.astype(numpy.float64), [(0, 0), (0, 0)] + [(p, p) for p in pad])
    ksize = W.shape[2:]
    outs = [(x.shape[2 + i] - dilate[i] * (ksize[i] - 1) - 1) // stride[i] + 1 for i in range(nd)]
    cin, cout = x.shape[1] // groups, W.shape[0] // groups
    y = numpy.zeros((x.shape[0], W.shape[0]) + tuple(outs))
    for offsets in itertools.product(*[range(k) for k in ksize]):
        patch = x[(slice(None), slice(None)) + _windows(offsets, dilate, stride, outs)]
        for g in range(groups):
            y[:, g * cout:(g + 1) * cout] += numpy.einsum(
                'nc...,oc->no...', patch[:, g * cin:(g + 1) * cin],
                W[(slice(g * cout, (g + 1) * cout), slice(None)) + offsets])
    return _add_bias(y, b)


def deconvolution(x, W, b=None, stride=1, pad=0, dilate=1, groups=1):
    """N-d grouped transposed convolution: ``W`` is ``(c_in, c_out // groups) + ksize``."""
    nd = x.ndim - 2
    stride, pad, dilate = (_tuple(v, nd) for v in (stride, pad, dilate))
    ksize, ins = W.shape[2:], x.shape[2:]
    full = [(ins[i] - 1) * stride[i] + dilate[i] * (ksize[i] - 1) + 1 for i in range(nd)]
    cin, cout = x.shape[1] // groups, W.shape[1]
    y = numpy.zeros((x.shape[0], cout * groups) + tuple(full))
    for offsets in itertools.product(*[range(k) for k in ksize]):
        window = _windows(offsets, dilate, stride, ins)
        for g in range(groups):
            y[(slice(None), slice(g * cout, (g + 1) * cout)) + window] += numpy.einsum(
                'nc...,co->no...', x[:, g * cin:(g + 1) * cin].astype(numpy.float64),
                W[(slice(g * cin, (g + 1) * cin), slice(None)) + offsets])
    y = y[(slice(None), slice(None)) + tuple(slice(p, n - p) for p, n in zip(pad, full))]
    return _add_bias(y, b)


def _add_bias(y, b):
    if b is None:
        return y
    return y + b.reshape((1, -1) + (1,) * (y.ndim - 2))


def linear(x, W, b=None):
    """``x W^T + b`` with the non-batch axes of `x` flattened."""
    y = x.reshape(len(x), W.shape[1]).astype(numpy.float64) @ W.T.astype(numpy.float64)
    return y if b is None else y + b


def params(link, *names):
    """The NumPy arrays of the named parameters of `link` (None for a missing one)."""
    return tuple(None if getattr(link, n, None) is None else getattr(link, n).array
                 for n in names)


class LinkCase(testing.LinkTestCase):
    """A LinkTestCase in float64, whose links are made by `make_link`.

    Subclasses set `param_names`, `x_shapes` and define `make_link()` and `reference(link, *x)`
    (NumPy arrays of the outputs). The link is created with float64 as the default dtype (the
    dtypes themselves are the functions' tests' business) and random parameters;
    `generate_params` returns nothing to vary.
    """

    dtype = numpy.float64
    x_shapes = ()
    check_forward_options = {'atol': 1e-10, 'rtol': 1e-9}
    check_backward_options = {'atol': 1e-6, 'rtol': 1e-5}

    def generate_params(self):
        return ()

    def create_link(self, initializers):
        numpy.random.seed(0)
        with chainer.using_config('dtype', self.dtype):
            return self.make_link()

    def generate_inputs(self):
        return function_test_utils.uniform(self.dtype, *self.x_shapes)

    def initialize_lazily(self, link):
        """Calls `link` once on zeros like the inputs (batch of one): lazy parameters appear."""
        with chainer.no_backprop_mode():
            link(*[numpy.zeros((1,) + shape[1:], self.dtype) for shape in self.x_shapes])
        return link

    def forward_expected(self, link, inputs):
        outputs = self.reference(link, *inputs)
        if not isinstance(outputs, tuple):
            outputs = outputs,
        return tuple(numpy.asarray(y).astype(self.dtype) for y in outputs)


def check_param_gradients(mode, make_link, *x_shapes, **options):
    """Checks the gradients of the inputs and of every parameter (children's too) numerically.

    The link is made by `make_link()` in float64, moved to the device of `mode`, and called once
    on the inputs first (so that lazy parameters exist).
    """
    rng = numpy.random.RandomState(1)
    xs = tuple(send(mode, rng.uniform(-1, 1, shape)) for shape in x_shapes)
    with chainer.using_config('dtype', numpy.float64):
        link = make_link()
        link.to_device('@numpy' if mode == 'numpy' else 'native:0')
        y = link(*xs)
    gy = send(mode, rng.uniform(-1, 1, y.shape))
    options.setdefault('eps', 1e-6)  # small steps: few relu or max kinks crossed
    options.setdefault('atol', 1e-6)
    options.setdefault('rtol', 1e-5)
    gradient_check.check_backward(link, xs, gy, params=tuple(link.params()), **options)


def inject(cls):
    """Runs the test case on NumPy and on chainerx native (the shared backend list)."""
    return testing.inject_backend_tests(None, function_test_utils.BACKENDS)(cls)


def send(mode, array):
    """`array` on the device of a `mode` fixture value ('numpy' or 'chainerx')."""
    return chainer.get_device('@numpy' if mode == 'numpy' else 'native:0').send(array)
