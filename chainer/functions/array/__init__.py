"""chainer.functions: the array family (shape manipulation, joining, indexing, copies, casts).

Its public names are listed in `__all__`; `NATIVE` lists those that run natively on chainerx-backed
Variables (see chainer/functions/_native.py): nearly all map onto chainerx routines with their own
backward (Note [Routine nodes] in _routine.py). scatter_add is not native: chainerx has no
differentiable scatter-add, so its forward takes the NumPy fallback.

Importing a function here binds its name in this package, over the submodule of the same name
(`chainer.functions.array.reshape` becomes the function). F.broadcast comes from
chainer/functions/__init__.py instead, so that `chainer.functions.array.broadcast` stays the module
that chainer/functions/math/sum_to.py uses.
"""

from chainer.functions.array.broadcast import broadcast_to  # NOQA
from chainer.functions.array.cast import cast  # NOQA
from chainer.functions.array.concat import concat  # NOQA
from chainer.functions.array.copy import copy  # NOQA
from chainer.functions.array.expand_dims import expand_dims  # NOQA
from chainer.functions.array.flatten import flatten  # NOQA
from chainer.functions.array.flip import flip  # NOQA
from chainer.functions.array.flip import fliplr  # NOQA
from chainer.functions.array.flip import flipud  # NOQA
from chainer.functions.array.get_item import get_item  # NOQA
from chainer.functions.array.hstack import dstack  # NOQA
from chainer.functions.array.hstack import hstack  # NOQA
from chainer.functions.array.hstack import vstack  # NOQA
from chainer.functions.array.moveaxis import moveaxis  # NOQA
from chainer.functions.array.pad import pad  # NOQA
from chainer.functions.array.repeat import repeat  # NOQA
from chainer.functions.array.reshape import reshape  # NOQA
from chainer.functions.array.resize_images import resize_images  # NOQA
from chainer.functions.array.rollaxis import rollaxis  # NOQA
from chainer.functions.array.scatter_add import scatter_add  # NOQA
from chainer.functions.array.select_item import select_item  # NOQA
from chainer.functions.array.split_axis import split_axis  # NOQA
from chainer.functions.array.squeeze import squeeze  # NOQA
from chainer.functions.array.stack import separate  # NOQA
from chainer.functions.array.stack import stack  # NOQA
from chainer.functions.array.swapaxes import swapaxes  # NOQA
from chainer.functions.array.tile import tile  # NOQA
from chainer.functions.array.transpose import transpose  # NOQA
from chainer.functions.array.where import where  # NOQA

__all__ = [
    'broadcast_to', 'cast', 'concat', 'copy', 'dstack', 'expand_dims', 'flatten',
    'flip', 'fliplr', 'flipud', 'get_item', 'hstack', 'moveaxis', 'pad', 'repeat', 'reshape',
    'resize_images', 'rollaxis', 'scatter_add', 'select_item', 'separate', 'split_axis', 'squeeze',
    'stack', 'swapaxes', 'tile', 'transpose', 'vstack', 'where',
]
NATIVE = frozenset(__all__).union({'broadcast'}) - {'scatter_add'}
