// A __local tile written and read reversed through generic pointers (OpenCL C 3.0 §6.7.1.1)
// with no barrier between: the race is on __local memory, where the pointers point, reported
// where the accesses are (in the functions the pointers are passed to).
// run: kernel=reverse global=64 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=zero

void put(int* p, int v) { *p = v; }  // expect: race-read-write
int get(const int* p) { return *p; }  // expect: race-read-write

kernel void reverse(global const int* in, global int* out) {
  local int tile[32];
  size_t lid = get_local_id(0);
  put(tile + lid, in[get_global_id(0)]);
  out[get_global_id(0)] = get(tile + 31 - lid);
}
