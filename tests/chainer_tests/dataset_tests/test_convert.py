"""concat_examples, to_device, the converter decorator and ConcatWithAsyncTransfer, on NumPy and
ChainerX devices."""

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer import dataset
from chainer.dataset import convert

from mode_utils import make_array, to_numpy

# Device specifiers and the array type they produce.
DEVICES = [
    ('@numpy', numpy.ndarray), (-1, numpy.ndarray), (backend.CpuDevice(), numpy.ndarray),
    ('native:0', chainerx.ndarray), ('native', chainerx.ndarray),
    (chainerx.get_device('native:0'), chainerx.ndarray),
]


@pytest.fixture(params=DEVICES, ids=lambda p: str(p[0]))
def device_and_type(request):
    return request.param


def _examples(mode):
    rng = numpy.random.RandomState(0)
    return [make_array(mode, rng.uniform(size=(2, 3)).astype(numpy.float32), numpy.float32)
            for _ in range(4)]


def test_arrays_are_stacked(mode, device_and_type):
    device, array_type = device_and_type
    examples = _examples(mode)
    result = dataset.concat_examples(examples, device)
    assert isinstance(result, array_type)
    assert result.shape == (4, 2, 3) and result.dtype == numpy.float32
    numpy.testing.assert_array_equal(to_numpy(result), numpy.stack([to_numpy(e) for e in examples]))
    if array_type is chainerx.ndarray:
        assert result.device.name == 'native:0'


def test_no_device_keeps_the_array_type(mode):
    result = dataset.concat_examples(_examples(mode))
    assert isinstance(result, chainerx.ndarray if mode == 'chainerx' else numpy.ndarray)


def test_tuples_and_dicts(mode, device_and_type):
    device, array_type = device_and_type
    x = _examples(mode)
    batch = [(x[i], i) for i in range(4)]
    xs, ts = dataset.concat_examples(batch, device)
    assert isinstance(xs, array_type) and isinstance(ts, array_type)
    numpy.testing.assert_array_equal(to_numpy(ts), numpy.arange(4))
    result = dataset.concat_examples([{'x': x[i], 't': i} for i in range(4)], device=device)
    assert sorted(result) == ['t', 'x']
    assert result['x'].shape == (4, 2, 3)
    numpy.testing.assert_array_equal(to_numpy(result['t']), numpy.arange(4))


def test_scalars_and_lists():
    numpy.testing.assert_array_equal(dataset.concat_examples([1, 2, 3]), [1, 2, 3])
    result = dataset.concat_examples([[1., 2.], [3., 4.]])
    assert isinstance(result, numpy.ndarray) and result.shape == (2, 2)


@pytest.mark.parametrize('device', [None, '@numpy', 'native:0'])
def test_padding(mode, device):
    arrays = [make_array(mode, numpy.ones((1, 3)), numpy.int32),
              make_array(mode, numpy.full((2, 2), 2), numpy.int32)]
    result = dataset.concat_examples(arrays, device, padding=-1)
    assert result.dtype == numpy.int32
    numpy.testing.assert_array_equal(to_numpy(result), [[[1, 1, 1], [-1, -1, -1]],
                                                        [[2, 2, -1], [2, 2, -1]]])


def test_padding_per_position_and_key():
    batch = [(numpy.zeros(1), numpy.zeros(2)), (numpy.zeros(2), numpy.zeros(1))]
    x, y = dataset.concat_examples(batch, padding=(5, 7))
    numpy.testing.assert_array_equal(x, [[0, 5], [0, 0]])
    numpy.testing.assert_array_equal(y, [[0, 0], [0, 7]])
    batch = [{'a': numpy.zeros(1)}, {'a': numpy.zeros(2)}]
    numpy.testing.assert_array_equal(
        dataset.concat_examples(batch, padding={'a': 3})['a'], [[0, 3], [0, 0]])
    ragged = dataset.concat_examples([[1], [2, 3]], padding=0)
    numpy.testing.assert_array_equal(ragged, [[1, 0], [2, 3]])


