// The host passes NULL for a buffer argument (allowed by clSetKernelArg, OpenCL 1.2 §5.7.2)
// and the kernel writes through it.
// run: kernel=through_null global=16 local=16
// arg 0: null

kernel void through_null(global int* out) {
  out[get_global_id(0)] = 1;  // expect: null-access
}
