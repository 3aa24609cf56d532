// A __local array read one past its end by the last work-item, even though another __local
// array is declared right after it.
// run: kernel=two_tiles global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: buffer int 32 init=zero

kernel void two_tiles(global const int* in, global int* out) {
  local int first[32];
  local int second[32];
  size_t lid = get_local_id(0);
  first[lid] = in[lid];
  second[lid] = -in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = first[lid + 1] + second[lid];  // expect: out-of-bounds
}
