"""FunctionTestCase, LinkTestCase and LinkInitializersTestCase: right code passes, bugs fail.

The classes at module level that pytest collects must pass on every backend. The broken ones are
marked `__test__ = False` and run through unittest by the tests, which assert how they fail.
"""

import unittest

import numpy
import pytest

import chainer
import chainerx
from chainer import testing
from chainer import utils

import function_test_utils

_BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'},
             {'use_chainerx': True, 'chainerx_device': 'cuda:0'}]
_CPU_BACKENDS = _BACKENDS[:2]
_SUFFIXES = ('numpy', 'chainerx_native_0')


def _is_contiguous(array):
    if isinstance(array, chainerx.ndarray):
        return array.is_contiguous
    return array.flags.c_contiguous


def _outcomes(case_class):
    """Runs every test of the class with unittest: {method name: (outcome, message)}."""
    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(case_class).run(result)
    outcomes = {}
    for kind, entries in (('fail', result.failures), ('error', result.errors),
                          ('skip', result.skipped)):
        for test, message in entries:
            outcomes[test._testMethodName] = (kind, message)
    for name in unittest.defaultTestLoader.getTestCaseNames(case_class):
        outcomes.setdefault(name, ('ok', ''))
    return outcomes


def _outcome_kinds(case_class):
    return {name: kind for name, (kind, _) in _outcomes(case_class).items()}


# -- FunctionTestCase -----------------------------------------------------------------------------

@testing.parameterize(*testing.product({
    'shape': [(3, 2), (), (0, 3)],
    'contiguous': [None, 'C'],
}))
@testing.fix_random()
@testing.inject_backend_tests(None, _BACKENDS)
class TestPolynomial(testing.FunctionTestCase):
    """x * x + x through Variable operators (native on chainerx), passing on every backend."""

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(numpy.float32),

    def forward(self, inputs, device):
        x, = inputs
        assert device == self.backend_config.device
        return x * x + x,

    def forward_expected(self, inputs):
        x, = inputs
        return x * x + x,


@testing.inject_backend_tests(None, _CPU_BACKENDS)
class _SquareCase(testing.FunctionTestCase):
    """A right test of function_test_utils.Square; the subclasses below break one piece each."""

    __test__ = False
    factor = 2
    cut_graph = False

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32),

    def forward(self, inputs, device):
        return function_test_utils.Square(self.factor, cut_graph=self.cut_graph).apply(inputs)

    def forward_expected(self, inputs):
        x, = inputs
        return x * x,


def _test_names(method):
    return {'{}__{}'.format(method, suffix) for suffix in _SUFFIXES}


def _expect(case_class, failing, kind='fail', others='ok'):
    """Asserts that exactly the tests of the methods in `failing` fail, on every backend."""
    outcomes = _outcome_kinds(case_class)
    expected = {name: others for name in outcomes}
    for method in failing:
        expected.update({name: kind for name in _test_names(method)})
    assert outcomes == expected


def test_right_function_passes_everything():
    _expect(_SquareCase, [])
    assert len(_outcomes(_SquareCase)) == 6


def test_broken_forward_expected_fails_test_forward_only():
    class Case(_SquareCase):
        def forward_expected(self, inputs):
            x, = inputs
            return x * x * 1.01,

    _expect(Case, ['test_forward'])
    kind, message = _outcomes(Case)['test_forward__numpy']
    assert 'FunctionTestError: outputs[0] differs from the expected value' in message


def test_wrong_backward_fails_test_backward():
    class Case(_SquareCase):
        factor = 3

    # The double backward check compares second-order gradients with the first-order ones,
    # which are consistent (3 * gy * x is differentiated right): only test_backward fails.
    _expect(Case, ['test_backward'])
    kind, message = _outcomes(Case)['test_backward__chainerx_native_0']
    assert 'the gradients are wrong' in message and 'check_backward failed' in message


def test_cut_graph_fails_test_double_backward_only():
    class Case(_SquareCase):
        cut_graph = True

    _expect(Case, ['test_double_backward'])


def test_forward_output_checks():
    class WrongDtype(_SquareCase):
        def forward_expected(self, inputs):
            x, = inputs
            return (x * x).astype(numpy.float64),

    class NotVariables(_SquareCase):
        def forward(self, inputs, device):
            return inputs[0].array,

    class TooMany(_SquareCase):
        def forward_expected(self, inputs):
            return inputs[0], inputs[0]

    class NotATuple(_SquareCase):
        def generate_inputs(self):
            return [numpy.ones(2, numpy.float32)]

    for case, text in ((WrongDtype, 'dtype float32, expected (2, 3) and float64'),
                       (NotVariables, 'forward must return Variables'),
                       (TooMany, 'forward returned 1 outputs, forward_expected 2'),
                       (NotATuple, 'generate_inputs must return a tuple')):
        kind, message = _outcomes(case)['test_forward__numpy']
        assert kind == 'fail' and text in message, (case, message)


