"""F.einsum: numpy.einsum semantics (string form), gradients incl. diagonals, errors."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array

# (subscripts, operand shapes)
SUBSCRIPTS = [
    ('ij,jk->ik', ((3, 4), (4, 2))),
    ('ij,jk', ((3, 4), (4, 2))),                   # implicit output
    ('ij->ji', ((3, 4),)),
    ('ij->', ((3, 4),)),
    ('ii->i', ((3, 3),)),                          # diagonal
    ('ii', ((3, 3),)),                             # trace
    ('iij->ji', ((2, 2, 3),)),
    ('i,j->ij', ((3,), (2,))),
    ('ij,j,k->ik', ((2, 3), (3,), (2,))),
    ('...ij,...jk->...ik', ((2, 3, 4), (4, 2))),   # ellipsis broadcasting
    ('...i,...i', ((2, 1, 3), (4, 3))),
    ('bA,Ab->', ((2, 3), (3, 2))),
    ('ij,ij->ij', ((1, 3), (2, 3))),               # a length-1 axis broadcasts
    (',i->i', ((), (3,))),
    ('ij,jk->ik', ((2, 0), (0, 3))),
]
ROWS = [(check.Case(subscripts, lambda *xs, s=subscripts: F.einsum(s, *xs),
                    lambda *xs, s=subscripts: numpy.einsum(s, *xs), [(-1.0, 1.0)] * len(shapes)),
         (shapes,))
        for subscripts, shapes in SUBSCRIPTS]


@check.cases_test(reduction.parameters(ROWS))
class TestEinSum(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('subscripts,shapes', [
    ('ij,jk->ik', ((2, 3),)),            # too few operands
    ('ij', ((2, 3, 4),)),                # too many axes for the term
    ('ij->k', ((2, 3),)),                # an output letter in no input
    ('ij->ii', ((2, 2),)),               # a repeated output letter
    ('ii', ((2, 3),)),                   # a diagonal of unequal lengths
    ('ij,jk', ((2, 3), (4, 2))),         # lengths that do not broadcast
    ('i1->i', ((2, 2),)),                # not a letter
    ('...i->i', ((2, 3),)),              # the ellipsis axes need '...' in the output
    ('i->i->i', ((2,),)),
])
def test_subscript_errors(mode, subscripts, shapes):
    with pytest.raises(ValueError):
        F.einsum(subscripts, *[make_array(mode, numpy.ones(s)) for s in shapes])


def test_first_argument_must_be_a_string(mode):
    with pytest.raises(TypeError):
        F.einsum(make_array(mode, numpy.ones(2)), [0])


@pytest.mark.parametrize('dtypes', [(numpy.int32, numpy.int32), (numpy.float32, numpy.float64)])
def test_dtype_errors(mode, dtypes):
    with pytest.raises(type_check.InvalidType):
        F.einsum('i,i', make_array(mode, [1, 2], dtypes[0]), make_array(mode, [1, 2], dtypes[1]))
