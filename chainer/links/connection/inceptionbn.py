"""`chainer.links.InceptionBN`: the Inception module with batch normalization (Inception v2)."""

from chainer import functions
from chainer import link
from chainer.links.connection import convolution_2d


class InceptionBN(link.Chain):
    """Inception module of batch-normalized paths, concatenated along the channels.

    The paths, each convolution followed by batch normalization and ReLU: a 1x1 convolution
    (`out1` channels, omitted if 0); a 1x1 projection (`proj3`) then a 3x3 convolution (`out3`);
    a 1x1 projection (`proj33`) then two 3x3 convolutions (`out33`); a 3x3 pooling, then a 1x1
    projection (`proj_pool`) unless it is None. The 3x3 convolutions and the pooling use
    `stride`.

    Args:
        in_channels (int or None): Input channels.
        out1, proj3, out3, proj33, out33 (int): Channel counts of the paths.
        pooltype (str): ``'max'`` or ``'avg'``.
        proj_pool (int or None): Channels of the pooling path's projection (None: no projection).
        stride (int): Stride of the 3x3 convolutions and the pooling.
        conv_init: Initializer of the kernels.
        dtype: The dtype of the batch normalization parameters.

    Raises:
        ValueError: For an unknown `pooltype`, or an `out1` path with ``stride != 1`` or without
            `proj_pool`.
    """

    def __init__(self, in_channels, out1, proj3, out3, proj33, out33, pooltype, proj_pool=None,
                 stride=1, conv_init=None, dtype=None):
        super().__init__()
        from chainer.links.normalization import batch_normalization
        if pooltype not in ('max', 'avg'):
            raise ValueError("pooltype must be 'max' or 'avg', got {!r}".format(pooltype))
        if out1 > 0 and (stride != 1 or proj_pool is None):
            raise ValueError('the 1x1 path (out1 > 0) needs stride == 1 and a proj_pool')
        self.out1, self.proj_pool, self.stride, self.pooltype = out1, proj_pool, stride, pooltype

        def conv(in_c, out_c, ksize, stride=1):
            return convolution_2d.Convolution2D(
                in_c, out_c, ksize, stride=stride, pad=ksize // 2, nobias=True,
                initialW=conv_init)

        def bn(size):
            return batch_normalization.BatchNormalization(size, dtype=dtype)

        with self.init_scope():
            self.proj3, self.proj3n = conv(in_channels, proj3, 1), bn(proj3)
            self.conv3, self.conv3n = conv(proj3, out3, 3, stride), bn(out3)
            self.proj33, self.proj33n = conv(in_channels, proj33, 1), bn(proj33)
            self.conv33a, self.conv33an = conv(proj33, out33, 3), bn(out33)
            self.conv33b, self.conv33bn = conv(out33, out33, 3, stride), bn(out33)
            if out1 > 0:
                self.conv1, self.conv1n = conv(in_channels, out1, 1), bn(out1)
            if proj_pool is not None:
                self.poolp, self.poolpn = conv(in_channels, proj_pool, 1), bn(proj_pool)

    def forward(self, x):
        """Applies the module to `x` of shape ``(n, in_channels, h, w)``."""
        def path(h, *names):
            for name in names:
                h = functions.relu(self[name + 'n'](self[name](h)))
            return h

        outs = [path(x, 'conv1')] if self.out1 > 0 else []
        outs.append(path(x, 'proj3', 'conv3'))
        outs.append(path(x, 'proj33', 'conv33a', 'conv33b'))
        if self.pooltype == 'max':
            pool = functions.max_pooling_2d(x, 3, stride=self.stride, pad=1, cover_all=False)
        else:
            pool = functions.average_pooling_2d(x, 3, stride=self.stride, pad=1)
        if self.proj_pool is not None:
            pool = path(pool, 'poolp')
        outs.append(pool)
        return functions.concat(outs, axis=1)
