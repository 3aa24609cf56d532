// The fence flags of a barrier differ between work-groups but not within one: odd groups fence
// global memory too. Every work-item of a group executes the same barrier (OpenCL 1.2 §6.12.8).
// run: kernel=group_fences global=64 local=16
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero
// compare: pocl

kernel void group_fences(global const int* in, global int* out) {
  local int tile[16];
  size_t lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];
  barrier((get_group_id(0) & 1) ? CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE
                                : CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[15 - lid];
}
