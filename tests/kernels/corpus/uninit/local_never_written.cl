// A __local array that no work-item writes, read after a barrier and stored to global memory.
// run: kernel=forgot_fill global=32 local=32
// arg 0: buffer int 32 init=zero

kernel void forgot_fill(global int* out) {
  local int tile[32];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = tile[31 - get_local_id(0)];  // expect: uninitialised
}
