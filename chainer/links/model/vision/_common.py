"""What the pretrained vision models share: the layer-by-layer forward with `extract` and
`predict`, image preparation, ten-crop oversampling, and the lookup of converted weights."""

# Note [Pretrained weights without the network]
# The original's ``pretrained_model='auto'`` downloads the authors' .caffemodel on first use,
# converts it with chainer.links.caffe.CaffeFunction (which needs protobuf) and caches the result
# as an npz under get_dataset_directory('pfnet/chainer/models/'). We have neither the network
# (users' CI runs offline) nor CaffeFunction, so 'auto' only reads that cache: the npz an original
# installation wrote (or one converted elsewhere and copied there) is used as it is, since the
# child link names and the file names are the original's. A missing file is an IOError that says
# where to put it, raised before any layer is built (building VGG allocates half a gigabyte).

import os

import numpy

import chainer
from chainer import functions
from chainer import link
from chainer.dataset import convert
from chainer.dataset import download
from chainer.utils import argument

try:
    from PIL import Image
    available = True
    _import_error = None
except ImportError as e:
    available = False
    _import_error = e

MODEL_DIRECTORY = 'pfnet/chainer/models/'

_TEST_MESSAGE = 'test argument is not supported anymore. Use chainer.using_config'
_VOLATILE_MESSAGE = 'volatile argument is not supported anymore. Use chainer.using_config'


def _no_conversion_message(source):
    return ('Converting {} to npz needs chainer.links.caffe.CaffeFunction (and protobuf), which '
            "this Chainer does not provide: convert it with the original Chainer (the model's "
            "convert_caffemodel_to_npz, or pretrained_model='auto' there, which caches the npz "
            'in the same dataset directory).'.format(source))


def cached_npz_path(name_npz, source):
    """Returns the path of a converted model in the cache, raising if it is not there.

    Args:
        name_npz (str): The file name, e.g. ``'VGG_ILSVRC_16_layers.npz'``.
        source (str): Where the original weights come from (a URL or a .caffemodel name), for
            the error message.

    Returns:
        str: ``get_dataset_directory('pfnet/chainer/models/')`` joined with `name_npz`.

    Raises:
        IOError: The file does not exist. See Note [Pretrained weights without the network].
    """
    path = os.path.join(download.get_dataset_directory(MODEL_DIRECTORY), name_npz)
    if not os.path.exists(path):
        raise IOError(
            'The pretrained model {} does not exist, and it cannot be downloaded or converted '
            'here. Place the converted npz at that path (or pass its path as pretrained_model). '
            '{}'.format(path, _no_conversion_message(source)))
    return path


def raise_conversion_unavailable(path_caffemodel):
    """Raises the RuntimeError of the ``convert_caffemodel_to_npz`` class methods."""
    raise RuntimeError(_no_conversion_message(path_caffemodel))


def prepare_image(image, size, mean_bgr):
    """Turns an image into a network input, as the original's ``prepare`` functions do.

    The image (a PIL image, or an array of shape ``(h, w)``, ``(1, h, w)``, ``(3, h, w)`` or
    ``(h, w, 3)`` whose values are cast to uint8) becomes RGB, is resized to `size` (PIL's
    ``(width, height)``; None keeps its size), and is returned as a BGR array minus `mean_bgr`.

    Returns:
        numpy.ndarray: Shape ``(3, height, width)``, dtype :func:`chainer.get_dtype`.

    Raises:
        ImportError: Pillow is not installed.
    """
    if not available:
        raise ImportError('PIL cannot be loaded. Install Pillow!\n'
                          'The actual import error is as follows:\n' + str(_import_error))
    dtype = chainer.get_dtype()
    if isinstance(image, numpy.ndarray):
        if image.ndim == 3 and image.shape[0] == 1:
            image = image[0]
        elif image.ndim == 3 and image.shape[0] == 3:
            image = image.transpose(1, 2, 0)
        image = Image.fromarray(image.astype(numpy.uint8))
    image = image.convert('RGB')
    if size:
        image = image.resize(size)
    bgr = numpy.asarray(image, dtype=dtype)[:, :, ::-1] - numpy.asarray(mean_bgr, dtype=dtype)
    return numpy.ascontiguousarray(bgr.transpose(2, 0, 1))


def oversample_images(images, crop_dims):
    """Ten crops of each image: the four corners and the centre, then their mirror images.

    Args:
        images (numpy.ndarray): Shape ``(n, channels, height, width)``.
        crop_dims (tuple of int): ``(crop_height, crop_width)``.

    Returns:
        numpy.ndarray: Shape ``(10 * n, channels, crop_height, crop_width)``; the crops of image
        ``i`` are rows ``10 * i`` to ``10 * i + 9``.
    """
    height, width = images.shape[2:]
    crop_h, crop_w = crop_dims
    tops = (0, 0, height - crop_h, height - crop_h, int(height / 2.0 - crop_h / 2.0))
    lefts = (0, width - crop_w, 0, width - crop_w, int(width / 2.0 - crop_w / 2.0))
    crops = numpy.stack([images[:, :, top:top + crop_h, left:left + crop_w]
                         for top, left in zip(tops, lefts)], axis=1)
    crops = numpy.concatenate((crops, crops[..., ::-1]), axis=1)
    return crops.reshape((-1,) + crops.shape[2:])


