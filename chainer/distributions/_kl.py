"""The Kullback-Leibler divergence registry: register_kl, kl_divergence and cross_entropy."""

_KL_DIVERGENCES = {}


def register_kl(Dist1, Dist2):
    """Decorator that registers the KL divergence of a pair of distribution classes.

    Args:
        Dist1 (type): The class of the first argument of the divergence.
        Dist2 (type): The class of the second.

    Returns:
        A decorator of a function ``kl(dist1, dist2)`` returning ``KL(dist1 || dist2)``; it
        registers the function and returns it unchanged.

    Example:
        >>> @register_kl(MyDist, MyDist)  # doctest: +SKIP
        ... def _kl_mine(dist1, dist2):
        ...     return ...
    """
    def register(kl):
        _KL_DIVERGENCES[Dist1, Dist2] = kl
        return kl
    return register


def _lookup(type1, type2):
    # The exact pair first; else the registered pair of base classes nearest to the two types
    # (the least total depth in their method resolution orders), so that subclasses inherit.
    best = None
    for depth1, base1 in enumerate(type1.__mro__):
        for depth2, base2 in enumerate(type2.__mro__):
            kl = _KL_DIVERGENCES.get((base1, base2))
            if kl is not None and (best is None or depth1 + depth2 < best[0]):
                best = depth1 + depth2, kl
    return None if best is None else best[1]


def kl_divergence(dist1, dist2):
    """The Kullback-Leibler divergence ``KL(dist1 || dist2)``.

    Args:
        dist1 (~chainer.Distribution): The first distribution.
        dist2 (~chainer.Distribution): The second, with the same batch shape.

    Returns:
        ~chainer.Variable: The divergences, of shape ``dist1.batch_shape``.

    Raises:
        NotImplementedError: No divergence is registered for the pair of classes.
    """
    kl = _lookup(type(dist1), type(dist2))
    if kl is None:
        raise NotImplementedError('No KL divergence is registered for {} and {}.'.format(
            type(dist1).__name__, type(dist2).__name__))
    return kl(dist1, dist2)


def cross_entropy(dist1, dist2):
    """The cross entropy ``H(dist1, dist2) = H(dist1) + KL(dist1 || dist2)``.

    Args:
        dist1 (~chainer.Distribution): The first distribution.
        dist2 (~chainer.Distribution): The second, with the same batch shape.

    Returns:
        ~chainer.Variable: The cross entropies, of shape ``dist1.batch_shape``.

    Raises:
        NotImplementedError: No KL divergence is registered for the pair of classes.
    """
    return dist1.entropy + kl_divergence(dist1, dist2)
