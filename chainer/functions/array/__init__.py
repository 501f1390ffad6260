"""chainer.functions: the array family (shape manipulation, joining, indexing, copies, casts).

Its public names are listed in `__all__`; `NATIVE` lists those that run natively on chainerx-backed
Variables (see chainer/functions/_native.py): nearly all map onto chainerx routines with their own
backward (Note [Routine nodes] in _routine.py); scatter_add through chainerx._indexing.scatter_add.

Importing a function here binds its name in this package, over the submodule of the same name
(`chainer.functions.array.reshape` becomes the function), so other modules import a function from
its module (`from chainer.functions.array.reshape import reshape`), never a submodule from this
package; inside an import cycle, where the name is not defined yet, they take the module from
`importlib.import_module` (chainer/functions/math/sum.py).
"""

from chainer.functions.array.as_strided import as_strided  # NOQA
from chainer.functions.array.broadcast import broadcast  # NOQA
from chainer.functions.array.broadcast import broadcast_to  # NOQA
from chainer.functions.array.cast import cast  # NOQA
from chainer.functions.array.concat import concat  # NOQA
from chainer.functions.array.copy import copy  # NOQA
from chainer.functions.array.depth2space import depth2space  # NOQA
from chainer.functions.array.diagonal import diagonal  # NOQA
from chainer.functions.array.expand_dims import expand_dims  # NOQA
from chainer.functions.array.flatten import flatten  # NOQA
from chainer.functions.array.flip import flip  # NOQA
from chainer.functions.array.flip import fliplr  # NOQA
from chainer.functions.array.flip import flipud  # NOQA
from chainer.functions.array.get_item import get_item  # NOQA
from chainer.functions.array.hstack import dstack  # NOQA
from chainer.functions.array.hstack import hstack  # NOQA
from chainer.functions.array.hstack import vstack  # NOQA
from chainer.functions.array.im2col import im2col  # NOQA
from chainer.functions.array.moveaxis import moveaxis  # NOQA
from chainer.functions.array.pad import pad  # NOQA
from chainer.functions.array.pad_sequence import pad_sequence  # NOQA
from chainer.functions.array.permutate import permutate  # NOQA
from chainer.functions.array.repeat import repeat  # NOQA
from chainer.functions.array.reshape import reshape  # NOQA
from chainer.functions.array.resize_images import resize_images  # NOQA
from chainer.functions.array.rollaxis import rollaxis  # NOQA
from chainer.functions.array.scatter_add import scatter_add  # NOQA
from chainer.functions.array.select_item import select_item  # NOQA
from chainer.functions.array.space2depth import space2depth  # NOQA
from chainer.functions.array.spatial_transformer_grid import spatial_transformer_grid  # NOQA
from chainer.functions.array.spatial_transformer_sampler import spatial_transformer_sampler  # NOQA
from chainer.functions.array.split_axis import split_axis  # NOQA
from chainer.functions.array.squeeze import squeeze  # NOQA
from chainer.functions.array.stack import separate  # NOQA
from chainer.functions.array.stack import stack  # NOQA
from chainer.functions.array.swapaxes import swapaxes  # NOQA
from chainer.functions.array.tile import tile  # NOQA
from chainer.functions.array.transpose import transpose  # NOQA
from chainer.functions.array.transpose_sequence import transpose_sequence  # NOQA
from chainer.functions.array.where import where  # NOQA

__all__ = [
    'as_strided', 'broadcast', 'broadcast_to', 'cast', 'concat', 'copy', 'depth2space', 'diagonal',
    'dstack', 'expand_dims', 'flatten', 'flip', 'fliplr', 'flipud', 'get_item', 'hstack', 'im2col',
    'moveaxis', 'pad', 'pad_sequence', 'permutate', 'repeat', 'reshape', 'resize_images',
    'rollaxis', 'scatter_add', 'select_item', 'separate', 'space2depth', 'spatial_transformer_grid',
    'spatial_transformer_sampler', 'split_axis', 'squeeze', 'stack', 'swapaxes', 'tile',
    'transpose', 'transpose_sequence', 'vstack', 'where',
]
NATIVE = frozenset(__all__)
