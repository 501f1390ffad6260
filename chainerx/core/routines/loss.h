// Loss functions of neural networks and the accuracy metric. Losses are unreduced (one value per element or per
// sample; the caller sums or averages) and compose differentiable routines (softmax cross entropy's forward is one
// kernel, its backward routines), so they are differentiable to any order in their float inputs. Labels are integer
// arrays and never receive gradients.
//
//     Array loss = Mean(SoftmaxCrossEntropy(Linear(x, w, b), labels));
#pragma once

#include <cstdint>
#include <optional>

#include "chainerx/core/array.h"

namespace chainerx {

// |x1 - x2| elementwise, with the broadcasting and dtype rules of Subtract (DtypeError for bool operands).
Array AbsoluteError(const Array& x1, const Array& x2);

// (x1 - x2)^2 elementwise: Subtract's broadcasting and dtype rules, then Square's, which keeps integer dtypes
// (integers wrap, as in NumPy).
Array SquaredError(const Array& x1, const Array& x2);

// The losses of variational autoencoders, elementwise, computed in the math dtype of their operands (non-float
// inputs give float32), which broadcast (Note [Losses of variational autoencoders] in loss_vae.cc):
// - the KL divergence of N(mean, exp(ln_var)) from N(0, 1): (mean^2 + exp(ln_var) - ln_var - 1) / 2;
// - the negative log-likelihood of data x under Bernoulli distributions of logits y: softplus(y) - x * y (not in
//   the original's API: what F.bernoulli_nll runs on chainerx);
// - the negative log-likelihood of data x under N(mean, exp(ln_var)): (ln_var + log(2 pi)) / 2 + (x - mean)^2 *
//   exp(-ln_var) / 2 (not in the original's API: F.gaussian_nll's).
Array GaussianKlDivergence(const Array& mean, const Array& ln_var);
Array BernoulliNll(const Array& x, const Array& y);
Array GaussianNll(const Array& x, const Array& mean, const Array& ln_var);

// Huber loss of d = x1 - x2 elementwise: where(|d| < delta, d^2 / 2, delta * (|d| - delta / 2)), so its second
// derivative is 1 wherever |d| < delta, d = 0 included. The operands are cast to their math dtypes before
// subtracting (so integers do not wrap) and broadcast.
Array HuberLoss(const Array& x1, const Array& x2, double delta);

// Binary cross entropy of logits x and labels t of the same shape, elementwise:
// log(1 + exp(x)) - x * t, computed without overflow; 0 where t is -1 (ignored). Result in the math dtype of x.
// DimensionError if the shapes differ, DtypeError unless t is an integer array. Label values are not checked (as
// in Chainer): labels other than -1, 0 and 1 enter the formula as they are.
Array SigmoidCrossEntropy(const Array& x, const Array& t);

// Per-sample cross entropy of softmax(x) for logits x of shape (N, K) and labels t of shape (N,):
// -log_softmax(x)[n, t[n]], or 0 where t[n] is -1 (ignored, whatever the row holds). Result of shape (N,) in the
// math dtype of x; one kernel forward (a score of -inf for another class adds nothing), differentiable to any order.
// DimensionError for other ranks or differing N, DtypeError unless t is an integer array, IndexError for labels
// outside [-1, K) on devices the host can read (native; on CUDA such a row's loss and gradients are NaN, see Note
// [Fused softmax cross entropy]).
Array SoftmaxCrossEntropy(const Array& x, const Array& t);

// Unreduced multi-class hinge loss of x (N, K) and labels t (N,): max(0, 1 - x[n, k])^norm where k == t[n],
// max(0, 1 + x[n, k])^norm elsewhere. Result (N, K) in the math dtype of x. Errors as SoftmaxCrossEntropy, but
// labels must be in [0, K), and on a device the host cannot read, a row whose label is out of range is NaN (its
// gradient 0). With norm < 1 the gradient at a zero margin is not finite.
Array Hinge(const Array& x, const Array& t, double norm = 1.0);

// The connectionist temporal classification loss of each sample (not in the original's API: what
// F.connectionist_temporal_classification runs on chainerx): -log p(labels[b, :label_lengths[b]] | x[:input_lengths[b],
// b]), where p sums over every alignment of the labels with the frames the probabilities softmax(x[t, b]) of the units,
// of which `blank` is the blank. x (T, B, K) floating point (float16 computes in float32), labels (B, L), input_lengths
// and label_lengths (B,) int32; the result (B,) has x's dtype. A labelling no alignment produces has a loss of about
// 1e30 (as in Chainer). Three kernels forward and one backward (Note [CTC in kernels] in loss_ctc.cc); x's gradient
// is differentiable again in the output gradient only. DtypeError, DimensionError (also for K = 0), IndexError for a
// blank out of [0, K), DeviceError unless on one device; lengths out of [0, T] and [0, L] and labels out of [0, K)
// raise IndexError where the host reads device memory in place (native; on CUDA the sample's loss is NaN).
Array CtcLoss(const Array& x, const Array& labels, const Array& input_lengths, const Array& label_lengths,
              int64_t blank);

// The fraction of samples whose prediction equals their label, as a 0-d array of y's dtype: the predictions
// argmax(y, axis 1) of scores y (N, K, ...) are reshaped to the shape (N, ...) of the labels t, so y (N, K, 1) fits t
// (N,), y (N, K) fits t (N, 1), and y (N, K, 2, 3) fits t (N, 6). Samples whose label is `ignore_label` are left out
// (0 when none is left, and when there is no sample). One kernel (Note [One launch per reported number] in loss.cc).
// Checks, in this order: DtypeError unless y is floating point, DtypeError unless t is a signed integer array,
// DimensionError unless y.shape[0] == t.shape[0] (and y has a class axis), the reshape is possible and K > 0,
// DeviceError unless both are on one device. Ties predict the first maximum, and NaN is the maximum of its row.
// Records no graph.
Array Accuracy(const Array& y, const Array& t, std::optional<int64_t> ignore_label = std::nullopt);

// The mean of `loss` over its labels, as Chainer's losses normalize: sum(loss) * (1 / max(count, 1)), where count is
// the number of labels of t other than ignore_label and the factor, computed in float64, is rounded to loss's dtype
// before the product. loss is floating point of any shape, t integer labels of loss's shape (DtypeError,
// DimensionError otherwise; DeviceError unless on one device). A 0-d array of loss's dtype, one kernel (Note [One
// launch per reported number] in loss.cc), differentiable in loss to any order: the gradient is gout times the factor
// at every element, ignored ones included (a loss is 0 there by construction, and so is its own gradient).
Array MeanOverLabels(const Array& loss, const Array& t, int64_t ignore_label);

}  // namespace chainerx