def test_different_shapes_raise_a_clear_error(mode):
    arrays = [make_array(mode, numpy.zeros(3)), make_array(mode, numpy.zeros(3)),
              make_array(mode, numpy.zeros(4))]
    with pytest.raises(ValueError, match=r'example 2.*\(3,\) and \(4,\).*padding'):
        dataset.concat_examples(arrays)
    with pytest.raises(ValueError, match=r"at 'x'.*\(3,\) and \(4,\)"):
        dataset.concat_examples([{'x': a} for a in arrays])
    with pytest.raises(ValueError, match=r'\(2,\) and \(1,\)'):
        dataset.concat_examples([[1, 2], [3]])
    with pytest.raises(ValueError, match='ndim'):
        dataset.concat_examples([numpy.zeros(2), numpy.zeros((2, 2))], padding=0)


def test_empty_batch_raises():
    with pytest.raises(ValueError, match='empty'):
        dataset.concat_examples([])


def test_to_device(mode):
    x = make_array(mode, [1., 2.])
    assert dataset.to_device(None, x) is x
    assert isinstance(dataset.to_device('native:0', x), chainerx.ndarray)
    assert isinstance(dataset.to_device(-1, x), numpy.ndarray)
    pair = dataset.to_device('@numpy', (x, [x, None]))
    assert isinstance(pair, tuple) and isinstance(pair[1][0], numpy.ndarray)
    assert pair[1][1] is None
    assert dataset.to_device('native:0', None) is None
    with pytest.raises(TypeError):
        dataset.to_device(1.5, x)
    if not chainer.backends.cuda.available:
        with pytest.raises(RuntimeError, match='CUDA'):
            dataset.to_device(0, x)  # legacy: a non-negative integer is a GPU


def test_converter_decorator_normalizes_the_device():
    received = []

    @dataset.converter()
    def my_converter(batch, device=None, extra=0):
        """Doc of my_converter."""
        received.append(device)
        return batch

    assert isinstance(my_converter, dataset.Converter)
    assert my_converter.__doc__ == 'Doc of my_converter.'
    my_converter([1], 'native:0')
    my_converter([1], device=-1)
    my_converter([1])
    assert received[0] == chainer.get_device('native:0')
    assert isinstance(received[1], backend.CpuDevice)
    assert received[2] is None
    assert isinstance(dataset.concat_examples, dataset.Converter)
    with pytest.raises(TypeError, match='callable'):
        dataset.converter()(3)


def test_call_converter_passes_legacy_ids_to_plain_functions():
    calls = []

    def old_style(batch, device=None):
        calls.append(device)
        return batch

    convert._call_converter(old_style, [1], None)
    convert._call_converter(old_style, [1], backend.CpuDevice())
    assert calls == [None, -1]
    with pytest.raises(RuntimeError, match='converter'):
        convert._call_converter(old_style, [1], chainer.get_device('native:0'))
    result = convert._call_converter(dataset.concat_examples, [numpy.zeros(2)],
                                     chainer.get_device('native:0'))
    assert isinstance(result, chainerx.ndarray)


def test_converter_base_class_requires_call():
    with pytest.raises(NotImplementedError):
        dataset.Converter()([1], None)


def test_concat_with_async_transfer_off_gpu(mode):
    converter = dataset.ConcatWithAsyncTransfer()
    batch = [(make_array(mode, [1., 2.]), 0), (make_array(mode, [3., 4.]), 1)]
    x, t = converter(batch, 'native:0')
    assert isinstance(x, chainerx.ndarray)
    numpy.testing.assert_array_equal(to_numpy(x), [[1, 2], [3, 4]])
    x, t = converter(batch, '@numpy')
    assert isinstance(t, numpy.ndarray)
    padded = converter([numpy.zeros(1), numpy.zeros(2)], None, padding=9)
    numpy.testing.assert_array_equal(padded, [[0, 9], [0, 0]])
