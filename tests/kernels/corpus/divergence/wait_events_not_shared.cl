// Two copies started by everybody, then each work-item waits for a different one first:
// wait_group_events must be encountered with the same event list by the whole group
// (OpenCL 1.2 §6.12.10).
// run: kernel=crossed_waits global=32 local=32
// arg 0: buffer float 64 init=iota
// arg 1: buffer float 32 init=zero

kernel void crossed_waits(global const float* in, global float* out) {
  local float a[32];
  local float b[32];
  size_t lid = get_local_id(0);
  event_t e[2];
  e[0] = async_work_group_copy(a, in, 32, 0);
  e[1] = async_work_group_copy(b, in + 32, 32, 0);
  wait_group_events(1, &e[lid & 1]);  // expect: barrier-divergence
  wait_group_events(1, &e[1 - (lid & 1)]);  // expect: barrier-divergence
  out[lid] = a[lid] + b[lid];
}
