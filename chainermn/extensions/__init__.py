"""Trainer extensions for multi-process training."""

from chainermn.extensions.allreduce_persistent import AllreducePersistent  # NOQA
from chainermn.extensions.checkpoint import create_multi_node_checkpointer  # NOQA
from chainermn.extensions.multi_node_evaluator import create_multi_node_evaluator  # NOQA
