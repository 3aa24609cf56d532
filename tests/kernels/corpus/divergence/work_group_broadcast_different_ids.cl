// Every work-item reaches work_group_broadcast, but each names the work-item to read from by its
// own parity: the local id must be the same for all work-items of the group (OpenCL C 2.0
// §6.13.15), so one call cannot serve them.
// run: kernel=parity global=32 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 32 init=iota

kernel void parity(global int* data) {
  size_t lid = get_local_id(0);
  int v = data[lid];
  data[lid] = work_group_broadcast(v, lid & 1);  // expect: barrier-divergence
}