def test_skip_flags_and_before_test():
    seen = []

    class Case(_SquareCase):
        skip_backward_test = True
        skip_double_backward_test = True

        def before_test(self, test_name):
            seen.append(test_name)

    _expect(Case, ['test_backward', 'test_double_backward'], kind='skip')
    assert sorted(seen) == ['test_forward', 'test_forward']


def test_options_reach_the_checks():
    class Loose(_SquareCase):
        factor = 2.002
        check_backward_options = {'atol': 1e-2, 'rtol': 1e-2}
        check_double_backward_options = {'atol': 1e-2, 'rtol': 1e-2}

        def forward_expected(self, inputs):
            x, = inputs
            return x * x * numpy.float32(1.001),

    _expect(Loose, ['test_forward'])

    class LooseForward(Loose):
        check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}

    _expect(LooseForward, [])


class _Relu(chainer.FunctionNode):
    def forward(self, inputs):
        self.retain_inputs((0,))
        return utils.force_array(numpy.maximum(inputs[0], 0)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        mask = (x.array > 0).astype(x.dtype)
        return grad_outputs[0] * chainer.Variable(mask, requires_grad=False),


def test_dodge_nondifferentiable_resamples_the_inputs():
    calls = []

    @testing.inject_backend_tests(None, _CPU_BACKENDS)
    class Case(testing.FunctionTestCase):
        __test__ = False
        skip_forward_test = True
        skip_double_backward_test = True

        def generate_inputs(self):
            calls.append(None)
            x = numpy.random.uniform(0.5, 1, (3,)) * numpy.random.choice([-1, 1], 3)
            if not hasattr(self, 'drawn'):  # the first draw of each test is at the kink
                self.drawn = x[1] = 0
            return x.astype(numpy.float32),

        def forward(self, inputs, device):
            return _Relu().apply(inputs)

    _expect(Case, ['test_backward'], others='skip')
    Case.dodge_nondifferentiable = True
    calls.clear()
    _expect(Case, ['test_backward'], kind='ok', others='skip')
    assert len(calls) == 4  # per backend: the kink, then a differentiable point


def test_dodge_nondifferentiable_gives_up():
    @testing.inject_backend_tests(['test_backward'], _CPU_BACKENDS[:1])
    class Case(testing.FunctionTestCase):
        __test__ = False
        dodge_nondifferentiable = True
        skip_double_backward_test = True

        def generate_inputs(self):
            return numpy.zeros(2, numpy.float32),

        def forward(self, inputs, device):
            return _Relu().apply(inputs)

    kind, message = _outcomes(Case)['test_backward__numpy']
    assert kind == 'fail' and 'no differentiable point in 20 trials' in message


def test_functions_see_noncontiguous_inputs_and_gradients():
    seen = []

    class Case(_SquareCase):
        def forward(self, inputs, device):
            seen.append((self.contiguous,) + tuple(_is_contiguous(x.array) for x in inputs))
            return super().forward(inputs, device)

        def generate_grad_outputs(self, outputs_template):
            gys = super().generate_grad_outputs(outputs_template)
            seen.append(('gy', self.contiguous, outputs_template[0].shape))
            return gys

    for contiguous in (None, 'C'):
        Case.contiguous = contiguous
        _expect(Case, [])
    # The first call of each test gets the arrays as given (the later ones are the numerical
    # passes, on float64 copies): non-contiguous unless contiguous is 'C'.
    firsts = [entry for i, entry in enumerate(seen) if i == 0 or seen[i - 1][0] == 'gy']
    assert (None, False) in firsts and ('C', True) in firsts
    assert (None, True) not in firsts and ('C', False) not in firsts


def test_uninjected_function_test_case_skips():
    outcomes = _outcome_kinds(testing.FunctionTestCase)
    assert outcomes == {'test_forward': 'skip', 'test_backward': 'skip',
                        'test_double_backward': 'skip'}


@pytest.mark.parametrize('convert', [lambda a: a, chainerx.array], ids=['numpy', 'chainerx'])
@pytest.mark.parametrize('shape', [(4, 3), (1, 3), (3, 1, 2), (1,), ()])
def test_as_noncontiguous_keeps_values_device_and_dtype(convert, shape):
    from chainer.testing import function_link
    array = convert(numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape))
    copy = function_link._as_noncontiguous(array)
    assert type(copy) is type(array) and copy.dtype == array.dtype and copy.shape == shape
    assert _is_contiguous(copy) == (numpy.prod(shape) <= 1)
    numpy.testing.assert_array_equal(chainer.backend.CpuDevice().send(copy),
                                     chainer.backend.CpuDevice().send(array))


# -- LinkTestCase and LinkInitializersTestCase ---------------------------------------------------

