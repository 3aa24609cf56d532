// Half precision in a SPIR-V module (tests/kernels/half_test.cpp's SpirvHalf): made at build time
// by Clang for spir64 and the LLVM/SPIR-V translator, which writes the half type (OpTypeFloat 16),
// half arithmetic, conversions and OpenCL.std instructions on half.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void half_ops(global const half* a, global const half* b, global half* out,
                     global float* widened) {
  size_t i = get_global_id(0);
  half x = a[i], y = b[i];
  out[4 * i + 0] = x * y;
  out[4 * i + 1] = x / y;
  out[4 * i + 2] = sqrt(x);
  out[4 * i + 3] = convert_half_rtz((float)x * 3.0f);
  widened[i] = (float)x + (float)y;
}
