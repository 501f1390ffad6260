"""Lists the CUDA kernels of one MLP training step, chainerx's and PyTorch's (and Chainer's with Adam), as a GPU
runs them.

The step is benchmarks/mlp.py's own at 784-1000-1000-10, batch 32: linear layers with ReLU, softmax cross entropy,
backward, and the manual SGD update `p -= lr * p.grad`. PyTorch's profiler records through CUPTI every kernel of
the process, chainerx's included, so the two counts come from the same tool; the emulated backend's count of the
same step is pinned by tests/chainerx_tests/test_cuda_host_waits.py. tools/gpu_check.sh runs this on a lent GPU.
"""

import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'benchmarks'))

import mlp  # NOQA: benchmarks/mlp.py, on the path above

_SIZES = (784, 1000, 1000, 10)
_BATCH = 32


def chainerx_step():
    import chainerx as chx
    values, x, t = mlp._initial_values(_SIZES, _BATCH)
    params = [chx.array(v, device='cuda:0').require_grad() for v in values]
    x, t = chx.array(x, device='cuda:0'), chx.array(t, device='cuda:0')
    return mlp._chainerx_step(chx, params, x, t, mlp._LR), chx.get_device('cuda:0').synchronize


def torch_step():
    import torch
    values, x, t = mlp._initial_values(_SIZES, _BATCH)
    params = [torch.tensor(v, device='cuda:0', requires_grad=True) for v in values]
    x, t = torch.tensor(x, device='cuda:0'), torch.tensor(t, device='cuda:0')
    return mlp._torch_step(torch, params, x, t, mlp._LR), torch.cuda.synchronize


def chainer_adam_step():
    """Chainer's Classifier over the same MLP with Adam: its update is one multi-tensor launch (Note [Batched updates
    of chainerx parameters] in chainer/optimizer.py), and the loss's mean and the accuracy that the Classifier reports
    are one kernel each (Note [One launch per reported number] in chainerx/core/routines/loss.cc)."""
    import chainer
    import chainer.functions as F
    import chainerx as chx
    _, x, t = mlp._initial_values(_SIZES, _BATCH)
    layers = [chainer.links.Linear(n_in, n_out) for n_in, n_out in zip(_SIZES[:-1], _SIZES[1:])]
    model = chainer.links.Classifier(chainer.Sequential(layers[0], F.relu, layers[1], F.relu, layers[2]))
    model.to_device('cuda:0')
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    x, t = chx.array(x, device='cuda:0'), chx.array(t, device='cuda:0')
    return lambda: optimizer.update(model, x, t), chx.get_device('cuda:0').synchronize


def _kernels(make_step):
    """The names of the kernels (and memory operations) that one step runs on the GPU, with their counts."""
    from torch.profiler import ProfilerActivity, profile
    step, synchronize = make_step()
    for _ in range(mlp._WARMUP_STEPS):  # pools, cuBLASLt's heuristics and cuDNN's plans settle
        step()
    synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        step()
        synchronize()
    counts = collections.Counter()
    for event in prof.events():
        if str(getattr(event, 'device_type', '')).endswith('CUDA'):
            counts[event.name] += 1
    return counts


def main():
    status = 0
    for name, make_step in (('chainerx', chainerx_step), ('torch', torch_step), ('chainer_adam', chainer_adam_step)):
        try:
            counts = _kernels(make_step)
        except Exception as error:  # one framework's failure must not hide the other's list
            print('{}: {}: {}'.format(name, type(error).__name__, error))
            status = 1
            continue
        print('== {}: {} GPU operations in one step'.format(name, sum(counts.values())))
        for kernel, count in counts.most_common():
            print('{:4d}  {}'.format(count, kernel[:150]))
    return status


if __name__ == '__main__':
    sys.exit(main())
