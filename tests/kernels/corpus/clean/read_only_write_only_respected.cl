// Reads only from the CL_MEM_READ_ONLY buffer, writes only to the CL_MEM_WRITE_ONLY one.
// run: kernel=respect global=64 local=64
// arg 0: buffer int 64 init=iota read_only
// arg 1: buffer int 64 init=none write_only

kernel void respect(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  out[i] = in[i] ^ 0x55;
}
