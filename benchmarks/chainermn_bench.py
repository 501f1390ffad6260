"""ChainerMN benchmarks, run under mpiexec: allreduce cost and data-parallel scaling.

    mpiexec -n 2 python benchmarks/chainermn_bench.py allreduce
    mpiexec -n 1 python benchmarks/chainermn_bench.py step --framework chainer   # then -n 2
    mpiexec -n 1 python benchmarks/chainermn_bench.py step --framework torch     # then -n 2

``allreduce``: the median time of summing 10^6 and 10^7 float32 over the processes, with
``comm.allreduce`` on chainerx arrays (a new result array each call, the shape check included) and
with ``comm.multi_node_mean_grad`` on a one-parameter link (in place), against mpi4py's own
``Allreduce`` on NumPy buffers (receive buffer allocated once, outside the timing) in the same run.

``step``: the median time of one training step of the 784-1000-1000-10 MLP at a fixed batch per
process (``--batch``), with ChainerMN's multi-node optimizer (Chainer on chainerx, the default
overlapped buckets) or PyTorch DistributedDataParallel on gloo. With a fixed per-process batch the
ideal step time does not change with the process count: scaling efficiency = t(1) / t(N).
Every process runs its kernels on one thread (``--threads``).
"""

import argparse
import json
import os
import sys
import time


def _median_time(fn, barrier, repeat, inner):
    times = []
    for _ in range(repeat):
        barrier()
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - start) / inner)
    times.sort()
    return times[len(times) // 2]


def bench_allreduce(args):
    import numpy
    from mpi4py import MPI
    import chainer
    import chainerx
    import chainermn

    comm = chainermn.create_communicator('flat')
    world = MPI.COMM_WORLD
    results = []
    for n in (10 ** 6, 10 ** 7):
        inner = 20 if n == 10 ** 6 else 3
        send = numpy.ones(n, numpy.float32)
        recv = numpy.empty_like(send)
        x = chainerx.ones((n,), chainerx.float32)
        link = chainer.Link()
        with link.init_scope():
            link.p = chainer.Parameter(chainerx.zeros((n,), chainerx.float32))
        link.p.grad = chainerx.ones((n,), chainerx.float32)
        cases = {
            'mpi4py Allreduce (numpy)': lambda: world.Allreduce(send, recv, MPI.SUM),
            'chainermn allreduce (chainerx)': lambda: comm.allreduce(x),
            'chainermn multi_node_mean_grad': lambda: comm.multi_node_mean_grad(link),
        }
        row = {'n': n}
        for name, fn in cases.items():
            fn()
            row[name] = _median_time(fn, world.Barrier, args.repeat, inner)
        results.append(row)
    if comm.rank == 0:
        print('allreduce over {} processes, median ms (ratio to mpi4py)'.format(comm.size))
        for row in results:
            base = row['mpi4py Allreduce (numpy)']
            print('  n={:>9,}: '.format(row['n']) + ', '.join(
                '{} {:.3f} ({:.2f}x)'.format(k, v * 1e3, v / base)
                for k, v in row.items() if k != 'n'))
    return results


def _chainer_step(args, rank, size):
    import numpy
    import chainer
    import chainer.functions as F
    import chainer.links as L
    import chainermn

    comm = chainermn.create_communicator('flat')
    numpy.random.seed(0)
    model = chainer.Sequential(L.Linear(784, 1000), F.relu, L.Linear(1000, 1000), F.relu,
                               L.Linear(1000, 10))
    model.to_device('native:0')
    bucket_bytes = None if args.bucket_bytes < 0 else args.bucket_bytes
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(0.01), comm,
                                                      bucket_bytes=bucket_bytes)
    optimizer.setup(model)
    rng = numpy.random.RandomState(rank)
    device = chainer.get_device('native:0')
    x = device.send(rng.rand(args.batch, 784).astype(numpy.float32))
    t = device.send(rng.randint(0, 10, args.batch).astype(numpy.int32))

    def step():
        optimizer.update(lambda: F.softmax_cross_entropy(model(x), t))
    return step, comm.mpi_comm.Barrier


def _torch_step(args, rank, size):
    import torch
    import torch.distributed as dist
    import torch.nn as nn
    from mpi4py import MPI

    torch.set_num_threads(args.threads)
    dist.init_process_group('gloo', init_method='tcp://127.0.0.1:{}'.format(args.port),
                            rank=rank, world_size=size)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(784, 1000), nn.ReLU(), nn.Linear(1000, 1000), nn.ReLU(),
                          nn.Linear(1000, 10))
    ddp = nn.parallel.DistributedDataParallel(model)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.01)
    generator = torch.Generator().manual_seed(rank)
    x = torch.rand(args.batch, 784, generator=generator)
    t = torch.randint(0, 10, (args.batch,), generator=generator)

    def step():
        optimizer.zero_grad()
        nn.functional.cross_entropy(ddp(x), t).backward()
        optimizer.step()
    return step, MPI.COMM_WORLD.Barrier


def bench_step(args):
    from mpi4py import MPI
    rank, size = MPI.COMM_WORLD.Get_rank(), MPI.COMM_WORLD.Get_size()
    if args.framework == 'chainer':
        import chainerx
        chainerx._core._set_num_threads(args.threads)
        step, barrier = _chainer_step(args, rank, size)
    else:
        step, barrier = _torch_step(args, rank, size)
    for _ in range(3):
        step()
    seconds = _median_time(step, barrier, args.repeat, 5)
    seconds = MPI.COMM_WORLD.allreduce(seconds, op=MPI.MAX)
    if rank == 0:
        print('{} step, 784-1000-1000-10, batch {} per process, {} process(es){}: {:.2f} ms'.format(
            args.framework, args.batch, size,
            ', bucket_bytes {}'.format(args.bucket_bytes) if args.framework == 'chainer' else '',
            seconds * 1e3))
    return {'framework': args.framework, 'processes': size, 'batch': args.batch,
            'seconds': seconds}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('what', choices=('allreduce', 'step'))
    parser.add_argument('--framework', choices=('chainer', 'torch'), default='chainer')
    parser.add_argument('--batch', type=int, default=64)
    parser.add_argument('--threads', type=int, default=1)
    parser.add_argument('--repeat', type=int, default=15)
    parser.add_argument('--port', type=int, default=29511)
    parser.add_argument('--bucket-bytes', type=int, default=4 * 1024 * 1024,
                        help='chainer: bytes per overlapped bucket; -1: one blocking allreduce')
    parser.add_argument('--json', help='rank 0 appends its result to this file (JSON lines)')
    args = parser.parse_args(argv)
    for var in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'):
        os.environ[var] = str(args.threads)
    result = bench_allreduce(args) if args.what == 'allreduce' else bench_step(args)
    from mpi4py import MPI
    if args.json and MPI.COMM_WORLD.Get_rank() == 0:
        with open(args.json, 'a') as f:
            f.write(json.dumps(result) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
