// Element-wise sum: one work-item per element, each writing only its own element.
// run: kernel=vector_add global=1024 local=64
// arg 0: buffer float 1024 init=iota read_only
// arg 1: buffer float 1024 init=random read_only
// arg 2: buffer float 1024 init=none write_only

kernel void vector_add(global const float* a, global const float* b, global float* c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}
