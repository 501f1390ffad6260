"""Test case templates for functions and links: forward against NumPy, gradients numerically.

A test subclasses :class:`FunctionTestCase` (or :class:`LinkTestCase`,
:class:`LinkInitializersTestCase`), implements the input generation and the forward passes, and is
decorated with :func:`chainer.testing.inject_backend_tests`, which runs each `test_*` method once
per backend configuration::

    @chainer.testing.inject_backend_tests(None, [
        {}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
    class TestSquare(chainer.testing.FunctionTestCase):
        def generate_inputs(self):
            return numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32),

        def forward(self, inputs, device):
            x, = inputs
            return x * x,

        def forward_expected(self, inputs):
            x, = inputs
            return x * x,
"""

import unittest

import numpy

import chainer
from chainer import gradient_check
from chainer.testing import array as array_module
from chainer.testing import random as random_module

# generate_inputs is called at most this often to find a differentiable point.
_DODGE_TRIALS = 20


class _TestError(AssertionError):

    @classmethod
    def check(cls, condition, message):
        """Raises the error with `message` unless `condition` holds."""
        if not condition:
            raise cls(message)

    @classmethod
    def fail(cls, message, exc=None):
        """Raises the error with `message`, followed by the message of `exc` if given."""
        if exc is not None:
            message = '{}\n\n{}: {}'.format(message, type(exc).__name__, exc)
        raise cls(message)


class FunctionTestError(_TestError):
    """A :class:`FunctionTestCase` test failed (an AssertionError)."""


class LinkTestError(_TestError):
    """A :class:`LinkTestCase` or :class:`LinkInitializersTestCase` test failed."""


def _as_noncontiguous(array):
    """A non-contiguous array on the same device with the values of `array` (a copy)."""
    axis = next((i for i, n in enumerate(array.shape) if n > 1), None)
    if axis is None:
        return array  # at most one element: every layout is contiguous
    device = chainer.backend.get_device_from_array(array)
    shape = list(array.shape)
    shape[axis] *= 2
    with chainer.using_device(device):
        buffer = device.xp.empty(tuple(shape), array.dtype)
    view = buffer[(slice(None),) * axis + (slice(None, None, 2),)]
    view[...] = array
    return view


def _uniform_like(templates):
    """Uniform random arrays in [-1, 1) like the float templates; None for the others."""
    return tuple(
        None if t is None or numpy.dtype(t.dtype).kind != 'f'
        else numpy.random.uniform(-1, 1, t.shape).astype(t.dtype) for t in templates)


def _variable(array):
    return chainer.Variable(array, requires_grad=numpy.dtype(array.dtype).kind == 'f')


