"""Links of model-parallel networks."""

from chainermn.links.multi_node_chain_list import MultiNodeChainList  # NOQA
