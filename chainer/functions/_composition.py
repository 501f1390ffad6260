"""The type check of a function composed of other chainer functions.

Such a function records no node of its own (its pieces do), so nothing runs the original node's
`check_type_forward` for it; `CompositionCheck.run` does, as `FunctionNode.apply` would (the light
mode first, the full check for the message, nothing when `chainer.config.type_check` is off).
"""

from chainer import configuration
from chainer import function_node
from chainer import variable
from chainer.utils import _checks


class CompositionCheck(function_node.FunctionNode):
    """The type check of a composed function: a node that is never applied.

    Subclasses define `check_type_forward` (the original node's; the messages show the node's
    `label`, the class name unless overridden) and may name their inputs in `names`, whose
    arguments must then be Variables or arrays (TypeError otherwise).
    """

    names = ()  # the inputs' names, for the TypeError of an argument that is no array

    def run(self, *inputs):
        """Checks the inputs (Variables or arrays) unless type checks are off; returns their arrays.

        Raises:
            TypeError: A named input is neither a Variable nor an array.
            ~chainer.utils.type_check.InvalidType: An input has a wrong dtype or shape.
        """
        for x, name in zip(inputs, self.names):
            _checks.check_array(x, name)
        arrays = tuple([x.array if isinstance(x, variable.Variable) else x for x in inputs])
        if configuration.config.type_check:
            self._check_data_type_forward(arrays)
        return arrays