class _TestBase:
    """What the function and link test cases share: options, device transfer, checks."""

    _error = _TestError
    backend_config = None
    contiguous = None
    check_forward_options = {}
    check_backward_options = {}
    check_double_backward_options = {}
    skip_forward_test = False
    skip_backward_test = False
    skip_double_backward_test = False
    dodge_nondifferentiable = False
    numerical_grad_dtype = numpy.float64

    def before_test(self, test_name):
        """Called before each test with its name (e.g. `'test_forward'`); may raise SkipTest."""

    def generate_inputs(self):
        """Returns the inputs: a tuple of NumPy arrays."""
        raise NotImplementedError('generate_inputs must be implemented')

    def generate_grad_outputs(self, outputs_template):
        """Returns the gradients of the outputs (default: uniform in [-1, 1)).

        Args:
            outputs_template (tuple of numpy.ndarray): Arrays of the outputs' shapes and dtypes.
        """
        return _uniform_like(outputs_template)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares the outputs (NumPy arrays) with the expected ones: shapes, dtypes, values."""
        self._error.check(len(outputs) == len(expected_outputs), (
            'forward returned {} outputs, forward_expected {}'.format(
                len(outputs), len(expected_outputs))))
        for i, (y, e) in enumerate(zip(outputs, expected_outputs)):
            self._error.check(y.shape == e.shape and y.dtype == e.dtype, (
                'outputs[{}] has shape {} and dtype {}, expected {} and {}'.format(
                    i, y.shape, y.dtype, e.shape, e.dtype)))
            try:
                array_module.assert_allclose(y, e, **self.check_forward_options)
            except AssertionError as exc:
                self._error.fail('outputs[{}] differs from the expected value'.format(i), exc)

    def _start(self, test_name, backend_config):
        if backend_config is None:
            raise unittest.SkipTest(
                'run through chainer.testing.inject_backend_tests, which gives backend_config')
        skip_attr = 'skip_{}_test'.format(test_name[len('test_'):])
        if getattr(self, skip_attr, False):
            raise unittest.SkipTest('{} is set'.format(skip_attr))
        self.backend_config = backend_config
        self.before_test(test_name)

    def _arrays(self, generated, what, allow_none=False):
        """Checks a tuple of NumPy arrays; NumPy scalars (0-d results) become 0-d arrays."""
        if not isinstance(generated, tuple):
            self._error.fail('{} must return a tuple, got {}'.format(what, type(generated)))
        generated = tuple(numpy.asarray(a) if isinstance(a, numpy.generic) else a
                          for a in generated)
        for a in generated:
            self._error.check(isinstance(a, numpy.ndarray) or (allow_none and a is None), (
                '{} must return NumPy arrays, got {}'.format(what, type(a))))
        return generated

    def _generate_inputs(self):
        return self._arrays(self.generate_inputs(), 'generate_inputs')

    def _to_device(self, arrays, backend_config):
        arrays = backend_config.get_array(tuple(arrays))
        if self.contiguous is None:
            arrays = tuple(None if a is None else _as_noncontiguous(a) for a in arrays)
        elif self.contiguous != 'C':
            raise ValueError("contiguous must be None or 'C', got {!r}".format(self.contiguous))
        return arrays

    def _outputs(self, outputs, backend_config):
        """Checks what forward returned: a tuple of Variables on the device."""
        if isinstance(outputs, chainer.Variable):
            outputs = outputs,
        self._error.check(isinstance(outputs, tuple), (
            'forward must return a tuple of Variables, got {}'.format(type(outputs))))
        for i, y in enumerate(outputs):
            self._error.check(isinstance(y, chainer.Variable), (
                'forward must return Variables, outputs[{}] is {}'.format(i, type(y))))
            device = chainer.backend.get_device_from_array(y.array)
            self._error.check(device == backend_config.device, (
                'outputs[{}] is on {}, the inputs on {}'.format(i, device, backend_config.device)))
        return outputs

    def _templates(self, forward, input_arrays, backend_config):
        """NumPy zeros like the outputs of forward on the inputs (for the gradient generators)."""
        with chainer.no_backprop_mode():
            outputs = forward(
                *[_variable(x) for x in self._to_device(input_arrays, backend_config)])
        return tuple(numpy.zeros(y.shape, y.dtype) for y in outputs)

    def _forward_function(self, backend_config, *leading):
        """`f(*inputs)`: `self.forward(*leading, inputs, device)` on the backend, checked."""
        def f(*inputs):
            with backend_config:
                outputs = self.forward(*leading, inputs, backend_config.device)
            return self._outputs(outputs, backend_config)
        return f

    def _grad_outputs(self, f, inputs, backend_config):
        """generate_grad_outputs for the outputs of f on the inputs, checked."""
        return self._arrays(
            self.generate_grad_outputs(self._templates(f, inputs, backend_config)),
            'generate_grad_outputs', allow_none=True)

    def _check_forward(self, f, inputs, expected, backend_config):
        """Runs f on the inputs on the backend and compares the outputs with `expected`."""
        variables = [_variable(x) for x in self._to_device(inputs, backend_config)]
        outputs = f(*variables)
        self.check_forward_outputs(
            tuple(chainer.backend.CpuDevice().send(y.array) for y in outputs), expected)

    def _check_gradients(self, check, name):
        """Runs check(detect_nondifferentiable), resampling inputs at nondifferentiable points."""
        trials = _DODGE_TRIALS if self.dodge_nondifferentiable else 1
        for _ in range(trials):
            try:
                check(self.dodge_nondifferentiable)
                return
            except gradient_check.NondifferentiableError:
                continue
            except AssertionError as e:
                if not str(e).startswith('check_backward failed'):
                    raise  # an assertion of the test itself
                self._error.fail('{}: the gradients are wrong'.format(name), e)
        self._error.fail('{}: generate_inputs gave no differentiable point in {} trials'.format(
            name, trials))

    def _options(self, options):
        options = dict(options)
        options.setdefault('dtype', self.numerical_grad_dtype)
        return options


class FunctionTestBase(_TestBase):
    """The checks of :class:`FunctionTestCase`, without the `unittest.TestCase` base.

    Attributes:
        skip_forward_test, skip_backward_test, skip_double_backward_test (bool): Skip a test.
        dodge_nondifferentiable (bool): Resample the inputs (up to 20 times) while the function
            is not differentiable at them, in the gradient tests.
        numerical_grad_dtype: The `dtype` given to the gradient checks (default float64).
        check_forward_options (dict): `atol`/`rtol` of the forward comparison.
        check_backward_options (dict): Keyword arguments of
            :func:`chainer.gradient_check.check_backward` (`eps`, `atol`, `rtol`, `dtype`, ...).
        check_double_backward_options (dict): The same for
            :func:`chainer.gradient_check.check_double_backward`.
        contiguous (None or 'C'): None gives the function non-contiguous arrays (inputs and
            gradients, wherever they have two elements or more); 'C' C-contiguous ones.
        backend_config (BackendConfig): The configuration of the running test.
    """

    _error = FunctionTestError

    def forward(self, inputs, device):
        """Computes the outputs to test.

        Args:
            inputs (tuple of ~chainer.Variable): The inputs, on the backend's device.
            device (chainer.backend.Device): That device.

        Returns:
            tuple of ~chainer.Variable: The outputs.
        """
        raise NotImplementedError('forward must be implemented')

    def forward_expected(self, inputs):
        """Computes the expected outputs with NumPy.

        Args:
            inputs (tuple of numpy.ndarray): Copies of the inputs.

        Returns:
            tuple of numpy.ndarray: The expected outputs (dtypes are compared exactly).
        """
        raise NotImplementedError('forward_expected must be implemented')

    def generate_grad_grad_inputs(self, inputs_template):
        """Returns the gradients of the input gradients (default: uniform; None for non-floats).

        Args:
            inputs_template (tuple of numpy.ndarray): The inputs.
        """
        return _uniform_like(inputs_template)

    def run_test_forward(self, backend_config):
        """Checks forward on the backend against forward_expected."""
        self._start('test_forward', backend_config)
        inputs = self._generate_inputs()
        expected = self._arrays(self.forward_expected(tuple(x.copy() for x in inputs)),
                                'forward_expected')
        self._check_forward(self._forward_function(backend_config), inputs, expected,
                            backend_config)

    def _run_gradient_test(self, test_name, backend_config, check):
        """Runs `check(f, inputs, grad_outputs, detect_nondifferentiable)` on generated arrays.

        f is the forward on the backend; the inputs are resampled at nondifferentiable points.
        """
        self._start(test_name, backend_config)
        f = self._forward_function(backend_config)

        def run(detect_nondifferentiable):
            inputs = self._generate_inputs()
            grad_outputs = self._grad_outputs(f, inputs, backend_config)
            check(f, inputs, grad_outputs, detect_nondifferentiable)

        self._check_gradients(run, test_name)

    def run_test_backward(self, backend_config):
        """Checks the gradients of the outputs with respect to the inputs numerically."""
        def check(f, inputs, grad_outputs, detect_nondifferentiable):
            gradient_check.check_backward(
                f, self._to_device(inputs, backend_config),
                self._to_device(grad_outputs, backend_config),
                detect_nondifferentiable=detect_nondifferentiable,
                **self._options(self.check_backward_options))

        self._run_gradient_test('test_backward', backend_config, check)

    def run_test_double_backward(self, backend_config):
        """Checks the second-order gradients numerically."""
        def check(f, inputs, grad_outputs, detect_nondifferentiable):
            grad_grad_inputs = self._arrays(
                self.generate_grad_grad_inputs(inputs), 'generate_grad_grad_inputs',
                allow_none=True)
            gradient_check.check_double_backward(
                f, self._to_device(inputs, backend_config),
                self._to_device(grad_outputs, backend_config),
                self._to_device(grad_grad_inputs, backend_config),
                detect_nondifferentiable=detect_nondifferentiable,
                **self._options(self.check_double_backward_options))

        self._run_gradient_test('test_double_backward', backend_config, check)


class FunctionTestCase(FunctionTestBase, unittest.TestCase):
    """A test case template for a function: forward, backward and double backward checks.

    Implement `generate_inputs()`, `forward(inputs, device)` and `forward_expected(inputs)`; the
    gradient generators and the attributes of :class:`FunctionTestBase` may be overridden. Decorate
    the class with :func:`chainer.testing.inject_backend_tests`, which turns `test_forward`,
    `test_backward` and `test_double_backward` into one test per backend.
    """

    def test_forward(self, backend_config=None):
        """Forward on the backend equals forward_expected (shapes, dtypes, values)."""
        self.run_test_forward(backend_config)

    def test_backward(self, backend_config=None):
        """Backward agrees with numerical gradients."""
        self.run_test_backward(backend_config)

    def test_double_backward(self, backend_config=None):
        """Double backward agrees with numerical gradients of the gradients."""
        self.run_test_double_backward(backend_config)


class _LinkTestBase(_TestBase):
    """What the two link test cases share: creating the link and reaching its parameters."""

    _error = LinkTestError
    param_names = ()

    def generate_params(self):
        """Returns the initializers given to create_link: a tuple, one per entry of param_names."""
        raise NotImplementedError('generate_params must be implemented')

    def create_link(self, initializers):
        """Returns a new link (on the CPU) built with the initializers."""
        raise NotImplementedError('create_link must be implemented')

    def forward(self, link, inputs, device):
        """Computes the outputs to test (default: `link(*inputs)`).

        Args:
            link: The link, on the backend's device.
            inputs (tuple of ~chainer.Variable): The inputs, on that device.
            device (chainer.backend.Device): That device.

        Returns:
            tuple of ~chainer.Variable: The outputs.
        """
        return link(*inputs)

    def _generate_params(self):
        params = self.generate_params()
        self._error.check(isinstance(params, tuple), (
            'generate_params must return a tuple, got {}'.format(type(params))))
        return params

    def _create_link(self, initializers, backend_config):
        link = self.create_link(initializers)
        link.to_device(backend_config.device)
        return link

    def _params(self, link):
        params = []
        for name in self.param_names:
            param = getattr(link, name, None)
            self._error.check(isinstance(param, chainer.Variable), (
                'param_names has {!r}, but the link has no such parameter'.format(name)))
            params.append(param)
        return params


class LinkTestCase(_LinkTestBase, unittest.TestCase):
    """A test case template for a link: forward, and gradients of inputs and parameters.

    Implement `generate_params()`, `create_link(initializers)`, `generate_inputs()` and
    `forward_expected(link, inputs)`; set `param_names` to the parameters whose gradients are
    checked; `forward(link, inputs, device)` defaults to `link(*inputs)`. The options are those of
    :class:`FunctionTestBase` (no double backward). The link may be any object with the interface
    of :class:`chainer.Link` used here: `to_device(device)`, the parameters as attributes
    (:class:`chainer.Parameter`), and a call.
    """

    def forward_expected(self, link, inputs):
        """Computes the expected outputs with NumPy.

        Args:
            link: The link on the CPU (its parameters hold NumPy arrays).
            inputs (tuple of numpy.ndarray): Copies of the inputs.

        Returns:
            tuple of numpy.ndarray: The expected outputs.
        """
        raise NotImplementedError('forward_expected must be implemented')

    def test_forward(self, backend_config=None):
        """Forward on the backend equals forward_expected."""
        self._start('test_forward', backend_config)
        inputs = self._generate_inputs()
        link = self.create_link(self._generate_params())
        expected = self._arrays(
            self.forward_expected(link, tuple(x.copy() for x in inputs)), 'forward_expected')
        link.to_device(backend_config.device)
        self._check_forward(self._forward_function(backend_config, link), inputs, expected,
                            backend_config)

    def test_backward(self, backend_config=None):
        """The gradients of inputs and of the parameters in param_names agree numerically."""
        self._start('test_backward', backend_config)

        def check(detect_nondifferentiable):
            inputs = self._generate_inputs()
            link = self._create_link(self._generate_params(), backend_config)
            f = self._forward_function(backend_config, link)
            grad_outputs = self._grad_outputs(f, inputs, backend_config)
            gradient_check.check_backward(
                f, self._to_device(inputs, backend_config),
                self._to_device(grad_outputs, backend_config), params=self._params(link),
                detect_nondifferentiable=detect_nondifferentiable,
                **self._options(self.check_backward_options))

        self._check_gradients(check, 'test_backward')


class LinkInitializersTestCase(_LinkTestBase, unittest.TestCase):
    """A test case template for the initializers a link accepts.

    Implement `generate_params()`, `create_link(initializers)`, `param_names` (the i-th parameter
    is initialized by the i-th initializer) and `get_initializers()`. `test_initializers` creates
    the link once per candidate initializer (the other parameters keep those of
    `generate_params()`), moves it to the backend's device and checks the parameter: its device,
    the initializer's dtype if it has one, and its values wherever the initializer is
    deterministic (arrays, scalars, constant initializers).
    """

    def get_initializers(self):
        """Returns the candidate initializers: a tuple of lists, one per parameter."""
        raise NotImplementedError('get_initializers must be implemented')

    def test_initializers(self, backend_config=None):
        """Each candidate initializer initializes its parameter as expected on the device."""
        self._start('test_initializers', backend_config)
        defaults = self._generate_params()
        candidates = self.get_initializers()
        self._error.check(len(candidates) == len(defaults) == len(self.param_names), (
            'get_initializers, generate_params and param_names must have one entry per '
            'parameter; they have {}, {} and {}'.format(
                len(candidates), len(defaults), len(self.param_names))))
        for i, initializers in enumerate(candidates):
            for initializer in initializers:
                params = list(defaults)
                params[i] = initializer
                link = self._create_link(tuple(params), backend_config)
                self._check_initialized(
                    self.param_names[i], self._params(link)[i], initializer, backend_config)

    def _check_initialized(self, name, param, initializer, backend_config):
        what = 'parameter {!r} initialized with {!r}'.format(name, initializer)
        self._error.check(param.array is not None, '{} is not initialized'.format(what))
        device = chainer.backend.get_device_from_array(param.array)
        self._error.check(device == backend_config.device, '{} is on {}, not on {}'.format(
            what, device, backend_config.device))
        dtype = getattr(initializer, 'dtype', None)
        self._error.check(dtype is None or param.dtype == numpy.dtype(dtype), (
            '{} has dtype {}'.format(what, param.dtype)))
        expected = _deterministic_value(initializer, param.shape, param.dtype)
        if expected is not None:
            try:
                array_module.assert_allclose(param.array, expected, atol=0, rtol=0)
            except AssertionError as e:
                self._error.fail('{} has the wrong values'.format(what), e)


def _deterministic_value(initializer, shape, dtype):
    """The value the initializer gives an array, or None if that is random or by default."""
    if initializer is None:
        return None
    if not callable(initializer):
        return numpy.broadcast_to(numpy.asarray(initializer, dtype), shape)
    values = []
    for seed in (0, 1):
        array = numpy.empty(shape, dtype)
        with random_module._fixed_random(seed):
            initializer(array)
        values.append(array)
    if numpy.array_equal(values[0], values[1], equal_nan=True):
        return values[0]
    return None
