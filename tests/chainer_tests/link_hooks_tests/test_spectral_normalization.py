"""SpectralNormalization: the normalised weight against NumPy, sigma against SVD, u's lifecycle."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import gradient_check
from chainer.link_hooks import SpectralNormalization
from chainer.utils import type_check

import hook_cases
from mode_utils import make_array, to_numpy


def _power_iteration(matrix, u, n, eps=1e-6):
    for _ in range(n):
        v = matrix.T @ u
        v = v / (numpy.linalg.norm(v) + eps)
        u = matrix @ v
        u = u / (numpy.linalg.norm(u) + eps)
    return u, v


class _Recording(L.Linear):
    """A Linear that keeps the weight its forward saw (the hook's normalised weight)."""

    def forward(self, x):
        self.seen = self.W
        return super().forward(x)


def _recording_link(mode, hook, in_size=6, out_size=5):
    link = hook_cases.make_link(mode, lambda: _Recording(in_size, out_size))
    link.add_hook(hook)
    return link


def _largest_singular_value(W):
    return numpy.linalg.svd(to_numpy(W), compute_uv=False)[0]


@pytest.mark.parametrize('name', sorted(hook_cases.CASES))
@pytest.mark.parametrize('n_power_iteration', [1, 3])
def test_forward_uses_weight_over_sigma_and_stores_u(mode, name, n_power_iteration):
    link, x, axis, function = hook_cases.make_case(mode, name)
    W = link.W
    link.add_hook(SpectralNormalization(n_power_iteration))
    u0 = to_numpy(link.W_u).copy()
    assert u0.shape == (W.shape[axis],) and u0.dtype == W.dtype
    y = link(x)
    u, v = _power_iteration(hook_cases.as_matrix(W.array, axis), u0, n_power_iteration)
    sigma = u @ hook_cases.as_matrix(W.array, axis) @ v
    expected = hook_cases.expected_output(function, x, to_numpy(W.array) / sigma, link.b)
    numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-10, atol=1e-12)
    numpy.testing.assert_allclose(to_numpy(link.W_u), u, rtol=1e-10)
    assert link.W is W
    assert chainer.backend.get_device_from_array(link.W_u) == link.device


def test_sigma_converges_to_the_largest_singular_value(mode):
    # eps = 0: exact unit vectors (the default eps shrinks them, and so sigma, by about 1e-6).
    link = _recording_link(mode, SpectralNormalization(n_power_iteration=100, eps=0))
    link(make_array(mode, numpy.ones((1, 6))))
    numpy.testing.assert_allclose(_largest_singular_value(link.seen.array), 1, rtol=1e-10)
    top = numpy.linalg.svd(to_numpy(link.W.array))[0][:, 0]
    numpy.testing.assert_allclose(abs(to_numpy(link.W_u) @ top), 1, rtol=1e-8)


def test_one_iteration_per_call_converges_over_calls(mode):
    link = _recording_link(mode, SpectralNormalization())
    for _ in range(60):
        link(make_array(mode, numpy.ones((1, 6))))
    numpy.testing.assert_allclose(_largest_singular_value(link.seen.array), 1, rtol=1e-5)


def test_factor_and_gamma_scale_the_normalised_weight(mode):
    link = _recording_link(mode, SpectralNormalization(100, eps=0, factor=2.0))
    link(make_array(mode, numpy.ones((1, 6))))
    numpy.testing.assert_allclose(_largest_singular_value(link.seen.array), 2, rtol=1e-10)

    link = _recording_link(mode, SpectralNormalization(100, eps=0, use_gamma=True))
    sigma = _largest_singular_value(link.W.array)
    assert link.gamma.shape == () and isinstance(link.gamma, chainer.Parameter)
    numpy.testing.assert_allclose(to_numpy(link.gamma.array), sigma, rtol=1e-12)
    assert any(p is link.gamma for p in link.params())
    link(make_array(mode, numpy.ones((1, 6))))
    numpy.testing.assert_allclose(to_numpy(link.seen.array), to_numpy(link.W.array), rtol=1e-10)


