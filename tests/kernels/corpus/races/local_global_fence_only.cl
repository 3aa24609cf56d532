// The mirror image of a wrong fence: barrier(CLK_GLOBAL_MEM_FENCE) does not order __local
// memory (OpenCL 1.2 §6.12.8), so the tile written before it races with the reads after it.
// run: kernel=global_fence_only global=64 local=32
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero
// arg 2: local 128

kernel void global_fence_only(global const int* in, global int* out, local int* tile) {
  size_t lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];  // expect: race-read-write
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = tile[31 - lid];  // expect: race-read-write
}
