"""Links of multi-process networks: model-parallel chains and batch normalization over ranks."""

from chainermn.links.multi_node_chain_list import MultiNodeChainList  # NOQA
from chainermn.links.batch_normalization import MultiNodeBatchNormalization  # NOQA
from chainermn.links.batch_normalization import create_mnbn_model  # NOQA
