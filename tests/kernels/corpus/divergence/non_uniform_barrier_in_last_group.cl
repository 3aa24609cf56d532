// A barrier guarded by the global id: every work-item of the whole groups of 16 passes the
// guard, but the last group of 100 work-items in groups of 16 has 4 (non-uniform work-groups,
// OpenCL 3.0 §5.10), 96..99, and only two of them pass: the barrier is reached by part of that
// group only.
// run: kernel=guarded global=100 local=16 options=-cl-std=CL3.0
// arg 0: buffer int 100 init=iota

kernel void guarded(global int* data) {
  size_t i = get_global_id(0);
  if (i < 98) {
    data[i] += 1;
    barrier(CLK_GLOBAL_MEM_FENCE);  // expect: barrier-divergence
  }
}
