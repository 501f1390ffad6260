"""The chainer fuzz (fuzz_chainer_calls.py on the chainerx suite's harness): a fixed-seed quick run
finds no crash and no hang and reaches chainer, its calls are rebuilt from the seed and index alone,
and judge tells the suspicious exceptions from those a bad argument may raise."""

import random

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check
import chainerx

import fuzz_chainer_calls
import fuzz_chainer_values
import fuzz_harness  # the chainerx suite's; importing fuzz_chainer_calls put it on sys.path

QUICK_SEED = 11
QUICK_CALLS = 3000
TABLE = 'fuzz_chainer_calls:build_table'


def _calls(seed, count):
    table = fuzz_chainer_calls.build_table()
    return [fuzz_chainer_calls.make_call(table, seed, index) for index in range(count)]


def test_quick_run_finds_no_crash_or_hang():
    table = fuzz_chainer_calls.build_table()
    options = fuzz_harness.Options(seed=QUICK_SEED, jobs=2, timeout=10.0, table=TABLE)
    report = fuzz_harness.fuzz(QUICK_CALLS, options)
    text = fuzz_harness.format_report(report, table, QUICK_SEED)
    if report.incidents:
        pytest.fail('the chainer fuzz found crashes or hangs (reproducers below)\n' + text,
                    pytrace=False)
    assert report.calls == QUICK_CALLS, text
    # The calls reach chainer: most succeed, and bad arguments raise its typed errors.
    assert report.outcomes['ok'] > QUICK_CALLS // 3, text
    assert report.outcomes['chainer.utils.type_check.InvalidType'] > QUICK_CALLS // 20, text
    assert report.outcomes['TypeError'] > 0 and report.outcomes['ValueError'] > 0, text


def test_table_covers_the_public_api():
    names = {entry.name for entry in fuzz_chainer_calls.build_table()}
    functions = fuzz_chainer_calls.function_names()
    assert len(functions) >= 170 and all(callable(getattr(F, name)) for name in functions)
    assert {'F.' + name for name in functions} <= names
    expected = {'F.broadcast', 'F.broadcast_to', 'F.add', 'F.identity', 'F.sum_to',
                'F.convolution_2d', 'F.n_step_lstm', 'Variable.backward', 'Variable.__getitem__',
                'Variable.__rtruediv__', 'Variable.reshape', 'Variable.grad', 'Variable.grad=',
                'Variable.array=', 'Parameter.initialize', 'chainer.Variable', 'chainer.grad',
                'chainer.backward', 'chainer.grad[connected]', 'chainer.backend.get_device',
                'chainer.backend.to_chx', 'chainer.backend.from_chx', 'operator.add',
                'operator.getitem', 'pickle.dumps'}
    assert expected <= names, expected - names


def test_calls_are_rebuilt_from_seed_and_index_alone():
    first, again, other = _calls(5, 300), _calls(5, 300), _calls(6, 300)
    assert [call.source() for call in first] == [call.source() for call in again]
    assert [call.source() for call in first] != [call.source() for call in other]
    for call in first:  # every reproducer is valid Python
        compile(fuzz_chainer_calls.with_imports(call.source()), '<reproducer>', 'exec')
    sources = ' '.join(call.source() for call in first)
    # Both backends, templates' fitting arguments, and backward passes of both orders are drawn.
    assert 'chainer.Variable(numpy.' in sources and 'chainer.Variable(chx.array(' in sources
    assert 'fz.backprop(' in sources and ', 2)(' in sources and ', 1)(' in sources


def test_reproducers_import_what_they_use():
    line = fuzz_chainer_calls.with_imports('fz.backprop(F.relu, 1)(chainer.Variable(chx.ones(2)))')
    assert line.startswith('import chainer, chainer.functions as F, fuzz_chainer_calls as fz; '
                           'import chainerx as chx; ')


class _Middle(random.Random):
    """Draws 0.5 every time: contiguous arrays of the theme's backend, held by Variables."""

    def random(self):
        return 0.5


@pytest.mark.parametrize('backend', ['numpy', 'chx'])
def test_template_arguments_fit_together(backend):
    theme = fuzz_chainer_values.Theme(backend, 'float32', (2, 3))

    def value(spec):
        recipe = fuzz_chainer_values.render(_Middle(), spec, theme)
        return eval(recipe, fuzz_chainer_calls.NAMESPACE)

    for name in ('convolution_2d', 'deconvolution_1d', 'n_step_lstm', 'n_step_bigru', 'bilinear',
                 'local_convolution_2d', 'upsampling_2d', 'softmax_cross_entropy', 'batch_inv',
                 'embed_id', 'tree_lstm', 'spatial_pyramid_pooling_2d', 'where', 'scatter_add'):
        args, kwargs = fuzz_chainer_values.TEMPLATES[name]
        result = getattr(F, name)(*map(value, args), **{k: value(v) for k, v in kwargs.items()})
        assert fuzz_chainer_calls._variables(result), name


def test_backprop_runs_first_and_second_order_backward():
    for order in (1, 2):
        x = chainer.Variable(numpy.array([0.5, 1.0], 'float32'))
        y = fuzz_chainer_calls.backprop(F.sin, order)(x)
        numpy.testing.assert_allclose(y.array, numpy.sin(x.array))
        # Order 1 leaves dy/dx = cos x in x.grad; order 2 the derivative of that, -sin x.
        expected = numpy.cos(x.array) if order == 1 else -numpy.sin(x.array)
        numpy.testing.assert_allclose(x.grad, expected, rtol=1e-6)


def _raised(func):
    try:
        func()
    except BaseException as error:
        return error
    raise AssertionError('no exception')


def test_judge_tells_suspicious_exceptions_apart():
    judge = fuzz_chainer_calls.judge
    assert judge(_raised(lambda: F.relu('x'))) is None  # a TypeError
    assert judge(_raised(lambda: F.relu(numpy.ones(3, 'int32')))) is None  # InvalidType
    assert isinstance(_raised(lambda: F.relu(numpy.ones(3, 'int32'))), type_check.InvalidType)
    assert judge(_raised(lambda: chainerx.ones((2, 3)).reshape(4))) is None  # DimensionError
    assert judge(_raised(lambda: eval('(lambda: 1 / 0)()'))) is None  # the fuzz's own callable
    assert judge(RuntimeError('Unable to cast Python instance to C++ type')) == '!cast'
    assert judge(_raised(lambda: eval('(lambda: [].nosuch)()'))) is None
    assert judge(_raised(lambda: [].nosuch)).startswith('AttributeError at ')
    assert judge(MemoryError()) == 'MemoryError'
