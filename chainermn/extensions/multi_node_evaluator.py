"""create_multi_node_evaluator: an Evaluator whose results are averaged over the ranks."""

import numpy

from chainer import backend


def _to_host(value):
    if isinstance(value, (int, float)):
        return value
    return backend.CpuDevice().send(value) if hasattr(value, 'shape') else value


def create_multi_node_evaluator(actual_evaluator, communicator):
    """Makes `actual_evaluator` report the mean over all ranks of each observation.

    Each rank evaluates its own part of the validation set (for example one made by
    :func:`chainermn.scatter_dataset`); the evaluator's ``evaluate()`` then returns, on every
    rank, the mean over the ranks of every reported value (summed in rank order, so all ranks get
    identical numbers). The ranks must report the same keys.

    Returns:
        `actual_evaluator`, changed in place.
    """
    original_evaluate = actual_evaluator.evaluate

    def evaluate():
        local = original_evaluate()
        names = sorted(local)
        values = [numpy.asarray(_to_host(local[name]), dtype=numpy.float64) for name in names]
        gathered = communicator.allgather_obj((names, values))
        if any(other_names != names for other_names, _ in gathered):
            raise ValueError('multi-node evaluator: the ranks reported different values: {}'.format(
                '; '.join('rank {}: {}'.format(r, n) for r, (n, _) in enumerate(gathered))))
        result = {}
        for k, name in enumerate(names):
            total = gathered[0][1][k]
            for _, other_values in gathered[1:]:
                total = total + other_values[k]  # in rank order: identical on every rank
            mean = total / communicator.size
            result[name] = float(mean) if mean.ndim == 0 else mean
        return result

    actual_evaluator.evaluate = evaluate
    return actual_evaluator
