// SVM allocations as kernel arguments (OpenCL 2.2 §5.6.1, §5.9.2): a coarse-grain one filled by
// clEnqueueSVMMemcpy, a fine-grain one written by the host, a third written by the first launch
// and read by the second. No finding; the same bytes as PoCL.
// run: kernel=saxpy global=64 local=16
// run: kernel=accumulate global=64 local=16 args=2,1
// arg 0: svm float 64 init=random
// arg 1: svm float 64 init=random fine
// arg 2: svm float 64 init=none
// compare: pocl

kernel void saxpy(global const float* x, global const float* y, global float* out) {
  size_t i = get_global_id(0);
  out[i] = 2.0f * x[i] + y[i];
}

kernel void accumulate(global const float* partial, global float* total) {
  size_t i = get_global_id(0);
  total[i] += partial[i];
}
