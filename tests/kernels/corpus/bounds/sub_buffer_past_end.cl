// A sub-buffer read one element past its end: the bytes belong to the parent buffer, but not
// to the sub-buffer the kernel was given (OpenCL 1.2 §5.2.1).
// run: kernel=past_sub global=64 local=64
// arg 0: sub-buffer float 64 at=256 of=1024 init=iota
// arg 1: buffer float 64 init=zero

kernel void past_sub(global const float* part, global float* out) {
  size_t i = get_global_id(0);
  out[i] = part[i] + part[i + 1];  // expect: out-of-bounds
}
