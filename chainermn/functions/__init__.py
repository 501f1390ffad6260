"""Differentiable communication for model-parallel networks.

Point to point: :func:`send` returns a delegate variable, :func:`recv` the variables received;
:func:`pseudo_connect` joins a delegate to other variables so that one backward pass runs both.
Collectives: :func:`bcast`, :func:`gather`, :func:`scatter`, :func:`allgather`, :func:`alltoall`.
Their backward communicates too: see Note [Backward order] in
chainermn/functions/_communication_node.py for how ranks must backprop.
"""

from chainermn.functions.batch_normalization import multi_node_batch_normalization  # NOQA
from chainermn.functions.collective_communication import allgather  # NOQA
from chainermn.functions.collective_communication import alltoall  # NOQA
from chainermn.functions.collective_communication import bcast  # NOQA
from chainermn.functions.collective_communication import gather  # NOQA
from chainermn.functions.collective_communication import scatter  # NOQA
from chainermn.functions.point_to_point_communication import recv  # NOQA
from chainermn.functions.point_to_point_communication import send  # NOQA
from chainermn.functions.pseudo_connect import pseudo_connect  # NOQA
