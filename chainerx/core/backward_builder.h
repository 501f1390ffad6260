// BackwardBuilder records the backward step of a routine, on every graph where some input requires grad.
//
// Inside a routine, after computing `out`:
//
//     BackwardBuilder bb{"multiply", {x1, x2}, {out}};
//     if (BackwardBuilder::Target bt = bb.CreateTarget(0)) {
//         RetainedInputToken x2_tok = bb.RetainInput(1);
//         bt.Define([x2_tok](BackwardContext& bctx) { bctx.input_grad() = *bctx.output_grad() * bctx.GetRetainedInput(x2_tok); });
//     }
//     bb.Finalize();
//
// Backward functions are written with routines, so they are themselves differentiable (double backprop).
// When no input requires grad, the builder does nothing and costs a scan of the inputs' graph lists.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <vector>

#include "chainerx/core/array.h"
#include "chainerx/core/op_node.h"
#include "chainerx/core/small_vector.h"

namespace chainerx {

class RetainedInputToken {
public:
    explicit RetainedInputToken(size_t index) : index_{index} {}
    size_t index() const { return index_; }

private:
    size_t index_;
};

class RetainedOutputToken {
public:
    explicit RetainedOutputToken(size_t index) : index_{index} {}
    size_t index() const { return index_; }

private:
    size_t index_;
};

class BackwardBuilder {
public:
    // Inline capacities: most routines have at most four inputs and one output (see small_vector.h for why).
    using InputList = SmallVector<ConstArrayRef, 4>;
    using OutputList = SmallVector<ConstArrayRef, 2>;
    using IndexList = SmallVector<size_t, 4>;

    class Target {
    public:
        // False when none of the target inputs requires grad: nothing needs to be defined.
        explicit operator bool() const { return !graphs_.empty(); }
        void Define(BackwardFunction function);

    private:
        friend class BackwardBuilder;
        Target(BackwardBuilder& builder, IndexList input_indices);
        // A target of an inactive builder: no graph (the no-grad path of every routine, kept inline).
        explicit Target(BackwardBuilder& builder) : builder_{&builder} {}

        BackwardBuilder* builder_;
        IndexList input_indices_;
        SmallVector<size_t, 2> graphs_;  // indices into builder_->op_nodes_
    };

    BackwardBuilder(const char* op_name, InputList inputs, OutputList outputs);
    BackwardBuilder(const char* op_name, const Array& input, const Array& output)
        : BackwardBuilder{op_name, InputList{input}, OutputList{output}} {}

    // Whether any input requires grad on any graph (in the current backprop mode).
    bool is_active() const { return !op_nodes_.empty(); }

    Target CreateTarget(size_t input_index) {
        return is_active() ? Target{*this, IndexList{input_index}} : Target{*this};
    }
    Target CreateTarget(IndexList input_indices) {
        return is_active() ? Target{*this, std::move(input_indices)} : Target{*this};
    }
    // A target of all inputs.
    Target CreateTarget();

    RetainedInputToken RetainInput(size_t input_index);
    RetainedOutputToken RetainOutput(size_t output_index);

    // Connects the outputs to the recorded op nodes. Must be called once, after all targets are defined.
    void Finalize();

private:
    const char* op_name_;
    InputList inputs_;
    OutputList outputs_;
    SmallVector<std::shared_ptr<internal::OpNode>, 2> op_nodes_;  // one per graph that needs backward
    SmallVector<bool, 4> retain_inputs_;
    SmallVector<bool, 2> retain_outputs_;
};

}  // namespace chainerx
