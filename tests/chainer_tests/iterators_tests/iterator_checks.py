"""Shared by the iterator tests: the three iterator kinds, and serializers backed by a dict."""

import numpy

from chainer import iterators


def make_iterator(kind, dataset, batch_size, **kwargs):
    """An iterator of `kind` ('serial', 'thread' or 'process') with few workers."""
    if kind == 'serial':
        return iterators.SerialIterator(dataset, batch_size, **kwargs)
    if kind == 'thread':
        return iterators.MultithreadIterator(dataset, batch_size, n_threads=2, **kwargs)
    return iterators.MultiprocessIterator(dataset, batch_size, n_processes=2, **kwargs)


KINDS = ['serial', 'thread', 'process']


class DictSaver:
    """Saves values into nested dicts, as chainer.serializers.DictionarySerializer does."""

    def __init__(self, target=None):
        self.target = {} if target is None else target

    def __getitem__(self, key):
        return DictSaver(self.target.setdefault(key, {}))

    def __call__(self, key, value):
        self.target[key] = numpy.array(value) if isinstance(value, numpy.ndarray) else value
        return value


class DictLoader:
    """Loads from nested dicts: arrays are copied in place, other values returned (KeyError if
    missing), as chainer.serializers.NpzDeserializer does."""

    def __init__(self, source):
        self.source = source

    def __getitem__(self, key):
        return DictLoader(self.source[key])

    def __call__(self, key, value):
        loaded = self.source[key]
        if isinstance(value, numpy.ndarray):
            numpy.copyto(value, loaded)
            return value
        return loaded


class ReverseOrderSampler(iterators.OrderSampler):
    """A deterministic sampler: each epoch visits the previous order backwards."""

    def __call__(self, current_order, current_position):
        return numpy.asarray(current_order)[::-1].copy()


class WrongLengthSampler(iterators.OrderSampler):
    """Returns an order one element too short on the call number `fail_at` (0-based)."""

    def __init__(self, fail_at):
        self.fail_at = fail_at
        self.calls = 0

    def __call__(self, current_order, current_position):
        self.calls += 1
        if self.calls - 1 == self.fail_at:
            return numpy.arange(len(current_order) - 1)
        return numpy.arange(len(current_order))
