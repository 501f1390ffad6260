"""unchain_variables: frees the computational graphs held by the reported observation."""

import chainerx

from chainer import variable
from chainer.training import extension


@extension.make_extension(trigger=(1, 'iteration'), priority=extension.PRIORITY_READER - 1)
def unchain_variables(trainer):
    """Trainer extension that releases the graphs behind the Variables of the observation.

    A reported Variable keeps its whole computational graph (and its arrays) alive until the
    observation is dropped. This extension runs after the readers (LogReport, ...) of each
    iteration and unchains the Python graph of every Variable in ``trainer.observation``; a
    chainerx Variable, whose graph lives in C++ and cannot be cut in place, is replaced in the
    observation by a Variable over the same data without a graph, which drops the reference.
    """
    observation = trainer.observation
    for key, value in list(observation.items()):
        if not isinstance(value, variable.Variable):
            continue
        if isinstance(value.array, chainerx.ndarray):
            observation[key] = variable.Variable(value.array, requires_grad=False)
        else:
            value.unchain_backward()
