// Odd work-items pass CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE to the one barrier call, even
// ones CLK_LOCAL_MEM_FENCE only: every work-item of the group must execute the same barrier
// (OpenCL 1.2 §6.12.8), and one with other flags is another barrier.
// run: kernel=mixed_fences global=64 local=32
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero

kernel void mixed_fences(global const int* in, global int* out) {
  local int tile[32];
  size_t lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];
  barrier((lid & 1) ? CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE);  // expect: barrier-divergence
  out[get_global_id(0)] = tile[31 - lid];
}
