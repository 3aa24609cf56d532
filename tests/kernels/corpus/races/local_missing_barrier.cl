// A __local tile filled and read back reversed with no barrier at all between.
// run: kernel=reverse global=128 local=64
// arg 0: buffer float 128 init=iota
// arg 1: buffer float 128 init=zero

kernel void reverse(global const float* in, global float* out) {
  local float tile[64];
  size_t lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];  // expect: race-read-write
  out[get_global_id(0)] = tile[63 - lid];  // expect: race-read-write
}
