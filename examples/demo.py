"""A tour of the first ChainerX slice: devices, array creation, NumPy interop and autograd.

Run with `bazel run //examples:demo`. (The README's main job, tools/demo.sh, now trains
examples/mnist/train_mlp.py instead.)
"""

import numpy

import chainerx as chx


def main():
    print('default device:', chx.get_default_device())

    x = chx.ones((2, 3), dtype=chx.float32)
    print('x =', x)

    # Differentiate y = sum((x + 1) * w) with respect to both operands.
    a = (x + 1).require_grad()
    w = chx.array(numpy.arange(3, dtype=numpy.float32)).require_grad()
    y = (a * w).sum()
    y.backward()
    print('y =', y)
    print('dy/da =', a.grad)
    print('dy/dw =', w.grad)

    # Double backprop: the gradient of sum(z^3) is 3z^2, whose gradient is 6z.
    z = chx.array([1.0, 2.0, 3.0]).require_grad()
    (z * z * z).sum().backward(enable_double_backprop=True)
    gz = z.grad
    z.cleargrad()
    gz.sum().backward()
    print('d/dz sum(3 z^2) =', z.grad)

    # Arrays live on devices; native:1 is a second CPU device.
    with chx.using_device('native:1'):
        b = chx.arange(4)
    print('b on', b.device, '->', chx.to_numpy(b.to_device('native:0') * 2))

    try:
        x + chx.ones((3, 2))
    except chx.DimensionError as e:
        print('bad input raises chainerx.DimensionError:', e)


if __name__ == '__main__':
    main()
