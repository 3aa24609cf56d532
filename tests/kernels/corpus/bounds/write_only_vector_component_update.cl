// `out[i].y += 1` reads the component before it stores it: a read of a CL_MEM_WRITE_ONLY
// buffer (OpenCL 1.2 §5.2.1), unlike a store of the component alone.
// run: kernel=bump global=32 local=32
// arg 0: buffer int4 32 init=zero write_only

kernel void bump(global int4* out) {
  size_t i = get_global_id(0);
  out[i].y += 1;  // expect: write-only-read
}
