// CHAINERX_HOST_DEVICE marks scalar formulas that compile both for the host and, under nvcc, for the GPU.
#pragma once

#if defined(__CUDACC__)
#define CHAINERX_HOST_DEVICE __host__ __device__
#else
#define CHAINERX_HOST_DEVICE
#endif