class PretrainedLayers(link.Chain):
    """Base of the pretrained models: runs the layers of `functions` in order and keeps those asked.

    Subclasses define the `functions` property (an OrderedDict from layer name to the callables
    that compute it from the previous layer's activation) and the class attributes `_mean_bgr`
    (of their ``prepare``) and `_branches` (a layer computed from an earlier layer's activation
    instead of the previous one's, e.g. GoogLeNet's auxiliary classifiers).
    """

    _mean_bgr = None
    _branches = {}

    @property
    def functions(self):
        """OrderedDict: The layers' names, in order, and the callables computing each one."""
        raise NotImplementedError

    @property
    def available_layers(self):
        """list of str: The names that `forward` accepts in `layers`, in order."""
        return list(self.functions)

    def forward(self, x, layers=None, **kwargs):
        """Computes the activations of the given layers.

        Args:
            x (~chainer.Variable or array): Input images, ``(n, 3, height, width)``, as
                ``prepare`` makes them.
            layers (list of str): Names from `available_layers` (default ``['prob']``). The
                network runs only as far as the last of them needs.

        Returns:
            dict: Each requested name mapped to its activation (a Variable).

        Raises:
            ValueError: A name is not an available layer, or `test` was passed (use
                ``chainer.using_config('train', False)``).
            TypeError: Another keyword argument was passed.
        """
        if kwargs:
            argument.check_unexpected_kwargs(kwargs, test=_TEST_MESSAGE)
            argument.assert_kwargs_empty(kwargs)
        if layers is None:
            layers = ['prob']
        layer_funcs = self.functions
        targets = set(layers)
        # Note [Unknown layer names]: the original ignores them, so a misspelt name (or a string
        # such as 'pool5' instead of a list) runs the whole network and returns a dict without
        # it. We raise a ValueError instead; calls naming only existing layers are unchanged.
        unknown = targets - set(layer_funcs)
        if unknown:
            raise ValueError('Unknown layer(s) {}; the available layers are {}'.format(
                sorted(unknown), list(layer_funcs)))
        sources = set(self._branches.values())
        kept = {}
        activations = {}
        h = x
        for name, funcs in layer_funcs.items():
            if not targets:
                break
            if name in self._branches:
                h = kept[self._branches[name]]
            for func in funcs:
                h = func(h)
            if name in targets:
                activations[name] = h
                targets.remove(name)
            if name in sources:
                kept[name] = h
        return activations

    def extract(self, images, layers=None, size=(224, 224), **kwargs):
        """Prepares the images and returns the activations of the given layers.

        Unlike `predict`, this leaves ``chainer.config.train`` and ``enable_backprop`` as they
        are: use ``chainer.using_config('train', False)`` to extract features for inference.

        Args:
            images (iterable): PIL images or arrays, as ``prepare`` accepts them.
            layers (list of str): Names from `available_layers` (default ``['pool5']``).
            size (tuple of int): The ``(width, height)`` the images are resized to (None: keep
                their sizes, which must then agree).

        Returns:
            dict: Each requested name mapped to its activation, on the model's device.

        Raises:
            ValueError: As `forward`, or `volatile` was passed.
            TypeError: Another keyword argument was passed.
            ImportError: Pillow is not installed.
        """
        if kwargs:
            argument.check_unexpected_kwargs(
                kwargs, test=_TEST_MESSAGE, volatile=_VOLATILE_MESSAGE)
            argument.assert_kwargs_empty(kwargs)
        if layers is None:
            layers = ['pool5']
        x = convert.concat_examples(
            [prepare_image(image, size, self._mean_bgr) for image in images])
        return self.forward(chainer.Variable(self.device.send(x)), layers=layers)

    def predict(self, images, oversample=True):
        """Returns the class probabilities of the images (in test mode, without a graph).

        Each image is resized to 256x256; with `oversample` the probabilities of its ten
        224x224 crops (see :func:`oversample_images`) are averaged, else its central crop is used.

        Returns:
            ~chainer.Variable: Shape ``(len(images), 1000)``.
        """
        x = convert.concat_examples(
            [prepare_image(image, (256, 256), self._mean_bgr) for image in images])
        if oversample:
            x = oversample_images(x, (224, 224))
        else:
            x = x[:, :, 16:240, 16:240]
        with chainer.no_backprop_mode(), chainer.using_config('train', False):
            y = self.forward(chainer.Variable(self.device.send(x)), layers=['prob'])['prob']
            if oversample:
                y = functions.reshape(y, (len(y) // 10, 10) + y.shape[1:])
                y = functions.sum(y, axis=1) / 10
        return y
