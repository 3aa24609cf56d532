// A sub_group_barrier orders only its own sub-group (OpenCL C 3.0 §6.15.19): each work-item
// writes its __local and global elements and, after a sub_group_barrier, reads the element of
// the work-item 32 places on, which is of the other sub-group of the work-group of 64. The
// writes and the reads of different sub-groups race.
// run: kernel=across global=128 local=64 options=-cl-std=CL3.0
// arg 0: buffer int 128 init=zero
// arg 1: buffer int 128 init=zero

kernel void across(global int* data, global int* out) {
  local int tile[64];
  uint lid = get_local_id(0);
  size_t i = get_global_id(0);
  size_t g = get_group_id(0) * 64;
  tile[lid] = (int)i;  // expect: race-read-write
  data[i] = 2 * (int)i;  // expect: race-read-write
  sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  int other = tile[(lid + 32) % 64];  // expect: race-read-write
  out[i] = other + data[g + (lid + 32) % 64];  // expect: race-read-write
}