@pytest.mark.parametrize('use_gamma', [False, True])
def test_gradients_reach_the_weight_through_sigma(mode, use_gamma):
    # With converged u and v, d(u^T W v)/dW = u v^T also holds for the numerical derivative; in
    # test mode u stays fixed between the evaluations of check_backward.
    link = _recording_link(mode, SpectralNormalization(200, use_gamma=use_gamma), 4, 3)
    rng = numpy.random.RandomState(2)
    x, gy = (make_array(mode, rng.uniform(-1, 1, shape)) for shape in ((2, 4), (2, 3)))
    link(x)
    with chainer.using_config('train', False):
        gradient_check.check_backward(
            link, x, gy, params=tuple(link.params()), eps=1e-6, atol=1e-6, rtol=1e-5)


def test_gradient_of_weight_is_the_projected_one(mode):
    # y = sum(W / sigma), so dW = (1 - sum(W) u v^T / sigma) / sigma with the singular vectors.
    link = _recording_link(mode, SpectralNormalization(200, eps=0), 4, 3)
    y = link(make_array(mode, numpy.ones((1, 4))))
    chainer.functions.sum(link.seen).backward()
    W = to_numpy(link.W.array)
    U, s, Vt = numpy.linalg.svd(W)
    expected = (1 - W.sum() * numpy.outer(U[:, 0], Vt[0]) / s[0]) / s[0]
    numpy.testing.assert_allclose(to_numpy(link.W.grad), expected, rtol=1e-7, atol=1e-10)
    assert y.shape == (1, 3)


def test_test_mode_leaves_u_unchanged(mode):
    link, x, _, _ = hook_cases.make_case(mode, 'linear')
    link.add_hook(SpectralNormalization())
    u0 = to_numpy(link.W_u).copy()
    with chainer.using_config('train', False):
        link(x)
    numpy.testing.assert_array_equal(to_numpy(link.W_u), u0)
    link(x)
    assert not numpy.array_equal(to_numpy(link.W_u), u0)


def test_recomputation_reuses_u_and_v(mode):
    link, x, _, _ = hook_cases.make_case(mode, 'linear')
    link.add_hook(SpectralNormalization())
    y = to_numpy(link(x).array)
    u = to_numpy(link.W_u).copy()
    with chainer.using_config('in_recomputing', True):
        numpy.testing.assert_array_equal(to_numpy(link(x).array), y)
    numpy.testing.assert_array_equal(to_numpy(link.W_u), u)


def test_delete_hook_removes_u_and_gamma_and_restores_the_plain_link(mode):
    link, x, _, function = hook_cases.make_case(mode, 'convolution')
    params_before = sorted(name for name, _ in link.namedparams())
    hook = SpectralNormalization(use_gamma=True, name='sn')
    link.add_hook(hook)
    assert hasattr(link, 'W_u') and hasattr(link, 'gamma')
    assert sorted(name for name, _ in link.namedparams()) == sorted(params_before + ['/gamma'])
    link(x)
    link.delete_hook('sn')
    assert not hasattr(link, 'W_u') and not hasattr(link, 'gamma')
    assert sorted(name for name, _ in link.namedparams()) == params_before
    expected = hook_cases.expected_output(function, x, to_numpy(link.W.array), link.b)
    numpy.testing.assert_allclose(to_numpy(link(x).array), expected, rtol=1e-12)


