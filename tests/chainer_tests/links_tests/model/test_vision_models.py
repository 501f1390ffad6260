"""VGG16/19Layers, ResNet50/101/152Layers, GoogLeNet: layer names and shapes, first layers and heads against NumPy,
npz round trips, 'auto' with a fake cache, prepare/extract/predict, chainerx.

Kept cheap on two cores: random initialisation (pretrained_model=None) is sampled once per big model, small inputs
wherever the architecture allows, and the zero-initialised 'auto' path (with load_npz recorded, not run) builds the
models whose random weights would cost seconds."""

import collections
import os

import numpy
import pytest

import chainer
import chainerx
import chainer.functions as F
from chainer.dataset import download
from chainer.links.connection.linear import Linear
from chainer.links.model.vision import _common
from chainer.links.model.vision import googlenet
from chainer.links.model.vision import resnet
from chainer.links.model.vision import vgg
from chainer.serializers import npz

from mode_utils import to_numpy

VGG16_LAYERS = ['conv1_1', 'conv1_2', 'pool1', 'conv2_1', 'conv2_2', 'pool2', 'conv3_1', 'conv3_2', 'conv3_3',
                'pool3', 'conv4_1', 'conv4_2', 'conv4_3', 'pool4', 'conv5_1', 'conv5_2', 'conv5_3', 'pool5',
                'fc6', 'fc7', 'fc8', 'prob']
VGG19_LAYERS = ['conv1_1', 'conv1_2', 'pool1', 'conv2_1', 'conv2_2', 'pool2', 'conv3_1', 'conv3_2', 'conv3_3',
                'conv3_4', 'pool3', 'conv4_1', 'conv4_2', 'conv4_3', 'conv4_4', 'pool4', 'conv5_1', 'conv5_2',
                'conv5_3', 'conv5_4', 'pool5', 'fc6', 'fc7', 'fc8', 'prob']
RESNET_LAYERS = ['conv1', 'pool1', 'res2', 'res3', 'res4', 'res5', 'pool5', 'fc6', 'prob']
GOOGLENET_LAYERS = ['conv1', 'pool1', 'conv2_reduce', 'conv2', 'pool2', 'inception_3a', 'inception_3b', 'pool3',
                    'inception_4a', 'inception_4b', 'inception_4c', 'inception_4d', 'inception_4e', 'pool4',
                    'inception_5a', 'inception_5b', 'pool5', 'loss3_fc', 'prob', 'loss1_fc2', 'loss2_fc2']
# Each model class and the file name of its converted weights in the cache, as the original names them.
CACHED = [(vgg.VGG16Layers, 'VGG_ILSVRC_16_layers.npz'), (vgg.VGG19Layers, 'VGG_ILSVRC_19_layers.npz'),
          (resnet.ResNet50Layers, 'ResNet-50-model.npz'), (resnet.ResNet101Layers, 'ResNet-101-model.npz'),
          (resnet.ResNet152Layers, 'ResNet-152-model.npz'), (googlenet.GoogLeNet, 'bvlc_googlenet.npz')]
RESNET_DEPTHS = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3), 152: (3, 8, 36, 3)}


# ---- plain float64 NumPy references ----

