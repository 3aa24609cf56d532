// An SVM allocation made CL_MEM_READ_ONLY (OpenCL 2.2 §5.6.1, table 5.13: "the SVM buffer will
// be read but not written by the kernel") written by a kernel.
// run: kernel=bump global=8 local=8
// arg 0: svm int 8 init=iota read_only

kernel void bump(global int* data) {
  size_t i = get_global_id(0);
  data[i] += 1;  // expect: read-only-write
}
