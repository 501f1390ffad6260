"""F.selu: the scaled exponential linear unit, scale * elu(x, alpha)."""

from chainer.functions.activation.elu import elu

# The constants that make the activations self-normalising (Klambauer et al., 2017).
_ALPHA = 1.6732632423543772848170429916717
_SCALE = 1.0507009873554804934193349852946


def selu(x, alpha=_ALPHA, scale=_SCALE):
    """Scaled exponential linear unit: ``scale * elu(x, alpha)``.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        alpha (float): Scale of the negative part inside the ELU.
        scale (float): Scale of the whole output.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> F.selu(numpy.array([-1., 0., 1.], numpy.float32)).array
        array([-1.1113307,  0.       ,  1.050701 ], dtype=float32)
    """
    return elu(x, alpha) * float(scale)
