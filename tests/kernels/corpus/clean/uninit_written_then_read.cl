// A buffer created without host data is written by each work-item before it reads it back:
// nothing uninitialised is read.
// run: kernel=write_then_read global=64 local=16
// arg 0: buffer int 64 init=none
// arg 1: buffer int 64 init=none

kernel void write_then_read(global int* scratch, global int* out) {
  size_t i = get_global_id(0);
  scratch[i] = (int)i * 2;
  out[i] = scratch[i] + 1;
}
