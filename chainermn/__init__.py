"""ChainerMN on ChainerX: data-parallel (and model-parallel) training over MPI processes.

Launch a training script with ``mpiexec -n N python train.py``; in it::

    comm = chainermn.create_communicator()
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.Adam(), comm)
    train = chainermn.scatter_dataset(train, comm, shuffle=True)
    evaluator = chainermn.create_multi_node_evaluator(evaluator, comm)
"""

from chainermn import communicators  # NOQA
from chainermn import datasets  # NOQA
from chainermn import extensions  # NOQA
from chainermn import functions  # NOQA
from chainermn import iterators  # NOQA
from chainermn import links  # NOQA
from chainermn.communicators import create_communicator  # NOQA
from chainermn.datasets import create_empty_dataset  # NOQA
from chainermn.datasets import scatter_dataset  # NOQA
from chainermn.datasets import scatter_index  # NOQA
from chainermn.extensions import create_multi_node_checkpointer  # NOQA
from chainermn.extensions import create_multi_node_evaluator  # NOQA
from chainermn.iterators import create_multi_node_iterator  # NOQA
from chainermn.iterators import create_synchronized_iterator  # NOQA
from chainermn.optimizers import create_multi_node_optimizer  # NOQA
