"""Differentiable communication for model-parallel networks."""
