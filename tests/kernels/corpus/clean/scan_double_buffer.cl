// Inclusive scan with two __local buffers swapped each step: one barrier per step suffices.
// run: kernel=scan2 global=32 local=32
// arg 0: buffer float 32 init=random
// arg 1: buffer float 32 init=none

kernel void scan2(global const float* in, global float* out) {
  local float buf[2][32];
  size_t lid = get_local_id(0);
  int from = 0;
  buf[0][lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t offset = 1; offset < 32; offset <<= 1) {
    float v = buf[from][lid];
    if (lid >= offset) v += buf[from][lid - offset];
    buf[1 - from][lid] = v;
    from = 1 - from;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[lid] = buf[from][lid];
}