class _ScaleShift:
    """A link-like object (what LinkTestCase uses of chainer.Link): y = x * W + b, elementwise."""

    def __init__(self, w_init, b_init, size=3, w_from_copy=False):
        self.W = chainer.Parameter(w_init, shape=(size,))
        self.b = chainer.Parameter(b_init, shape=(size,))
        self.w_from_copy = w_from_copy

    def params(self):
        yield self.W
        yield self.b

    def namedparams(self):
        yield '/W', self.W
        yield '/b', self.b

    def to_device(self, device):
        for param in self.params():
            param.to_device(device)
        return self

    def __call__(self, x):
        w = self.W
        if self.w_from_copy:  # a bug: W's gradient is lost
            w = chainer.Variable(w.array.copy(), requires_grad=False) + 0 * w
        return x * w + self.b


@testing.fix_random()
@testing.inject_backend_tests(None, _BACKENDS)
class _ScaleShiftCase(testing.LinkTestCase):
    """A right test of _ScaleShift; the tests below break one piece each."""

    __test__ = False
    param_names = ('W', 'b')
    w_from_copy = False
    check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}

    def generate_params(self):
        return (numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32),
                numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32))

    def create_link(self, initializers):
        return _ScaleShift(*initializers, w_from_copy=self.w_from_copy)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32),

    def forward_expected(self, link, inputs):
        x, = inputs
        assert isinstance(link.W.array, numpy.ndarray)
        return x * link.W.array + link.b.array,


@testing.parameterize({'contiguous': None}, {'contiguous': 'C'})
class TestScaleShiftLink(_ScaleShiftCase):
    pass


def _link_case(**attrs):
    return type('Case', (_ScaleShiftCase,), attrs)


def test_right_link_passes():
    outcomes = _outcome_kinds(_link_case())
    cpu = _test_names('test_forward') | _test_names('test_backward')
    assert {outcomes[name] for name in cpu} == {'ok'}
    assert set(outcomes) == cpu | {'test_forward__chainerx_cuda_0',
                                   'test_backward__chainerx_cuda_0'}


def test_link_with_a_lost_parameter_gradient_fails_test_backward():
    outcomes = _outcomes(_link_case(w_from_copy=True))
    for name in _test_names('test_backward'):
        kind, message = outcomes[name]
        assert kind == 'fail' and 'LinkTestError' in message and 'params[0]' in message


def test_link_with_a_wrong_forward_expected_fails_test_forward():
    def forward_expected(self, link, inputs):
        return inputs[0] * link.W.array,

    outcomes = _outcome_kinds(_link_case(forward_expected=forward_expected))
    assert {outcomes[name] for name in _test_names('test_forward')} == {'fail'}
    assert {outcomes[name] for name in _test_names('test_backward')} == {'ok'}


def test_link_param_names_must_exist():
    kind, message = _outcomes(_link_case(param_names=('W', 'c')))['test_backward__numpy']
    assert kind == 'fail' and "param_names has 'c'" in message


class _ConstantInitializer:
    """A deterministic chainer.Initializer-like callable with a dtype."""

    def __init__(self, value, dtype=None):
        self.value = value
        self.dtype = dtype

    def __call__(self, array):
        array[...] = self.value


class _NormalInitializer:
    """A random initializer: its values are not checked, only device and dtype."""

    dtype = None

    def __call__(self, array):
        array[...] = numpy.random.normal(size=array.shape)


@testing.inject_backend_tests(None, _BACKENDS)
class TestScaleShiftInitializers(testing.LinkInitializersTestCase):

    param_names = ('W', 'b')
    ignores_initializer = None

    def generate_params(self):
        return 1.0, 0.0

    def create_link(self, initializers):
        w, b = initializers
        if self.ignores_initializer == 'b':
            b = 0.0
        return _ScaleShift(w, b)

    def get_initializers(self):
        return ([2.0, numpy.array([1.0, 2.0, 3.0], numpy.float32),
                 _ConstantInitializer(-1.5), _NormalInitializer()],
                [0.5, _ConstantInitializer(numpy.float32(4.0), numpy.float32)])


def test_link_initializers_pass_and_fail():
    case = type('Case', (TestScaleShiftInitializers,), {'__test__': False})
    outcomes = _outcome_kinds(case)
    assert {outcomes[name] for name in _test_names('test_initializers')} == {'ok'}
    case.ignores_initializer = 'b'
    outcomes = _outcomes(case)
    kind, message = outcomes['test_initializers__chainerx_native_0']
    assert kind == 'fail' and "parameter 'b' initialized with 0.5 has the wrong values" in message


def test_link_initializers_count_mismatch():
    def get_initializers(self):
        return [1.0],

    case = type('Case', (TestScaleShiftInitializers,), {
        '__test__': False, 'get_initializers': get_initializers})
    kind, message = _outcomes(case)['test_initializers__numpy']
    assert kind == 'fail' and 'one entry per parameter' in message
