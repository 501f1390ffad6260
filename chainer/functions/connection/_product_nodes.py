"""Base nodes of the functions whose output is linear in each of two inputs x and W (plus a bias).

Note [Product node triples]: for `y = f(x, W) (+ b)`, linear in x and in W (linear, the N-d
convolutions and deconvolutions, local_convolution_2d), the gradients of x and W are again maps
linear in each of their two inputs:
    gx = grad_x(W, gy)        gW = grad_W(x, gy)
and the backward of each of the three maps is made of the other two:
    f       (inputs x, W; output gradient gy):   x <- grad_x(W, gy),   W <- grad_W(x, gy)
    grad_x  (inputs W, gy; output gradient ggx): W <- grad_W(ggx, gy), gy <- f(ggx, W)
    grad_W  (inputs x, gy; output gradient ggW): x <- grad_x(ggW, gy), gy <- f(x, ggW)
(and the bias gets gy summed over its broadcast axes), so gradients of any order exist. A family
defines the three maps once, as methods of a mixin shared by its node classes:
    product(x, W), grad_x(W, gy, x), grad_W(x, gy, W), grad_b(gy)
(Variables in, the gradient Variable out; the third argument of grad_x and grad_W only gives the
shape and dtype of the result), and its nodes derive from the role bases below (`Product`,
`GradX`, `GradW`), which write the backward (and the forward of the gradient nodes: the array
gradient cast to the input's dtype). Every node retains both of its first two inputs.
"""

from chainer import function_node
from chainer.utils import type_check


class _TwoInputNode(function_node.FunctionNode):
    """The backward of a node of Note [Product node triples]: one gradient per requested index."""

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        g, = grad_outputs
        return [self.input_grad(index, a, b, g) for index in indexes]


class Product(_TwoInputNode):
    """`f(x, W) (+ b)`: inputs `(x, W)` or `(x, W, b)` (Note [Product node triples])."""

    def input_grad(self, index, x, W, gy):
        """The gradient of input `index` (x, W or b) from the output gradient gy."""
        if index == 0:
            return self.grad_x(W, gy, x)
        if index == 1:
            return self.grad_W(x, gy, W)
        return self.grad_b(gy)

    def apply_to(self, x, W, b=None):
        """The output Variable of the node applied to `(x, W)`, or to `(x, W, b)` if b is given."""
        return self.apply((x, W) if b is None else (x, W, b))[0]


class _Gradient(_TwoInputNode):
    """Base of GradX and GradW: the array gradient `gradient(a, b)` cast to `grad_dtype`.

    Subclasses set the attribute `grad_dtype` (the dtype of the input whose gradient this is) and
    define `gradient` on arrays; the result may have NumPy's promotion of the input dtypes.
    """

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        return self.gradient(*inputs).astype(self.grad_dtype, copy=False),


class GradX(_Gradient):
    """`grad_x(W, gy)`: the gradient of x of a Product (Note [Product node triples])."""

    def input_grad(self, index, W, gy, ggx):
        """The gradient of input `index` (W or gy) from the output gradient ggx."""
        if index == 0:
            return self.grad_W(ggx, gy, W)
        return self.product(ggx, W)


class GradW(_Gradient):
    """`grad_W(x, gy)`: the gradient of W of a Product (Note [Product node triples])."""

    def input_grad(self, index, x, gy, ggW):
        """The gradient of input `index` (x or gy) from the output gradient ggW."""
        if index == 0:
            return self.grad_x(ggW, gy, x)
        return self.product(x, ggW)


def check_types(in_types, conditions, bias_conditions):
    """The type check of the inputs `(x, W)` or `(x, W, b)` of a Product.

    x and W must be floats and satisfy `conditions(x_type, w_type)` (a sequence of type_check
    conditions, checked in order); b must have x's dtype and satisfy
    `bias_conditions(b_type, x_type, w_type)`.
    """
    n_in = in_types.size()
    type_check.expect(2 <= n_in, n_in <= 3)
    type_check.argname(in_types, ('x', 'W', 'b')[:len(in_types)])
    x_type, w_type = in_types[:2]
    type_check.expect(x_type.dtype.kind == 'f', w_type.dtype.kind == 'f')
    type_check.expect(*conditions(x_type, w_type))
    if type_check.eval(n_in) == 3:
        b_type = in_types[2]
        type_check.expect(b_type.dtype == x_type.dtype, *bias_conditions(b_type, x_type, w_type))