def test_lazy_weights_are_initialised_by_the_first_call(mode):
    cases = [(L.Linear(None, 4), (2, 3, 2), {}, (4, 6)),
             (L.Linear(None, 4), (2, 3, 2), {'n_batch_axes': 2}, (4, 2)),
             (L.Convolution2D(None, 3, 2), (1, 2, 3, 3), {}, (3, 2, 2, 2)),
             (L.LocalConvolution2D(None, 3, ksize=2), (1, 2, 3, 4), {}, (3, 2, 3, 2, 2, 2)),
             (L.Deconvolution2D(None, 5, 2), (1, 2, 3, 3), {}, (2, 5, 2, 2))]
    for link, x_shape, kwargs, W_shape in cases:
        link.to_device(hook_cases.device_name(mode))
        link.add_hook(SpectralNormalization())
        assert not hasattr(link, 'W_u')
        y = link(make_array(mode, numpy.ones(x_shape), numpy.float32), **kwargs)
        assert link.W.shape == W_shape
        u_size = W_shape[1 if isinstance(link, L.Deconvolution2D) else 0]
        assert link.W_u.shape == (u_size,) and link.W_u.dtype == numpy.float32
        assert isinstance(link.W, chainer.Parameter)
        assert chainer.backend.get_device_from_array(link.W_u) == link.device
        assert y.array.dtype == numpy.float32


def test_u_is_saved_and_loaded_with_the_link(mode, tmp_path):
    link, x, _, _ = hook_cases.make_case(mode, 'linear')
    link.add_hook(SpectralNormalization())
    link(x)
    path = str(tmp_path / 'sn.npz')
    chainer.serializers.save_npz(path, link)
    assert 'W_u' in numpy.load(path).files
    other = hook_cases.make_link(mode, hook_cases.CASES['linear'][0], seed=5)
    other.add_hook(SpectralNormalization())
    chainer.serializers.load_npz(path, other)
    numpy.testing.assert_array_equal(to_numpy(other.W_u), to_numpy(link.W_u))
    with chainer.using_config('train', False):
        numpy.testing.assert_array_equal(to_numpy(other(x).array), to_numpy(link(x).array))


def test_failed_call_leaves_the_parameter_restored_by_the_next_call(mode):
    link, x, _, _ = hook_cases.make_case(mode, 'linear')
    W = link.W
    link.add_hook(SpectralNormalization(name='sn'))
    with pytest.raises(type_check.InvalidType):
        link(make_array(mode, numpy.ones((2, 3))))
    link(x)
    assert link.W is W
    with pytest.raises(type_check.InvalidType):
        link(make_array(mode, numpy.ones((2, 3))))
    link.delete_hook('sn')
    assert link.W is W


def test_float32_and_deconvolution_axis(mode):
    link = L.Deconvolution2D(3, 4, 2)
    link.to_device(hook_cases.device_name(mode))
    link.add_hook(SpectralNormalization(50, eps=0))
    y = link(make_array(mode, numpy.ones((1, 3, 2, 2)), numpy.float32))
    assert link.W_u.shape == (4,) and link.W_u.dtype == numpy.float32
    assert y.array.dtype == numpy.float32
    W = hook_cases.as_matrix(link.W.array, 1)
    numpy.testing.assert_allclose(
        to_numpy(link.W_u) @ W @ _power_iteration(W, to_numpy(link.W_u), 1)[1],
        numpy.linalg.svd(W, compute_uv=False)[0], rtol=1e-5)


def test_errors():
    with pytest.raises(ValueError):
        SpectralNormalization(n_power_iteration=0)
    with pytest.raises(ValueError, match="'V'"):
        L.Linear(3, 4).add_hook(SpectralNormalization(weight_name='V'))
    with pytest.raises(ValueError, match='shape'):
        L.Linear(3, 0).add_hook(SpectralNormalization())
    with pytest.raises(NotImplementedError):
        with SpectralNormalization():
            pass
    assert not chainer.link_hook.get_global_link_hooks()


def test_other_weight_name_and_public_names():
    link = L.EmbedID(5, 3)
    link.add_hook(SpectralNormalization(weight_name='W'))
    assert link.W_u.shape == (5,)
    hook = SpectralNormalization(weight_name='V')
    assert (hook.name, hook.vector_name) == ('SpectralNormalization', 'V_u')
    assert chainer.link_hooks.SpectralNormalization is SpectralNormalization
