"""Dataset iterators, which yield minibatches, and the order samplers that shuffle them."""

from chainer.iterators.multiprocess_iterator import MultiprocessIterator  # NOQA
from chainer.iterators.multithread_iterator import MultithreadIterator  # NOQA
from chainer.iterators.order_samplers import OrderSampler  # NOQA
from chainer.iterators.order_samplers import ShuffleOrderSampler  # NOQA
from chainer.iterators.serial_iterator import SerialIterator  # NOQA