def conv2d(x, W, b, stride, pad):
    x = numpy.pad(numpy.asarray(x, numpy.float64), ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    kh, kw = W.shape[2:]
    oh, ow = (x.shape[2] - kh) // stride + 1, (x.shape[3] - kw) // stride + 1
    y = numpy.zeros((x.shape[0], W.shape[0], oh, ow))
    for i in range(kh):
        for j in range(kw):
            patch = x[:, :, i:i + stride * (oh - 1) + 1:stride, j:j + stride * (ow - 1) + 1:stride]
            y += numpy.einsum('ncij,oc->noij', patch, numpy.asarray(W[:, :, i, j], numpy.float64))
    return y if b is None else y + numpy.asarray(b, numpy.float64)[:, None, None]


def _windows(x, k, s, oh, ow):
    return numpy.stack([x[:, :, i * s:i * s + k, j * s:j * s + k] for i in range(oh) for j in range(ow)], axis=2)


def max_pool(x, k, s):
    """Max pooling with cover_all=True (the last window may hang over the edge) and no padding."""
    n, c, h, w = x.shape
    oh, ow = (h - k + s - 1) // s + 1, (w - k + s - 1) // s + 1
    padded = numpy.full((n, c, (oh - 1) * s + k, (ow - 1) * s + k), -numpy.inf)
    padded[:, :, :h, :w] = x
    return _windows(padded, k, s, oh, ow).max(axis=(3, 4)).reshape(n, c, oh, ow)


def avg_pool(x, k, s):
    n, c, h, w = x.shape
    oh, ow = (h - k) // s + 1, (w - k) // s + 1
    return _windows(x, k, s, oh, ow).mean(axis=(3, 4)).reshape(n, c, oh, ow)


def lrn(x, n, k, alpha, beta):
    x = numpy.asarray(x, numpy.float64)
    channels = x.shape[1]
    total = numpy.stack([(x[:, max(0, c - n // 2):c + n // 2 + 1] ** 2).sum(axis=1) for c in range(channels)], 1)
    return x / (k + alpha * total) ** beta


def batch_norm(x, gamma, beta, eps):
    """Training-mode batch normalization (batch statistics, biased variance)."""
    mean, var = x.mean(axis=(0, 2, 3), keepdims=True), x.var(axis=(0, 2, 3), keepdims=True)
    return (x - mean) / numpy.sqrt(var + eps) * gamma[:, None, None] + beta[:, None, None]


def softmax(y):
    e = numpy.exp(y - y.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _x(shape, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


def _params(link):
    return {name: to_numpy(p.array) for name, p in link.namedparams()}


def _close(actual, expected, rtol=1e-4, err_msg=''):
    """assert_allclose with an absolute tolerance scaled to the largest value (float32 sums of large terms)."""
    expected = numpy.asarray(expected)
    numpy.testing.assert_allclose(actual, expected, rtol=rtol, atol=rtol * abs(expected).max(), err_msg=err_msg)


def _shapes(activations):
    return {name: tuple(v.shape) for name, v in activations.items()}


@pytest.fixture
def cache_root(tmp_path, monkeypatch):
    """A fresh dataset root (what CHAINER_DATASET_ROOT sets at import) and its model directory."""
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path))
    return tmp_path / 'pfnet' / 'chainer' / 'models'


@pytest.fixture
def fake_auto(cache_root, monkeypatch):
    """Builds a model through 'auto' with an empty cache file and a recording load_npz (zero weights, fast)."""
    loaded = []
    monkeypatch.setattr(npz, 'load_npz', lambda path, model: loaded.append((path, model)))

    def build(cls, name, **kwargs):
        cache_root.mkdir(parents=True, exist_ok=True)
        (cache_root / name).write_bytes(b'')
        model = cls(**kwargs)
        assert loaded == [(str(cache_root / name), model)]
        loaded.clear()
        return model
    return build


@pytest.fixture(scope='module')
def vgg16():
    return vgg.VGG16Layers(pretrained_model=None)


@pytest.fixture(scope='module')
def resnet50():
    return resnet.ResNet50Layers(pretrained_model=None)


@pytest.fixture(scope='module')
def google():
    return googlenet.GoogLeNet(pretrained_model=None)


# ---- layers and their shapes ----

def _vgg_shapes(layers):
    shapes, size, channels = {}, 224, 3
    for name in layers:
        if name.startswith('conv'):
            channels = (64, 128, 256, 512, 512)[int(name[4]) - 1]
            shapes[name] = (1, channels, size, size)
        elif name.startswith('pool'):
            size //= 2
            shapes[name] = (1, channels, size, size)
    shapes.update({'fc6': (1, 4096), 'fc7': (1, 4096), 'fc8': (1, 1000), 'prob': (1, 1000)})
    return shapes


def test_vgg16_random_init_and_every_layer_at_224(vgg16):
    assert vgg16.available_layers == VGG16_LAYERS
    W = to_numpy(vgg16.conv3_1.W.array)
    assert W.shape == (256, 128, 3, 3) and abs(W.std() - 0.01) < 5e-4
    assert not to_numpy(vgg16.fc6.b.array).any() and vgg16.fc6.W.shape == (4096, 25088)
    with chainer.using_config('train', False):
        y = vgg16(_x((1, 3, 224, 224)), layers=VGG16_LAYERS)
    assert _shapes(y) == _vgg_shapes(VGG16_LAYERS)
    fc7, fc8 = (y[k].array.astype(numpy.float64) for k in ('fc7', 'fc8'))
    expected = fc7 @ vgg16.fc8.W.array.T.astype(numpy.float64) + vgg16.fc8.b.array
    numpy.testing.assert_allclose(fc8, expected, rtol=1e-4, atol=1e-6)
    numpy.testing.assert_allclose(y['prob'].array, softmax(fc8), rtol=1e-4, atol=1e-7)


def test_vgg16_first_block_against_numpy(vgg16):
    x = _x((2, 3, 8, 10))
    y = vgg16(x, layers=['conv1_1', 'conv1_2', 'pool1'])
    assert sorted(y) == ['conv1_1', 'conv1_2', 'pool1']
    h1 = numpy.maximum(conv2d(x, vgg16.conv1_1.W.array, vgg16.conv1_1.b.array, 1, 1), 0)
    h2 = numpy.maximum(conv2d(h1, vgg16.conv1_2.W.array, vgg16.conv1_2.b.array, 1, 1), 0)
    for name, expected in (('conv1_1', h1), ('conv1_2', h2), ('pool1', max_pool(h2, 2, 2))):
        numpy.testing.assert_allclose(y[name].array, expected, rtol=1e-4, atol=1e-6)


def test_vgg19_through_auto_every_layer_at_224(fake_auto):
    model = fake_auto(vgg.VGG19Layers, 'VGG_ILSVRC_19_layers.npz')
    assert model.available_layers == VGG19_LAYERS
    assert not model.conv5_4.W.array.any() and not model.fc8.b.array.any()  # zeros until the npz loads
    y = model(_x((1, 3, 224, 224)), layers=VGG19_LAYERS)
    assert _shapes(y) == _vgg_shapes(VGG19_LAYERS)


def _resnet_shapes(n, size):
    s = [(size + 1) // 2]  # conv1; then pool1 (3x3, stride 2, cover_all) and the stride-2 stages
    s.append((s[0] - 3 + 1) // 2 + 1)
    s += [s[1], (s[1] + 1) // 2, (s[1] + 3) // 4, (s[1] + 7) // 8]
    channels = (64, 64, 256, 512, 1024, 2048)
    shapes = {name: (n, c, k, k) for name, c, k in zip(RESNET_LAYERS, channels, s)}
    shapes.update({'pool5': (n, 2048), 'fc6': (n, 1000), 'prob': (n, 1000)})
    return shapes


def test_resnet50_random_init_and_every_layer_at_64(resnet50):
    assert resnet50.available_layers == RESNET_LAYERS
    W = to_numpy(resnet50.conv1.W.array)
    assert W.shape == (64, 3, 7, 7) and abs(W.std() - numpy.sqrt(2 / 147)) < 0.01
    assert resnet50.res2.a.conv1.b is None and resnet50.conv1.b is not None
    with chainer.using_config('train', False):
        y = resnet50(_x((1, 3, 64, 64)), layers=RESNET_LAYERS)
    assert _shapes(y) == _resnet_shapes(1, 64)
    res5 = y['res5'].array.astype(numpy.float64)
    _close(y['pool5'].array, res5.mean(axis=(2, 3)), rtol=1e-5)
    fc6 = y['pool5'].array.astype(numpy.float64) @ resnet50.fc6.W.array.T + resnet50.fc6.b.array
    _close(y['fc6'].array, fc6)
    numpy.testing.assert_allclose(y['prob'].array, softmax(fc6), rtol=1e-4, atol=1e-7)


def test_resnet50_zero_size_batch(resnet50):
    with chainer.using_config('train', False):
        y = resnet50(_x((0, 3, 32, 32)), layers=RESNET_LAYERS)
    assert _shapes(y) == _resnet_shapes(0, 32)


def test_resnet50_first_layers_against_numpy_in_train_mode(resnet50):
    x = _x((2, 3, 16, 12))
    y = resnet50(x, layers=['conv1', 'pool1'])
    h = conv2d(x, resnet50.conv1.W.array, resnet50.conv1.b.array, 2, 3)
    h = numpy.maximum(batch_norm(h, resnet50.bn1.gamma.array, resnet50.bn1.beta.array, 2e-5), 0)
    numpy.testing.assert_allclose(y['conv1'].array, h, rtol=1e-4, atol=1e-5)
    numpy.testing.assert_allclose(y['pool1'].array, max_pool(h, 3, 2), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize('cls, n_layers', [(resnet.ResNet101Layers, 101), (resnet.ResNet152Layers, 152)])
def test_deeper_resnets_every_layer_at_32(cls, n_layers):
    model = cls(pretrained_model=None)
    assert model.available_layers == RESNET_LAYERS
    assert len(model.res4._forward) == RESNET_DEPTHS[n_layers][2]
    y = model(_x((2, 3, 32, 32)), layers=RESNET_LAYERS)
    assert _shapes(y) == _resnet_shapes(2, 32)


GOOGLENET_SHAPES_224 = {
    'conv1': (64, 112), 'pool1': (64, 56), 'conv2_reduce': (64, 56), 'conv2': (192, 56), 'pool2': (192, 28),
    'inception_3a': (256, 28), 'inception_3b': (480, 28), 'pool3': (480, 14), 'inception_4a': (512, 14),
    'inception_4b': (512, 14), 'inception_4c': (512, 14), 'inception_4d': (528, 14), 'inception_4e': (832, 14),
    'pool4': (832, 7), 'inception_5a': (832, 7), 'inception_5b': (1024, 7), 'pool5': (1024, 1)}


def test_googlenet_random_init_every_layer_and_the_heads_at_224(google):
    assert google.available_layers == GOOGLENET_LAYERS
    W = to_numpy(google.conv2.W.array)
    assert W.shape == (192, 64, 3, 3) and 0.9 < abs(W).max() / numpy.sqrt(3 / 576) <= 1
    with chainer.using_config('train', False):
        y = google(_x((1, 3, 224, 224)), layers=GOOGLENET_LAYERS)
    expected = {name: (1, c, s, s) for name, (c, s) in GOOGLENET_SHAPES_224.items()}
    expected.update({name: (1, 1000) for name in ('loss3_fc', 'prob', 'loss1_fc2', 'loss2_fc2')})
    assert _shapes(y) == expected
    p = {name: a.astype(numpy.float64) for name, a in _params(google).items()}
    pool5 = y['inception_5b'].array.astype(numpy.float64).mean(axis=(2, 3))
    numpy.testing.assert_allclose(y['pool5'].array[:, :, 0, 0], pool5, rtol=1e-5, atol=1e-6)
    loss3 = pool5 @ p['/loss3_fc/W'].T + p['/loss3_fc/b']
    numpy.testing.assert_allclose(y['loss3_fc'].array, loss3, rtol=1e-4, atol=1e-5)
    numpy.testing.assert_allclose(y['prob'].array, softmax(loss3), rtol=1e-4, atol=1e-7)
    for head, source in (('loss1', 'inception_4a'), ('loss2', 'inception_4d')):  # the branches
        h = avg_pool(y[source].array.astype(numpy.float64), 5, 3)
        h = numpy.maximum(conv2d(h, p['/%s_conv/W' % head], p['/%s_conv/b' % head], 1, 0), 0).reshape(1, -1)
        h = numpy.maximum(h @ p['/%s_fc1/W' % head].T + p['/%s_fc1/b' % head], 0)
        h = h @ p['/%s_fc2/W' % head].T + p['/%s_fc2/b' % head]
        numpy.testing.assert_allclose(y[head + '_fc2'].array, h, rtol=1e-4, atol=1e-5)


def test_googlenet_first_layers_against_numpy(google):
    x = _x((1, 3, 16, 14))
    y = google(x, layers=['conv1', 'pool1', 'conv2_reduce'])
    h = numpy.maximum(conv2d(x, google.conv1.W.array, google.conv1.b.array, 2, 3), 0)
    numpy.testing.assert_allclose(y['conv1'].array, h, rtol=1e-4, atol=1e-5)
    h = lrn(max_pool(h, 3, 2), n=5, k=1, alpha=1e-4 / 5, beta=.75)
    numpy.testing.assert_allclose(y['pool1'].array, h, rtol=1e-4, atol=1e-5)
    h = numpy.maximum(conv2d(h, google.conv2_reduce.W.array, google.conv2_reduce.b.array, 1, 0), 0)
    numpy.testing.assert_allclose(y['conv2_reduce'].array, h, rtol=1e-4, atol=1e-5)


# ---- parameter names (so that the original's npz files load) ----

def _resnet_names(n_layers):
    names = ['/conv1/W', '/conv1/b', '/bn1/gamma', '/bn1/beta', '/fc6/W', '/fc6/b']
    for stage, depth in zip(('res2', 'res3', 'res4', 'res5'), RESNET_DEPTHS[n_layers]):
        for block in ['a'] + ['b%d' % i for i in range(1, depth)]:
            for i in range(1, 5 if block == 'a' else 4):
                names += ['/%s/%s/conv%d/W' % (stage, block, i), '/%s/%s/bn%d/gamma' % (stage, block, i),
                          '/%s/%s/bn%d/beta' % (stage, block, i)]
    return names


def _googlenet_names():
    links = ['conv1', 'conv2_reduce', 'conv2', 'loss3_fc', 'loss1_conv', 'loss1_fc1', 'loss1_fc2', 'loss2_conv',
             'loss2_fc1', 'loss2_fc2']
    links += ['inc%s/%s' % (i, c) for i in ('3a', '3b', '4a', '4b', '4c', '4d', '4e', '5a', '5b')
              for c in ('conv1', 'proj3', 'conv3', 'proj5', 'conv5', 'projp')]
    return ['/%s/%s' % (link, p) for link in links for p in 'Wb']


def _vgg_names(depths):
    links = ['conv%d_%d' % (b, i) for b, d in enumerate(depths, 1) for i in range(1, d + 1)] + ['fc6', 'fc7', 'fc8']
    return ['/%s/%s' % (link, p) for link in links for p in 'Wb']


@pytest.mark.parametrize('cls, name, expected', [
    (vgg.VGG16Layers, 'VGG_ILSVRC_16_layers.npz', _vgg_names((2, 2, 3, 3, 3))),
    (vgg.VGG19Layers, 'VGG_ILSVRC_19_layers.npz', _vgg_names((2, 2, 4, 4, 4))),
    (resnet.ResNet50Layers, 'ResNet-50-model.npz', _resnet_names(50)),
    (resnet.ResNet101Layers, 'ResNet-101-model.npz', _resnet_names(101)),
    (resnet.ResNet152Layers, 'ResNet-152-model.npz', _resnet_names(152)),
    (googlenet.GoogLeNet, 'bvlc_googlenet.npz', _googlenet_names())])
def test_parameter_names_are_the_originals(fake_auto, cls, name, expected):
    model = fake_auto(cls, name)
    assert sorted(n for n, _ in model.namedparams()) == sorted(expected)
    # Zero-initialised for a pretrained model, as the original, but for the links it builds with their defaults.
    defaults = ('/inc',) + (('/fc6/W',) if isinstance(model, resnet.ResNetLayers) else ())
    zeros = [n for n in expected if not n.startswith(defaults) and '/bn' not in n]
    params = dict(model.namedparams())
    assert zeros and all(not params[n].array.any() for n in zeros)


# ---- npz round trips and 'auto' ----

def test_googlenet_npz_round_trip_by_path_and_through_auto(google, cache_root, tmp_path):
    path = str(tmp_path / 'g.npz')
    chainer.serializers.save_npz(path, google, compression=False)
    by_path = googlenet.GoogLeNet(pretrained_model=path)
    cache_root.mkdir(parents=True)
    os.replace(path, str(cache_root / 'bvlc_googlenet.npz'))
    by_auto = googlenet.GoogLeNet()
    expected = _params(google)
    for model in (by_path, by_auto):
        got = _params(model)
        assert sorted(got) == sorted(expected)
        for name in expected:
            numpy.testing.assert_array_equal(got[name], expected[name], err_msg=name)


def test_resnet50_npz_round_trip_keeps_batch_norm_statistics(resnet50, tmp_path):
    path = str(tmp_path / 'r.npz')
    saved_mean = resnet50.res3.b1.bn2.avg_mean.copy()
    resnet50.res3.b1.bn2.avg_mean[...] = _x((128,))
    try:
        chainer.serializers.save_npz(path, resnet50, compression=False)
        loaded = resnet.ResNet50Layers(pretrained_model=path)
        numpy.testing.assert_array_equal(loaded.res3.b1.bn2.avg_mean, _x((128,)))
    finally:
        resnet50.res3.b1.bn2.avg_mean[...] = saved_mean
    expected_keys = {n[1:] for n in _resnet_names(50)}
    expected_keys |= {'%s/%s' % (n.rsplit('/', 1)[0], s) for n in expected_keys if n.endswith('gamma')
                      for s in ('avg_mean', 'avg_var', 'N')}
    with numpy.load(path) as f:
        assert set(f.files) == expected_keys
    loaded_params = _params(loaded)
    for name, value in _params(resnet50).items():
        numpy.testing.assert_array_equal(loaded_params[name], value, err_msg=name)


@pytest.mark.parametrize('cls, name', CACHED)
def test_auto_without_the_npz_raises_ioerror_saying_where(cache_root, cls, name):
    with pytest.raises(IOError) as info:
        cls()
    message = str(info.value)
    assert str(cache_root / name) in message and 'CaffeFunction' in message
    with pytest.raises(IOError):
        cls('auto')


def test_resnet_takes_a_caffemodel_name_as_auto(fake_auto, cache_root):
    with pytest.raises(IOError, match='ResNet-50-model.npz') as info:
        resnet.ResNet50Layers('my.caffemodel')
    assert 'my.caffemodel' in str(info.value)
    model = fake_auto(resnet.ResNet50Layers, 'ResNet-50-model.npz', pretrained_model='my.caffemodel')
    assert isinstance(model, resnet.ResNet50Layers)


@pytest.mark.parametrize('cls', [vgg.VGGLayers, resnet.ResNetLayers, googlenet.GoogLeNet])
def test_caffemodel_conversion_raises_runtime_error(cls):
    with pytest.raises(RuntimeError, match='CaffeFunction'):
        cls.convert_caffemodel_to_npz('x.caffemodel', 'x.npz')


def test_bad_n_layers_raise_value_error():
    with pytest.raises(ValueError, match='16 or 19'):
        vgg.VGGLayers(None, n_layers=11)
    with pytest.raises(ValueError, match='152'):
        resnet.ResNetLayers(None, 34)


# ---- ResNet blocks ----

def _bn_relu(h, bn, relu=True):
    h = batch_norm(h, bn.gamma.array, bn.beta.array, bn.eps)
    return numpy.maximum(h, 0) if relu else h


@pytest.mark.parametrize('downsample_fb', [False, True])
def test_bottleneck_a_against_numpy(downsample_fb):
    block = resnet.BottleneckA(4, 3, 6, stride=2, downsample_fb=downsample_fb)
    s1, s3 = (1, 2) if downsample_fb else (2, 1)
    assert (block.conv1.stride, block.conv2.stride, block.conv4.stride) == (s1, s3, 2)
    x = _x((2, 4, 7, 6))
    h = _bn_relu(conv2d(x, block.conv1.W.array, None, s1, 0), block.bn1)
    h = _bn_relu(conv2d(h, block.conv2.W.array, None, s3, 1), block.bn2)
    h = _bn_relu(conv2d(h, block.conv3.W.array, None, 1, 0), block.bn3, relu=False)
    shortcut = _bn_relu(conv2d(x, block.conv4.W.array, None, 2, 0), block.bn4, relu=False)
    y = block(x)
    assert y.shape == (2, 6, 4, 3)
    numpy.testing.assert_allclose(y.array, numpy.maximum(h + shortcut, 0), rtol=1e-4, atol=1e-4)


def test_bottleneck_b_and_building_block():
    block = resnet.BottleneckB(4, 2)
    x = _x((2, 4, 5, 5))
    h = _bn_relu(conv2d(x, block.conv1.W.array, None, 1, 0), block.bn1)
    h = _bn_relu(conv2d(h, block.conv2.W.array, None, 1, 1), block.bn2)
    h = _bn_relu(conv2d(h, block.conv3.W.array, None, 1, 0), block.bn3, relu=False)
    numpy.testing.assert_allclose(block(x).array, numpy.maximum(h + x, 0), rtol=1e-4, atol=1e-4)
    stage = resnet.BuildingBlock(3, 4, 2, 8, 2, downsample_fb=True)
    assert sorted(c.name for c in stage.children()) == ['a', 'b1', 'b2'] and stage.a.conv2.stride == 2
    expected = stage.b2(stage.b1(stage.a(x))).array
    numpy.testing.assert_allclose(stage(x).array, expected, rtol=1e-6)
    assert expected.shape == (2, 8, 3, 3)


def test_resnet_passes_downsample_fb_to_its_blocks(fake_auto):
    model = fake_auto(resnet.ResNet50Layers, 'ResNet-50-model.npz', downsample_fb=True)
    assert (model.res3.a.conv1.stride, model.res3.a.conv2.stride) == (1, 2)
    assert (model.res2.a.conv1.stride, model.res2.a.conv2.stride) == (1, 1)


# ---- the shared forward, extract and predict, on a toy model ----

class _Toy(_common.PretrainedLayers):
    """pool5: a fixed weighting of the pixels (not mirror-symmetric); fc: linear; side: from 'double'."""

    _mean_bgr = (1.0, 2.0, 3.0)
    _branches = {'side': 'double'}

    def __init__(self):
        super().__init__()
        self.calls = []
        self.weights = numpy.random.RandomState(1).uniform(0, 1, (224, 224)).astype(numpy.float32)
        with self.init_scope():
            self.fc = Linear(3, 5)

    def _log(self, name, value):
        self.calls.append(name)
        return value

    def _pool(self, x):
        weights = self.weights[:x.shape[2], :x.shape[3]]
        return F.sum(x * self.xp.asarray(numpy.broadcast_to(weights, x.shape)), axis=(2, 3))

    @property
    def functions(self):
        return collections.OrderedDict([
            ('double', [lambda x: self._log('double', x * 2)]),
            ('pool5', [self._pool, lambda h: self._log('pool5', h)]),
            ('fc', [self.fc, lambda h: self._log('fc', h)]),
            ('prob', [F.softmax]),
            ('side', [lambda h: self._log('side', F.sum(h, axis=(1, 2, 3)))]),
        ])


def test_forward_stops_after_the_last_requested_layer_and_follows_branches():
    toy = _Toy()
    x = _x((2, 3, 4, 4))
    assert sorted(toy(x)) == ['prob'] and toy.calls == ['double', 'pool5', 'fc']
    toy.calls.clear()
    y = toy(x, layers=['pool5'])
    assert list(y) == ['pool5'] and toy.calls == ['double', 'pool5']
    toy.calls.clear()
    y = toy.forward(x, layers=['side', 'double'])
    assert toy.calls == ['double', 'pool5', 'fc', 'side']
    numpy.testing.assert_allclose(y['side'].array, (2 * x).sum(axis=(1, 2, 3)), rtol=1e-5)
    assert toy(x, layers=[]) == {}


def test_forward_and_extract_reject_bad_arguments():
    toy = _Toy()
    x = _x((1, 3, 4, 4))
    with pytest.raises(ValueError, match='not supported anymore'):
        toy(x, test=True)
    with pytest.raises(TypeError):
        toy(x, foo=1)
    with pytest.raises(ValueError, match='pool9'):
        toy(x, layers=['pool5', 'pool9'])
    image = numpy.zeros((4, 4, 3), numpy.uint8)
    for kwargs in ({'test': True}, {'volatile': True}):
        with pytest.raises(ValueError, match='not supported anymore'):
            toy.extract([image], **kwargs)
    with pytest.raises(TypeError):
        toy.extract([image], foo=1)


def _images():
    rng = numpy.random.RandomState(3)
    return [rng.randint(0, 256, (300, 280, 3)).astype(numpy.uint8),
            rng.randint(0, 256, (3, 200, 260)).astype(numpy.uint8)]


def _toy_prob(toy, crops):
    pooled = (crops.astype(numpy.float64) * toy.weights).sum(axis=(2, 3))
    return softmax(pooled @ toy.fc.W.array.T + toy.fc.b.array)


@pytest.mark.skipif(not _common.available, reason='needs Pillow')
def test_predict_averages_ten_crops_or_takes_the_centre():
    toy = _Toy()
    prepared = numpy.stack([_common.prepare_image(image, (256, 256), toy._mean_bgr) for image in _images()])
    crops = [prepared[:, :, t:t + 224, l:l + 224] for t, l in ((0, 0), (0, 32), (32, 0), (32, 32), (16, 16))]
    crops += [c[:, :, :, ::-1] for c in crops]
    expected = sum(_toy_prob(toy, c) for c in crops) / 10
    with chainer.using_config('train', True):
        y = toy.predict(_images())
        assert chainer.config.train and y.creator is None
    assert y.shape == (2, 5)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-4)
    y = toy.predict(_images(), oversample=False)
    numpy.testing.assert_allclose(y.array, _toy_prob(toy, crops[4]), rtol=1e-4)


@pytest.mark.skipif(not _common.available, reason='needs Pillow')
def test_predict_of_a_real_model(google):
    y = google.predict(_images()[:1], oversample=False)
    assert y.shape == (1, 1000) and y.creator is None
    numpy.testing.assert_allclose(y.array.sum(), 1, rtol=1e-5)


@pytest.mark.skipif(not _common.available, reason='needs Pillow')
def test_extract_prepares_and_forwards(resnet50):
    images = _images()
    with chainer.using_config('train', False):
        y = resnet50.extract(images, layers=['pool1', 'res2'], size=(40, 32))
        x = numpy.stack([resnet.prepare(image, (40, 32)) for image in images])
        expected = resnet50(x, layers=['res2'])['res2']
    assert x.shape == (2, 3, 32, 40)
    numpy.testing.assert_allclose(y['res2'].array, expected.array, rtol=1e-5, atol=1e-6)
    assert sorted(y) == ['pool1', 'res2']
    toy = _Toy()
    assert list(toy.extract(images, size=(8, 8))) == ['pool5']  # the default layer


def test_the_package_lists_the_models():
    from chainer.links.model import vision
    assert sorted(vision.__all__) == ['GoogLeNet', 'ResNet101Layers', 'ResNet152Layers', 'ResNet50Layers',
                                      'VGG16Layers', 'VGG19Layers']
    assert vision.VGG16Layers is vgg.VGG16Layers and vision.resnet.BottleneckA is resnet.BottleneckA


# ---- prepare ----

PREPARES = [(vgg.prepare, (103.939, 116.779, 123.68)), (resnet.prepare, (103.063, 115.903, 123.152)),
            (googlenet.prepare, (104.0, 117.0, 123.0))]


@pytest.mark.skipif(not _common.available, reason='needs Pillow')
@pytest.mark.parametrize('prepare, mean', PREPARES)
def test_prepare_arrays_without_resizing(prepare, mean):
    rgb = numpy.random.RandomState(0).randint(0, 256, (5, 7, 3)).astype(numpy.uint8)
    expected = (rgb[:, :, ::-1].astype(numpy.float64) - mean).transpose(2, 0, 1)
    for image in (rgb, rgb.transpose(2, 0, 1), rgb + 0.7):
        y = prepare(image, size=None)
        assert y.dtype == numpy.float32 and y.shape == (3, 5, 7)
        numpy.testing.assert_allclose(y, expected, atol=1e-4)
    gray = rgb[:, :, 0]
    for image in (gray, gray[None]):
        numpy.testing.assert_allclose(prepare(image, size=None), gray - numpy.array(mean)[:, None, None], atol=1e-4)


@pytest.mark.skipif(not _common.available, reason='needs Pillow')
def test_prepare_resizes_to_width_height_and_takes_pil_images():
    from PIL import Image
    rgb = numpy.random.RandomState(0).randint(0, 256, (12, 16, 3)).astype(numpy.uint8)
    resized = numpy.asarray(Image.fromarray(rgb).resize((20, 10)), numpy.float64)
    expected = (resized[:, :, ::-1] - (104.0, 117.0, 123.0)).transpose(2, 0, 1)
    numpy.testing.assert_allclose(googlenet.prepare(rgb, size=(20, 10)), expected, atol=1e-4)
    numpy.testing.assert_allclose(googlenet.prepare(Image.fromarray(rgb), (20, 10)), expected, atol=1e-4)
    assert vgg.prepare(Image.fromarray(rgb)).shape == (3, 224, 224)
    assert vgg.prepare(Image.fromarray(numpy.dstack([rgb, rgb[:, :, :1]])), None).shape == (3, 12, 16)  # RGBA
    with chainer.using_config('dtype', numpy.float16):
        assert resnet.prepare(rgb, None).dtype == numpy.float16


def test_prepare_without_pillow_raises_import_error(monkeypatch):
    monkeypatch.setattr(_common, 'available', False)
    with pytest.raises(ImportError, match='Pillow'):
        vgg.prepare(numpy.zeros((4, 4, 3), numpy.uint8))


def test_oversample_images_order():
    images = numpy.arange(2 * 1 * 4 * 5).reshape(2, 1, 4, 5)
    crops = _common.oversample_images(images, (2, 3))
    assert crops.shape == (20, 1, 2, 3)
    numpy.testing.assert_array_equal(crops[10 + 1], images[1, :, 0:2, 2:5])
    numpy.testing.assert_array_equal(crops[4], images[0, :, 1:3, 1:4])
    numpy.testing.assert_array_equal(crops[10 + 7], images[1, :, 2:4, 0:3][:, :, ::-1])


# ---- chainerx ----

@pytest.mark.parametrize('model_name, size', [('resnet50', 32), ('google', 64)])
def test_forward_on_chainerx_matches_numpy(request, model_name, size):
    model = request.getfixturevalue(model_name)
    layers = [n for n in model.available_layers if n not in ('pool5', 'loss3_fc', 'prob', 'loss1_fc2', 'loss2_fc2')
              or model_name == 'resnet50']
    x = _x((2, 3, size, size))
    with chainer.using_config('train', False):
        expected = model(x, layers=layers)
        model.to_device('native:0')
        try:
            fallbacks = chainer.function_node.fallback_count
            y = model(chainer.get_device('native:0').send(x), layers=layers)
            F.sum(y[layers[-1]] * y[layers[-1]]).backward()
            assert chainer.function_node.fallback_count == fallbacks  # native all the way, backward too
            assert isinstance(model.conv1.W.grad, chainerx.ndarray) and float(abs(model.conv1.W.grad).max()) > 0
        finally:
            model.cleargrads()
            model.to_device('@numpy')
    assert sorted(y) == sorted(layers)
    for name in layers:
        assert isinstance(y[name].array, chainerx.ndarray)
        _close(to_numpy(y[name].array), expected[name].array, err_msg=name)
