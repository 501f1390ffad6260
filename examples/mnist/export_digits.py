"""Build tool: writes scikit-learn's 8x8 digits as IDX files for the C++ example.

    export_digits.py OUT_DIR

OUT_DIR receives the four files of MNIST's layout (train-images-idx3-ubyte, train-labels-idx1-ubyte,
t10k-images-idx3-ubyte, t10k-labels-idx1-ubyte) holding the train/test split of
``datasets.load_digits``, so the C++ and Python examples see the same samples. The C++ example thus
needs no Python at run time. Images are stored as IDX float32 (type 0x0D) already scaled to [0, 1],
which keeps the pixel values exact (they are 0..16 / 16); labels as uint8 (0x08).
"""

import os
import sys

import numpy

import datasets

_IDX_TYPE_CODES = {numpy.dtype(numpy.uint8): 0x08, numpy.dtype('>f4'): 0x0D}


def write_idx(path, array):
    """IDX: two zero bytes, the type code, the rank, big-endian int32 dims, big-endian elements."""
    header = bytes([0, 0, _IDX_TYPE_CODES[array.dtype], array.ndim])
    header += numpy.array(array.shape, '>i4').tobytes()
    with open(path, 'wb') as f:
        f.write(header + array.tobytes())


def main(out_dir):
    data = datasets.load_digits()
    rows, cols = data.image_shape
    os.makedirs(out_dir, exist_ok=True)
    for prefix, x, t in (('train', data.x_train, data.t_train), ('t10k', data.x_test, data.t_test)):
        images = x.reshape(-1, rows, cols).astype('>f4')
        write_idx(os.path.join(out_dir, prefix + '-images-idx3-ubyte'), images)
        write_idx(os.path.join(out_dir, prefix + '-labels-idx1-ubyte'), t.astype(numpy.uint8))


if __name__ == '__main__':
    main(sys.argv[1])
