"""chainer.functions: the pooling family (max/average pooling, unpooling, upsampling, pyramids)."""

from chainer.functions.pooling.average_pooling_2d import average_pooling_2d  # NOQA
from chainer.functions.pooling.average_pooling_nd import average_pooling_1d  # NOQA
from chainer.functions.pooling.average_pooling_nd import average_pooling_3d  # NOQA
from chainer.functions.pooling.average_pooling_nd import average_pooling_nd  # NOQA
from chainer.functions.pooling.max_pooling_2d import max_pooling_2d  # NOQA
from chainer.functions.pooling.max_pooling_nd import max_pooling_1d  # NOQA
from chainer.functions.pooling.max_pooling_nd import max_pooling_3d  # NOQA
from chainer.functions.pooling.max_pooling_nd import max_pooling_nd  # NOQA
from chainer.functions.pooling.roi_average_align_2d import roi_average_align_2d  # NOQA
from chainer.functions.pooling.roi_average_pooling_2d import roi_average_pooling_2d  # NOQA
from chainer.functions.pooling.roi_max_align_2d import roi_max_align_2d  # NOQA
from chainer.functions.pooling.roi_max_pooling_2d import roi_max_pooling_2d  # NOQA
from chainer.functions.pooling.roi_pooling_2d import roi_pooling_2d  # NOQA
from chainer.functions.pooling.spatial_pyramid_pooling_2d import spatial_pyramid_pooling_2d  # NOQA
from chainer.functions.pooling.unpooling_2d import unpooling_2d  # NOQA
from chainer.functions.pooling.unpooling_nd import unpooling_1d  # NOQA
from chainer.functions.pooling.unpooling_nd import unpooling_3d  # NOQA
from chainer.functions.pooling.unpooling_nd import unpooling_nd  # NOQA
from chainer.functions.pooling.upsampling_2d import upsampling_2d  # NOQA

__all__ = [
    'average_pooling_1d', 'average_pooling_2d', 'average_pooling_3d', 'average_pooling_nd',
    'max_pooling_1d', 'max_pooling_2d', 'max_pooling_3d', 'max_pooling_nd', 'roi_average_align_2d',
    'roi_average_pooling_2d', 'roi_max_align_2d', 'roi_max_pooling_2d', 'roi_pooling_2d',
    'spatial_pyramid_pooling_2d', 'unpooling_1d', 'unpooling_2d', 'unpooling_3d', 'unpooling_nd',
    'upsampling_2d',
]
# Forward, backward and double backward stay on chainerx (Note [Native window sums] in _window.py);
# upsampling_2d does with chainerx indexes (those of max_pooling_2d on chainerx).
NATIVE = frozenset(__all__)
